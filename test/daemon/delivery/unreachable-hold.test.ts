// A backlog for a node that cannot be reached waits as one: its rows go out again after a backoff of the destination,
// not each at its own retry time (a worker holding thousands woke for every few of them, scanned them all and dialed
// again each time, about a core of CPU for as long as the node was down). When the node connects, all of it goes.
import { describe, expect, it, onTestFinished } from 'vitest'
import { createServer, type Socket } from 'node:net'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'

const BACKLOG = 1500 // six frames of 256: more than one frame's worth, so the worker has rows left to pick after a failure
const WINDOW_MS = 3000 // how long the dials are counted once the backlog is queued
const MAX_DIALS = 12 // with a backoff per destination (125 ms doubling, in this window): about five

describe('a backlog for a node that is down', () => {
  it('is tried again after a backoff of its node, not row by row, and all goes once the node is back', async () => {
    const [a, b] = await createMesh(2)
    const first = await a.daemon.call('notify', { to: 'agent-b', text: 'before' })
    await waitFor('DELIVERED', async () => (await a.daemon.call('status', { obligation: first.obligation })).state, s => s === 'DELIVERED')

    // b's node is down: its port takes each connection and closes it, so every dial fails, and is counted
    await b.daemon.stop()
    let dials = 0
    const sockets = new Set<Socket>()
    const port = createServer(s => { dials++; sockets.add(s); s.destroy() })
    await new Promise<void>(resolve => port.listen(b.port, '127.0.0.1', resolve))
    onTestFinished(() => { port.close() })

    for (let i = 0; i < BACKLOG; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, BACKLOG - i) }, async (_, k) => await a.daemon.call('notify', { to: 'agent-b', text: `queued ${i + k}` })))
    }
    // batches the outbox tried and failed (each adds one to its rows' attempts): libp2p's redials and the keep-alive
    // sweep dial b too, so a dial alone does not show that the outbox tries again
    const tried = (): number => query<{ n: number }>(a.home, "SELECT coalesce(sum(attempts), 0) AS n FROM outbox WHERE dest = 'agent-b'")[0].n
    const before = dials
    const triedBefore = tried()
    await new Promise(resolve => setTimeout(resolve, WINDOW_MS)) // a rate is observed over a window
    const inWindow = dials - before
    expect(tried()).toBeGreaterThan(triedBefore) // it does try again
    expect(inWindow).toBeLessThanOrEqual(MAX_DIALS)

    await new Promise<void>(resolve => port.close(() => resolve()))
    await b.daemon.start()
    const count = (): number => query<{ n: number }>(b.home, "SELECT count(*) AS n FROM messages WHERE to_handle = 'agent-b'")[0].n
    await waitFor('the whole backlog at b', count, n => n === BACKLOG + 1, 60_000)
  })
})
