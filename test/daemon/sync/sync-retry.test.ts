// A peer that lets this node connect but refuses its sync stream (it has not heard of the node's seats, and lets
// strangers in while an invitation is open) is asked again after 1 s, 2 s, 4 s …, by one retry per peer.
import { expect, it } from 'vitest'
import { createMesh, forgetSeat, spawnWatchingLog, waitFor } from '../../helpers/mesh.js'

it('a peer that keeps refusing the sync stream is asked again after a growing pause, one retry at a time', async () => {
  const [a, b] = await createMesh(2, { start: false, env: { AIOS_COMM_LOG: 'debug' } })
  // a has never heard of agent-b: b trusts a; a lets b in only because an invitation is open, and refuses its sync
  forgetSeat(a.home, 'agent-b')
  await a.daemon.start()
  await a.daemon.call('invite', {})
  const tried: number[] = [] // when b's sync sessions to a failed, by b's log
  spawnWatchingLog(b, l => { if (/"msg":"sync (dial failed|session ended)"/.test(l) && l.includes(a.daemon.peerId)) tried.push(Date.parse(JSON.parse(l).time)) })
  await waitFor('b tried to sync from a four times', () => tried.length, n => n >= 4, 30_000)
  // 1 s, then 2 s, then 4 s between them (7 s); before, a retry every second, and one more chain with every connect
  expect(tried[3] - tried[0]).toBeGreaterThanOrEqual(6000)
}, 60_000)
