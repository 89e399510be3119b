// Honest addresses on separate hosts (network namespaces): a host with a Docker bridge and a link-local address
// states neither in its cards (nor loopback); a host whose IP changes while its daemon runs re-signs its cards
// (seq + 1) with the new address within the check interval, and the other host receives them. Invites state the same.
import { execFileSync } from 'node:child_process'
import { FULL } from './faults/workload.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { verifyCardJson } from '../../cards/index.js'
import { createMesh, query, waitFor } from '../helpers/mesh.js'
import { makeHosts, type Hosts } from './faults/netns.js'
import { ADDRESS_CHECK_MS } from '../../daemon/net/index.js'
import { parseToken } from '../../daemon/join/index.js'

const ip = (...args: string[]): void => { execFileSync('ip', args, { stdio: 'pipe', timeout: 10_000 }) }

function hostsOrFail (n: number, subnet?: string): Hosts {
  const hosts = makeHosts(n, { subnet })
  if (typeof hosts === 'string') throw new Error(hosts) // fails, never skips: .ci/run installs iproute2
  onTestFinished(() => hosts.cleanup())
  return hosts
}

/** The card a home holds for a handle: its seq, addresses and whether it relays. */
function card (home: string, handle: string): { seq: number, multiaddrs: string[], relay?: boolean } | undefined {
  const row = query<{ json: string }>(home, 'SELECT json FROM cards WHERE handle = ?', handle)[0]
  if (row === undefined) return undefined
  const v = verifyCardJson(row.json)
  if (!v.ok) throw new Error(v.reason)
  return { seq: v.card.seq, multiaddrs: v.card.multiaddrs, relay: v.card.relay }
}

describe('honest addresses (network namespaces)', () => {
  it('a host with docker0 and a link-local address states neither, nor loopback', { timeout: 60_000 }, async () => {
    const hosts = hostsOrFail(2)
    const ns = hosts.names[0]
    ip('-n', ns, 'link', 'add', 'docker0', 'type', 'bridge') // as Docker makes it
    ip('-n', ns, 'addr', 'add', '172.17.0.1/16', 'dev', 'docker0')
    ip('-n', ns, 'link', 'set', 'docker0', 'up')
    ip('-n', ns, 'addr', 'add', '169.254.7.7/16', 'dev', 'eth0')
    const [a, b] = await createMesh(2, {
      start: false,
      // a listens everywhere, so every interface of its host is a candidate
      addresses: (i, port) => ({ listen: i === 0 ? `/ip4/0.0.0.0/tcp/${port}` : `/ip4/${hosts.addresses[i]}/tcp/${port}` }),
      prefix: i => hosts.prefix(i)
    })
    await Promise.all([a.daemon.start(), b.daemon.start()])
    const own = card(a.home, a.handle)
    expect(own?.multiaddrs).toEqual([`/ip4/${hosts.addresses[0]}/tcp/${a.port}`])
    // the other host holds that card (not only the one made before the daemon ran)
    await waitFor('b holds a\'s card as a\'s daemon signed it', () => card(b.home, a.handle)?.seq, s => s === own?.seq, 30_000)
    expect(card(b.home, a.handle)?.multiaddrs).toEqual(own?.multiaddrs)
    // an invitation minted there carries the same addresses, in its token too
    const invite = await a.daemon.call('invite', {})
    expect(invite.addrs).toEqual(own?.multiaddrs)
    expect(parseToken(invite.token).addrs).toEqual(own?.multiaddrs)
  })

  // at full strength only (npm run test:chaos): it waits out a check interval; reach.test.ts moves a laptop there too
  it.runIf(FULL)('a host whose IP changes re-signs its cards with the new address, and they spread', { timeout: 90_000 }, async () => {
    const hosts = hostsOrFail(2)
    const ns = hosts.names[0]
    const [a, b] = await createMesh(2, {
      start: false,
      addresses: (i, port) => ({ listen: i === 0 ? `/ip4/0.0.0.0/tcp/${port}` : `/ip4/${hosts.addresses[i]}/tcp/${port}` }),
      prefix: i => hosts.prefix(i)
    })
    await Promise.all([a.daemon.start(), b.daemon.start()])
    const before = card(a.home, a.handle)
    expect(before?.multiaddrs).toEqual([`/ip4/${hosts.addresses[0]}/tcp/${a.port}`])
    const moved = hosts.addresses[0].replace(/\.\d+$/, '.200')
    // keep the new address when the old one (the subnet's primary) is deleted, as a DHCP renewal would
    execFileSync('ip', ['netns', 'exec', ns, 'sysctl', '-qw', 'net.ipv4.conf.eth0.promote_secondaries=1'], { stdio: 'pipe' })
    const changedAt = Date.now()
    ip('-n', ns, 'addr', 'add', `${moved}/24`, 'dev', 'eth0')
    ip('-n', ns, 'addr', 'del', `${hosts.addresses[0]}/24`, 'dev', 'eth0')
    // the check may fall between the two ip commands (both addresses, then the new one alone): wait for the new alone
    const after = await waitFor('a re-signs its card with its new address', () => card(a.home, a.handle), c => (c?.seq ?? 0) > (before?.seq ?? 0) && c?.multiaddrs.length === 1, 2 * ADDRESS_CHECK_MS + 5000)
    expect(Date.now() - changedAt).toBeLessThanOrEqual(2 * ADDRESS_CHECK_MS + 5000)
    expect(after?.multiaddrs).toEqual([`/ip4/${moved}/tcp/${a.port}`])
    // b hears of it (a dials b again from its new address; the card travels as every card does)
    await waitFor('b holds a\'s new card', () => card(b.home, a.handle)?.seq, s => s === after?.seq, 60_000)
  })

  it('a public address is confirmed once a trusted peer has dialed it back', { timeout: 60_000 }, async () => {
    const hosts = hostsOrFail(2, '203.0.113') // public-looking (TEST-NET-3): what a cloud VM holds
    const [a, b] = await createMesh(2, {
      start: false,
      addresses: (i, port) => ({ listen: i === 0 ? `/ip4/0.0.0.0/tcp/${port}` : `/ip4/${hosts.addresses[i]}/tcp/${port}` }),
      prefix: i => hosts.prefix(i)
    })
    await Promise.all([a.daemon.start(), b.daemon.start()])
    const mine = `/ip4/${hosts.addresses[0]}/tcp/${a.port}`
    expect(card(a.home, a.handle)?.multiaddrs).toEqual([mine]) // stated at once: the host holds it
    // a asks b within a check interval; b opens a new connection to exactly that address and finds a there
    expect((await a.daemon.call('node.status')).relay).toBe(false) // nothing confirmed yet, and the config says nothing
    await waitFor('a\'s public address confirmed by b', async () => (await a.daemon.call('node.status')).confirmedPublic, c => c.includes(mine), 2 * ADDRESS_CHECK_MS + 10_000)
    // a node left to decide serves as a relay (and mailbox) once a peer confirmed it public: from its next start on
    await a.daemon.stop()
    await a.daemon.start()
    expect((await a.daemon.call('node.status')).relay).toBe(true)
    await waitFor('a\'s card says it relays', () => card(a.home, a.handle), c => c?.relay === true, 30_000)
  })
})
