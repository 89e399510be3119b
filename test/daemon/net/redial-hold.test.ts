// A node whose peer drops each connection as it opens (the peer does not know the node's seats yet) dials it again
// at a slowing pace, not the moment each connection closes.
import { expect, it } from 'vitest'
import { FIRST_HOLD_MS, MAX_HOLD_MS, RedialHold, SHORT_LIVED_MS } from '../../../daemon/net/redial-hold.js'
import { createMesh, forgetSeat, waitFor } from '../../helpers/mesh.js'

/** How often the node has connected to a peer since it started (its only peer here: a). */
async function connects (metricsUrl: string): Promise<number> {
  const m = /^aios_comm_peer_events_total\{status="up"\} (\S+)$/m.exec(await (await fetch(metricsUrl)).text())
  return m === null ? 0 : Number(m[1])
}

it('a peer that closes every connection as it opens is dialed after a growing hold, not at once', async () => {
  const [a, b] = await createMesh(2, { start: false, args: () => ['--metrics-port', '0'] })
  // a has never heard of agent-b: b trusts a and dials it, and a's gater closes each of b's connections
  forgetSeat(a.home, 'agent-b')
  await a.daemon.start()
  await b.daemon.start()

  const seen: number[] = [] // when b's count of connects was first seen at 1, 2, …
  await waitFor('b connected to a four times', async () => {
    const n = await connects(b.daemon.ready.metrics as string)
    while (seen.length < Math.min(n, 4)) seen.push(performance.now())
    return n
  }, n => n >= 4, 30_000)
  // two short-lived connections go free; the third holds b off a for 1 s (the count is polled, and a poll on a busy
  // machine may see the third connect late); before, the connects came some 20 ms apart
  expect(seen[3] - seen[2]).toBeGreaterThanOrEqual(700)
  expect(b.daemon.running).toBe(true)
}, 60_000)

it('holds from the third short-lived connection in a row the peer closed, doubling to its cap; one that lived clears it', () => {
  let now = 0
  const hold = new RedialHold(() => now)
  const connection = (livedMs: number, local = false): void => {
    now += livedMs
    hold.closed('p', livedMs, local)
  }
  connection(10)
  connection(10)
  expect(hold.heldFor('p')).toBe(0)
  const holds: number[] = []
  for (let i = 0; i < 8; i++) {
    connection(10)
    holds.push(hold.heldFor('p'))
    now += holds[i] // the next connection once the hold is over
  }
  expect(holds).toEqual([1, 2, 4, 8, 16, 30, 30, 30].map(s => Math.min(s * FIRST_HOLD_MS, MAX_HOLD_MS)))
  expect(hold.heldFor('other')).toBe(0)
  connection(10, true) // this node closed it (a dial-back probe, say): no strike
  expect(hold.heldFor('p')).toBe(0)
  connection(SHORT_LIVED_MS) // it stayed up: the peer is fine again
  connection(10)
  connection(10)
  expect(hold.heldFor('p')).toBe(0)
  connection(10)
  expect(hold.heldFor('p')).toBe(FIRST_HOLD_MS)
})
