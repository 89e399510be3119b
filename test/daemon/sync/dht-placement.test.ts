// A card put counts the peers that stored the record (their PUT_VALUE answers), and a forming mesh puts once its
// connects have paused, into the whole routing table. In a mesh of 3 the cards are never placed at PLACED_REPLICAS
// peers, so connects still ask for puts (test/daemon/sync/dht-placement.full.test.ts: a mesh where they are placed).
// Connect puts are spaced REPUBLISH_ON_CONNECT_MS apart, except when more peers are connected than any put so far
// began with: a node that started first puts again as soon as its mesh has grown, not a minute later.
import { describe, expect, it } from 'vitest'
import { createMesh, waitFor } from '../../helpers/mesh.js'
import { PutWatch } from '../../helpers/dht-puts.js'
import { REPUBLISH_ON_CONNECT_MS } from '../../../daemon/sync/truth-plane.js'

const SPACING_MARGIN_MS = 10_000

describe('card puts in a small mesh', () => {
  it('each node puts its card once the mesh has formed, and counts the two peers that stored it', async () => {
    const nodes = await createMesh(3, { start: false, env: { AIOS_COMM_LOG: 'debug' } })
    const watches = await Promise.all(nodes.map(async n => { await n.daemon.start(); return new PutWatch(n.daemon) }))
    // the put for the new connections comes once they have paused: by then both peers are in the routing table
    for (const [k, w] of watches.entries()) {
      await waitFor(`a put by node ${k} stored at both peers`, async () => w.puts, puts => puts.some(p => p.cause === 'connect' && p.stored === 2), 30_000)
    }
  }, 60_000)

  it('a node that started first puts again once more peers connect, without waiting out the spacing', async () => {
    const nodes = await createMesh(3, { start: false, env: { AIOS_COMM_LOG: 'debug' } })
    await nodes[0].daemon.start()
    const first = new PutWatch(nodes[0].daemon)
    await nodes[1].daemon.start()
    const one = await waitFor('node 0 put its card for its one peer', async () => first.puts.find(p => p.cause === 'connect' && p.stored === 1), p => p !== undefined, 30_000)
    await nodes[2].daemon.start()
    // the spacing alone would hold the next connect put until REPUBLISH_ON_CONNECT_MS after the last one began; the
    // lines are read as puts end, and a put to one peer takes well under the margin
    const two = await waitFor('node 0 put its card again for the peer that came', async () => first.after(one?.at ?? 0).find(p => p.cause === 'connect' && p.stored === 2), p => p !== undefined, REPUBLISH_ON_CONNECT_MS)
    expect((two?.at ?? Infinity) - (one?.at ?? 0)).toBeLessThan(REPUBLISH_ON_CONNECT_MS - SPACING_MARGIN_MS)
  }, REPUBLISH_ON_CONNECT_MS + 60_000)
})
