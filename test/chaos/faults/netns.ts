// Separate hosts for tests: one network namespace per node, each with one veth into a bridge that lives in a
// switch namespace of its own (the host's own interfaces are never touched). Addresses are 10.a.b.(i+1)/24.
// Cutting a node's veth at the switch partitions it the way a pulled cable does: no reset, packets just stop.
import { execFileSync } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'

export interface Hosts {
  names: string[]
  addresses: string[]
  /** The command a node's daemon runs under. */
  prefix: (i: number) => string[]
  cut: (i: number) => void
  heal: (i: number) => void
  /**
   * Gives host i a second address on its link whose packets it drops without a word (an nft rule): a stale or
   * firewalled private address, to which a connect hangs rather than being refused. Returns the address.
   */
  silentAddress: (i: number) => string
  cleanup: () => void
}

const SILENT_SUBNET = '10.1.0' // silentAddress(): before every switch subnet (10.100–250.x) as text and as bytes
const ip = (...args: string[]): void => { execFileSync('ip', args, { stdio: 'pipe', timeout: 10_000 }) }

/** Makes `n` hosts on one switch, or says why it cannot (not root, no iproute2, no netns support). */
export function makeHosts (n: number): Hosts | string {
  const tag = randomBytes(3).toString('hex') // unique per run: tests run side by side
  const sw = `aioc-${tag}-sw`
  const names = Array.from({ length: n }, (_, i) => `aioc-${tag}-${i}`)
  const subnet = `10.${randomInt(100, 250)}.${randomInt(1, 250)}`
  const addresses = names.map((_, i) => `${subnet}.${i + 1}`)
  const made: string[] = []
  const cleanup = (): void => {
    for (const ns of made.reverse()) {
      try { ip('netns', 'del', ns) } catch {}
    }
  }
  try {
    ip('netns', 'add', sw)
    made.push(sw)
    ip('-n', sw, 'link', 'add', 'br0', 'type', 'bridge')
    ip('-n', sw, 'link', 'set', 'br0', 'up')
    for (const [i, ns] of names.entries()) {
      ip('netns', 'add', ns)
      made.push(ns)
      ip('-n', ns, 'link', 'add', 'eth0', 'type', 'veth', 'peer', 'name', `p${i}`, 'netns', sw)
      ip('-n', ns, 'addr', 'add', `${addresses[i]}/24`, 'dev', 'eth0')
      ip('-n', ns, 'link', 'set', 'eth0', 'up')
      ip('-n', ns, 'link', 'set', 'lo', 'up')
      ip('-n', ns, 'route', 'add', '224.0.0.0/4', 'dev', 'eth0') // multicast (mDNS) goes out on the LAN, as on any host
      ip('-n', sw, 'link', 'set', `p${i}`, 'master', 'br0')
      ip('-n', sw, 'link', 'set', `p${i}`, 'up')
    }
  } catch (err) {
    cleanup()
    const e = err as { stderr?: Buffer, message: string }
    return `cannot make network namespaces here: ${(e.stderr?.toString() ?? e.message).trim().split('\n')[0]}`
  }
  return {
    names,
    addresses,
    prefix: i => ['ip', 'netns', 'exec', names[i]],
    cut: i => ip('-n', sw, 'link', 'set', `p${i}`, 'down'),
    heal: i => ip('-n', sw, 'link', 'set', `p${i}`, 'up'),
    silentAddress: i => {
      // a second subnet on the same wire, every host on it, so the silent address ranks with the LAN address; it
      // sorts before the switch subnet as text and as bytes (the peer store sorts), so a dialer meets it first
      const silent = `${SILENT_SUBNET}.${200 + i}`
      for (const [j, ns] of names.entries()) ip('-n', ns, 'addr', 'add', `${j === i ? silent : `${SILENT_SUBNET}.${100 + j}`}/24`, 'dev', 'eth0')
      const rules = `table inet silent {\n chain in {\n  type filter hook input priority 0;\n  ip daddr ${silent} drop\n }\n}\n`
      execFileSync('ip', ['netns', 'exec', names[i], 'nft', '-f', '-'], { input: rules, stdio: ['pipe', 'pipe', 'pipe'], timeout: 10_000 })
      return silent
    },
    cleanup
  }
}
