// Honest addresses on separate hosts (network namespaces): a host with a Docker bridge and a link-local address
// states neither in its cards (nor loopback), and a public address is confirmed once a trusted peer dialed it back.
// Invites state the same. A host whose IP changes while its daemon runs: addresses-move.full.test.ts.
import { describe, expect, it } from 'vitest'
import { createMesh, waitFor } from '../helpers/mesh.js'
import { card, hostsOrFail, ip } from './faults/address-hosts.js'
import { ADDRESS_CHECK_MS } from '../../daemon/net/index.js'
import { parseToken } from '../../daemon/join/index.js'

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
