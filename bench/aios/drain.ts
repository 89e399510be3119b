// Reconnect drain: messages queued at the sender while the recipient's daemon is down, then the recipient starts;
// how long until the sender holds DELIVERED for all of them.
import type { Pair } from './pair.js'
import { waitState } from './deliver.js'
import { closedLoop } from '../load.js'

export interface DrainResult {
  /** spawn → the recipient's daemon is ready, s */
  ready: number
  /** ready → all DELIVERED at the sender, s */
  afterReady: number
  /** spawn → all DELIVERED, s */
  afterSpawn: number
  /** messages / afterReady */
  rate: number
}

const BODY = 'x'.repeat(1024)

export async function drain (p: Pair, count: number): Promise<DrainResult> {
  await p.stopRecipient()
  const obligations: string[] = []
  await closedLoop(count, 256, async () => {
    obligations.push((await p.a.call('notify', { to: p.recipient.handle, text: BODY, require: 'DELIVERED' })).obligation)
  })
  // every wait is registered before the recipient starts, so the end is seen as it happens
  const all = Promise.all(obligations.map(async ob => await waitState(p.a, ob, 'DELIVERED')))
  await p.a.call('peers', {}) // answered after every wait before it was taken in (requests are dispatched in order)
  const d = await p.startRecipient()
  await all
  const done = performance.now()
  const afterReady = (done - d.readyAt) / 1000
  return { ready: (d.readyAt - d.spawnedAt) / 1000, afterReady, afterSpawn: (done - d.spawnedAt) / 1000, rate: count / afterReady }
}
