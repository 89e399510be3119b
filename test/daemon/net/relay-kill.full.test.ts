// A relay killed mid-stream (run by `npm run test:chaos` only; the NAT topology's kills are in
// test/chaos/reach.full.test.ts): B holds reservations on two relays, and the one A's circuit runs through dies.
import { describe, expect, it, onTestFinished } from 'vitest'
import { ok } from '../../helpers/cli.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'
import { makeHosts } from '../../chaos/faults/netns.js'
import { dropTo, status } from './drop.js'

describe('a relay killed', () => {
  it('B holds reservations on two relays; the one A\'s circuit runs through is killed: the next message goes through the other, each stored once', { timeout: 180_000 }, async () => {
    const hosts = makeHosts(4) // A, B and two relays
    if (typeof hosts === 'string') throw new Error(hosts)
    onTestFinished(() => hosts.cleanup())
    const [addrA, addrB] = hosts.addresses
    dropTo(hosts, 0, addrB)
    dropTo(hosts, 1, addrA)
    const nodes = await createMesh(4, {
      start: false,
      addresses: (i, port) => ({ listen: `/ip4/${hosts.addresses[i]}/tcp/${port}` }),
      prefix: i => hosts.prefix(i),
      relay: i => i >= 2 ? true : undefined
    })
    const [a, b] = nodes
    await Promise.all(nodes.map(async n => await n.daemon.start()))
    const ids = await Promise.all(nodes.map(async n => (await status(n)).peerId as string))
    const relays = [2, 3].map(i => ({ node: nodes[i], peerId: ids[i] }))
    await waitFor('B\'s reservations on both relays', async () => (await status(b)).addresses,
      (x: string[]) => relays.every(r => x.some(y => y.endsWith(`/p2p/${r.peerId}/p2p-circuit`))), 60_000)

    const first = (await ok(a.home, ['notify', '--to', b.handle, '--text', 'before the relay goes', '--json'])).obligation as string
    await waitFor('the first DELIVERED', async () => await ok(a.home, ['status', first, '--json']), s => s.state === 'DELIVERED', 60_000)
    const link = (await status(a)).peers.find((p: any) => p.peerId === ids[1]).links[0].address as string
    const used = relays.find(r => link.includes(`/p2p/${r.peerId}/p2p-circuit`))
    const other = relays.find(r => r !== used)
    expect(used).toBeDefined()
    await used!.node.daemon.kill()

    const second = (await ok(a.home, ['notify', '--to', b.handle, '--text', 'after the relay went', '--json'])).obligation as string
    await waitFor('the second DELIVERED', async () => await ok(a.home, ['status', second, '--json']), s => s.state === 'DELIVERED', 90_000)
    const links = (await status(a)).peers.find((p: any) => p.peerId === ids[1]).links
    expect(links.length).toBeGreaterThan(0)
    expect(links.every((l: any) => l.address.includes(`/p2p/${other!.peerId}/p2p-circuit`))).toBe(true)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1')[0].n).toBe(2)
    expect(query(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED'")[0].n).toBe(2)
  })
})
