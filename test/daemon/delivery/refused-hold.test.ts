// A node that lets this one connect but refuses its deliver stream (it has not heard of the node's seats, and lets
// strangers in while an invitation is open) gets the backlog again as one after a backoff of its destination, as an
// unreachable node does: not row by row, each at its own retry time, a batch and a refused stream every few ms.
import { expect, it } from 'vitest'
import { createMesh, forgetSeat, query, spawnWatchingLog, waitFor } from '../../helpers/mesh.js'

const BACKLOG = 300 // two frames

it('a backlog whose every batch is refused is tried again as one, after a backoff of its destination', async () => {
  const [a, b] = await createMesh(2, { start: false, env: { AIOS_COMM_LOG: 'debug' } })
  forgetSeat(a.home, 'agent-b')
  await a.daemon.start()
  await a.daemon.call('invite', {})
  let batches = 0 // batches b sent that came back refused, by b's log
  spawnWatchingLog(b, l => { if (l.includes('"msg":"batch not delivered"')) batches++ })
  await waitFor('b serving', async () => await b.daemon.call('node.status', {}).catch(() => undefined), s => s !== undefined)
  for (let i = 0; i < BACKLOG; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, BACKLOG - i) }, async (_, k) => await b.daemon.call('notify', { to: 'agent-a', text: `queued ${i + k}` })))
  }
  const tries = (): number => query<{ n: number | null }>(b.home, "SELECT min(attempts) AS n FROM outbox WHERE dest = 'agent-a'")[0].n ?? 0
  await waitFor('every row tried four times', tries, n => n >= 4, 60_000)
  // four rounds of two frames each, a round split where a hold ends before some of its rows' own retry times, and the
  // rows queued while the first went out: 21 to 27 where counted. Row by row it took 611.
  expect(batches).toBeLessThanOrEqual(60)
}, 90_000)
