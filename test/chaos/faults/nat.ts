// Home networks behind NAT, built from network namespaces: a "wan" switch with public VMs and two home routers on
// it; each router masquerades its own LAN (both LANs use 192.168.1.0/24) and forwards nothing inbound, so a laptop
// can dial a VM but nothing on the wan can dial a laptop, and the two homes cannot dial each other.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'

/** The machines: public VMs on the wan, laptops a and b in the two homes, and a LAN box beside laptop a. */
export type NatHost = 'vm1' | 'vm2' | 'a' | 'b' | 'box'
export type Lan = 1 | 2

export const WAN_PREFIX = '203.0.113' // TEST-NET-3: never routed anywhere real
export const LAN_PREFIX = '192.168.1' // the same private range in both homes, as two home routers from the box would give
/** Packets to this range vanish at either router without an answer: a private address that "drops packets". */
export const DEAD_RANGE = '10.254.0.0/16'
export const DEAD_ADDRESS = '10.254.0.1'

const WAN_ADDRESS: Record<'vm1' | 'vm2' | 'r1' | 'r2', string> = { vm1: `${WAN_PREFIX}.10`, vm2: `${WAN_PREFIX}.11`, r1: `${WAN_PREFIX}.21`, r2: `${WAN_PREFIX}.22` }
// b has box's address in the other home: a stale private address of b, dialed from a's home, reaches the wrong machine
const FIRST_LAN: Record<'a' | 'b' | 'box', { lan: Lan, address: string }> = {
  a: { lan: 1, address: `${LAN_PREFIX}.10` },
  box: { lan: 1, address: `${LAN_PREFIX}.20` },
  b: { lan: 2, address: `${LAN_PREFIX}.20` }
}
const MOVED_FIRST = 100 // addresses handed out to a machine that moves in, as a DHCP pool would: .100, .101, …
const COMMAND_TIMEOUT_MS = 10_000
const KILL_POLL_MS = 20 // a SIGKILLed process is reaped within a few milliseconds

export interface Nat {
  /** Namespace names (unique per run). */
  ns: Record<NatHost | 'wan' | 'r1' | 'r2', string>
  /** A machine's current IPv4 address (a router's wan address for r1, r2). */
  address: (h: NatHost | 'r1' | 'r2') => string
  /** The home a laptop or box is in now (undefined for a VM). */
  lanOf: (h: NatHost) => Lan | undefined
  /** The command a daemon on machine h runs under. */
  prefix: (h: NatHost) => string[]
  /** Runs a command on machine h and returns its stdout. */
  exec: (h: NatHost, args: string[], input?: string) => string
  /** Unplugs a laptop from its home and plugs it into the other one: a new address and a new default route. */
  move: (h: 'a' | 'b' | 'box', to: Lan) => string
  /** Pulls a machine's cable (packets stop, no reset) and plugs it back. */
  cut: (h: NatHost) => void
  heal: (h: NatHost) => void
  /** SIGKILLs every process running on machine h (a relay VM losing power). */
  kill: (h: NatHost) => void
  cleanup: () => void
}

function run (args: string[], input?: string): string {
  return execFileSync(args[0], args.slice(1), { input, stdio: 'pipe', timeout: COMMAND_TIMEOUT_MS, encoding: 'utf8' })
}

/** The router's rules: masquerade the LAN behind the wan address; forward out and the answers back, nothing else. */
function routerRules (): string {
  return `
table ip nat {
  chain postrouting {
    type nat hook postrouting priority srcnat; policy accept;
    oifname "wan0" masquerade
  }
}
table ip filter {
  chain forward {
    type filter hook forward priority filter; policy drop;
    ct state established,related accept
    iifname "lan0" oifname "wan0" accept
  }
}
`
}

