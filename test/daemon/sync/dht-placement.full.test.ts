// Once a node's cards are placed (stored at PLACED_REPLICAS peers), a peer coming back asks no put of it: in a mesh
// of 12, a restarted node puts its own cards, and none of the 11 others runs a DHT query for the one connect.
import { describe, expect, it } from 'vitest'
import { createMesh, waitFor } from '../../helpers/mesh.js'
import { PutWatch } from '../../helpers/dht-puts.js'
import { PLACED_REPLICAS } from '../../../daemon/directory/dht.js'
import { CONNECTS_QUIET_MS, REPUBLISH_ON_CONNECT_MS } from '../../../daemon/sync/truth-plane.js'

const N = 12 // PLACED_REPLICAS + 2: every node has more peers than placement needs

describe('card puts in a mesh larger than the placement', () => {
  it('a restarted node puts its cards; the nodes that had placed theirs put nothing for its connects', async () => {
    const nodes = await createMesh(N, { start: false, env: { AIOS_COMM_LOG: 'debug' } })
    const watches: PutWatch[] = []
    for (const n of nodes) { await n.daemon.start(); watches.push(new PutWatch(n.daemon)) }
    for (const [k, w] of watches.entries()) {
      await waitFor(`node ${k} placed its card`, async () => w.puts, puts => puts.some(p => (p.stored ?? 0) >= PLACED_REPLICAS), 120_000)
    }
    // the throttle of connect puts must not be what keeps the others quiet: wait it out after the last put seen
    const last = Math.max(...watches.flatMap(w => w.puts.map(p => p.at)))
    await new Promise(resolve => setTimeout(resolve, Math.max(0, last + REPUBLISH_ON_CONNECT_MS + 1000 - performance.now())))

    const x = nodes[N - 1]
    await x.daemon.stop()
    const restarted = performance.now()
    await x.daemon.start()
    const xw = new PutWatch(x.daemon)
    await waitFor('the restarted node placed its card again', async () => xw.puts, puts => puts.some(p => p.cause === 'connect' && (p.stored ?? 0) >= PLACED_REPLICAS), 60_000)
    // every other node connected to x before x's connects paused; a put any of them asked for is due as soon as x's
    await new Promise(resolve => setTimeout(resolve, CONNECTS_QUIET_MS + 2000))
    const others = watches.slice(0, N - 1).map((w, k) => ({ node: k, puts: w.after(restarted) }))
    expect(others.filter(o => o.puts.length > 0)).toEqual([])
    const peers = await x.daemon.call('peers', {})
    expect(peers.filter(p => p.connected).length).toBe(N - 1)
  }, 600_000)
})
