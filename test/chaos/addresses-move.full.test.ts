// A host whose IP changes while its daemon runs re-signs its cards (seq + 1) with the new address within the check
// interval, and the other host receives them (network namespaces). Run by `npm run test:chaos` only: it waits out a
// check interval; test/chaos/reach.full.test.ts moves a laptop between networks too.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createMesh, waitFor } from '../helpers/mesh.js'
import { ADDRESS_CHECK_MS } from '../../daemon/net/index.js'
import { card, hostsOrFail, ip } from './faults/address-hosts.js'

describe('honest addresses (network namespaces)', () => {
  it('a host whose IP changes re-signs its cards with the new address, and they spread', { timeout: 90_000 }, async () => {
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
})