/** Builds the two homes and the wan, or says why it cannot (not root, no iproute2 or nft, no netns or NAT support). */
export function makeNat (): Nat | string {
  const tag = randomBytes(3).toString('hex') // unique per run: tests run side by side
  const ns = {
    wan: `aion-${tag}-wan`, r1: `aion-${tag}-r1`, r2: `aion-${tag}-r2`,
    vm1: `aion-${tag}-vm1`, vm2: `aion-${tag}-vm2`, a: `aion-${tag}-a`, b: `aion-${tag}-b`, box: `aion-${tag}-box`
  }
  const made: string[] = []
  const lanOf: Partial<Record<NatHost, Lan>> = {}
  const address: Record<string, string> = { ...WAN_ADDRESS }
  let nextMoved = MOVED_FIRST
  const ip = (...args: string[]): string => run(['ip', ...args])
  const inNs = (n: string, args: string[], input?: string): string => run(['ip', 'netns', 'exec', n, ...args], input)
  const router = (lan: Lan): string => lan === 1 ? ns.r1 : ns.r2
  const pids = (n: string): number[] => {
    try { return ip('netns', 'pids', n).split('\n').filter(p => p !== '').map(Number) } catch { return [] }
  }
  /** SIGKILLs what runs in n and returns once it is gone (its sockets closed by the kernel). */
  const killAll = (n: string): void => {
    const deadline = Date.now() + COMMAND_TIMEOUT_MS
    for (let left = pids(n); left.length > 0 && Date.now() < deadline; left = pids(n)) {
      for (const p of left) {
        try { process.kill(p, 'SIGKILL') } catch {}
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, KILL_POLL_MS)
    }
  }
  const cleanup = (): void => {
    process.off('exit', cleanup)
    for (const n of made) killAll(n)
    for (const n of made.reverse()) {
      try { ip('netns', 'del', n) } catch {}
    }
    made.length = 0
  }
  const addNs = (n: string): void => {
    ip('netns', 'add', n)
    made.push(n)
    ip('-n', n, 'link', 'set', 'lo', 'up')
  }
  /** Machine h's eth0, its other end plugged into `bridge` in namespace `sw` as port `port`. */
  const plug = (h: string, sw: string, bridge: string, port: string, addr: string, gateway?: string): void => {
    const n = (ns as Record<string, string>)[h]
    ip('-n', n, 'link', 'add', 'eth0', 'type', 'veth', 'peer', 'name', port, 'netns', sw)
    ip('-n', n, 'addr', 'add', `${addr}/24`, 'dev', 'eth0')
    ip('-n', n, 'link', 'set', 'eth0', 'up')
    ip('-n', sw, 'link', 'set', port, 'master', bridge)
    ip('-n', sw, 'link', 'set', port, 'up')
    if (gateway !== undefined) ip('-n', n, 'route', 'add', 'default', 'via', gateway)
    address[h] = addr
  }
  try {
    process.on('exit', cleanup) // a worker that dies mid-test still leaves no namespace behind
    for (const n of Object.values(ns)) addNs(n)
    ip('-n', ns.wan, 'link', 'add', 'br0', 'type', 'bridge')
    ip('-n', ns.wan, 'link', 'set', 'br0', 'up')
    for (const vm of ['vm1', 'vm2'] as const) plug(vm, ns.wan, 'br0', `p${vm}`, WAN_ADDRESS[vm])
    for (const lan of [1, 2] as const) {
      const r = router(lan)
      const name = lan === 1 ? 'r1' : 'r2'
      ip('-n', r, 'link', 'add', 'wan0', 'type', 'veth', 'peer', 'name', `p${name}`, 'netns', ns.wan)
      ip('-n', r, 'addr', 'add', `${WAN_ADDRESS[name]}/24`, 'dev', 'wan0')
      ip('-n', r, 'link', 'set', 'wan0', 'up')
      ip('-n', ns.wan, 'link', 'set', `p${name}`, 'master', 'br0')
      ip('-n', ns.wan, 'link', 'set', `p${name}`, 'up')
      ip('-n', r, 'link', 'add', 'lan0', 'type', 'bridge')
      ip('-n', r, 'addr', 'add', `${LAN_PREFIX}.1/24`, 'dev', 'lan0')
      ip('-n', r, 'link', 'set', 'lan0', 'up')
      ip('-n', r, 'route', 'add', 'blackhole', DEAD_RANGE)
      inNs(r, ['sh', '-c', 'echo 1 > /proc/sys/net/ipv4/ip_forward'])
      // frames switched between two machines of one home stay on the bridge, as on a home switch (the file is
      // there only when the host has br_netfilter loaded)
      inNs(r, ['sh', '-c', 'f=/proc/sys/net/bridge/bridge-nf-call-iptables; [ ! -e $f ] || echo 0 > $f'])
      inNs(r, ['nft', '-f', '-'], routerRules())
    }
    for (const h of ['a', 'box', 'b'] as const) {
      const { lan, address: addr } = FIRST_LAN[h]
      plug(h, router(lan), 'lan0', `p${h}`, addr, `${LAN_PREFIX}.1`)
      lanOf[h] = lan
    }
  } catch (err) {
    cleanup()
    const e = err as { stderr?: Buffer | string, message: string }
    return `cannot make the NAT topology here: ${(e.stderr?.toString() ?? '').trim().split('\n')[0] || e.message}`
  }
  const switchOf = (h: NatHost): string => lanOf[h] === undefined ? ns.wan : router(lanOf[h] as Lan)
  return {
    ns,
    address: h => address[h],
    lanOf: h => lanOf[h],
    prefix: h => ['ip', 'netns', 'exec', ns[h]],
    exec: (h, args, input) => inNs(ns[h], args, input),
    move: (h, to) => {
      const from = lanOf[h] as Lan
      if (from === to) throw new Error(`${h} is already in home ${to}`)
      const addr = `${LAN_PREFIX}.${nextMoved++}`
      ip('-n', router(from), 'link', 'set', `p${h}`, 'netns', router(to))
      ip('-n', router(to), 'link', 'set', `p${h}`, 'master', 'lan0')
      ip('-n', router(to), 'link', 'set', `p${h}`, 'up')
      // what a laptop's network manager does on a new Wi-Fi: the old lease is gone, a new one and its gateway come
      ip('-n', ns[h], 'addr', 'flush', 'dev', 'eth0')
      ip('-n', ns[h], 'addr', 'add', `${addr}/24`, 'dev', 'eth0')
      ip('-n', ns[h], 'route', 'replace', 'default', 'via', `${LAN_PREFIX}.1`)
      lanOf[h] = to
      address[h] = addr
      return addr
    },
    cut: h => { ip('-n', switchOf(h), 'link', 'set', `p${h}`, 'down') },
    heal: h => { ip('-n', switchOf(h), 'link', 'set', `p${h}`, 'up') },
    kill: h => killAll(ns[h]),
    cleanup
  }
}
