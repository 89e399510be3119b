// A card put counts the peers that stored the record (their PUT_VALUE answers), and a forming mesh puts once its
// connects have paused, into the whole routing table. In a mesh of 3 the cards are never placed at PLACED_REPLICAS
// peers, so connects still ask for puts (test/daemon/sync/dht-placement.full.test.ts: a mesh where they are placed).
import { describe, it } from 'vitest'
import { createMesh, waitFor } from '../../helpers/mesh.js'
import { PutWatch } from '../../helpers/dht-puts.js'

describe('card puts in a small mesh', () => {
  it('each node puts its card once the mesh has formed, and counts the two peers that stored it', async () => {
    const nodes = await createMesh(3, { start: false, env: { AIOS_COMM_LOG: 'debug' } })
    const watches = await Promise.all(nodes.map(async n => { await n.daemon.start(); return new PutWatch(n.daemon) }))
    // the put for the new connections comes once they have paused: by then both peers are in the routing table
    for (const [k, w] of watches.entries()) {
      await waitFor(`a put by node ${k} stored at both peers`, async () => w.puts, puts => puts.some(p => p.cause === 'connect' && p.stored === 2), 30_000)
    }
  }, 60_000)
})
