// A node's own facts leave in windows: by gossip and by a sync tail, a fact after a quiet spell goes at once, and the
// facts of a steady trickle of commits go together at the end of each FACT_FLUSH_MS window, not a message per
// commit. On real SQLite, the real sync server and gossipsub, over real libp2p streams.
import '../../../daemon/runtime/polyfill.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utf8 } from '../../../cards/index.js'
import { factBatchFromWire, type FactData } from '../../../proto/index.js'
import { FACT_BATCH_TOPIC, FACT_FLUSH_MS } from '../../../daemon/sync/constants.js'
import { FactGossip, serveSync, SYNC_PROTOCOL } from '../../../daemon/sync/index.js'
import { waitFor } from '../../../cli/harness/index.js'
import { logServer, openSync, stopLogServer, type LogServer } from '../../helpers/log-server.js'

const TRICKLE = 30 // facts, one durable commit each, a couple of milliseconds apart
const LONE = 5 // facts each after a quiet spell of two windows
const SLACK_MS = 5 // how much closer than a window the median arrival gap may be (timer rounding)
const WAIT_MS = 30_000

interface Arrival { atMs: number, facts: FactData[] }

const pause = async (ms: number): Promise<void> => await new Promise(resolve => setTimeout(resolve, ms))
const count = (l: Arrival[]): number => l.reduce((n, a) => n + a.facts.length, 0)
const median = (l: number[]): number => [...l].sort((x, y) => x - y)[Math.floor(l.length / 2)]

/** Appends one fact of the server's own making in a durable commit of its own; resolves when that commit is durable. */
async function ownFact (s: LogServer, text: string): Promise<number> {
  const seq = await s.core.store.commit.run(() => s.core.store.facts.append('receipt', utf8(text), Date.now()))
  if (seq === undefined) throw new Error(`fact ${text} was held already`)
  return performance.now()
}

/** The trickle, then the lone facts: every arrival gap of the trickle, and each lone fact's time from commit to arrival. */
async function exercise (s: LogServer, arrivals: Arrival[], tag: string): Promise<{ gaps: number[], lone: number[] }> {
  const start = arrivals.length
  for (let i = 0; i < TRICKLE; i++) {
    await ownFact(s, `${tag} trickle ${i}`)
    await pause(2)
  }
  await waitFor('every fact of the trickle', () => count(arrivals.slice(start)), n => n >= TRICKLE, WAIT_MS)
  const trickle = arrivals.slice(start)
  const gaps = trickle.slice(1).map((a, i) => a.atMs - trickle[i].atMs)
  const lone: number[] = []
  for (let i = 0; i < LONE; i++) {
    await pause(2 * FACT_FLUSH_MS) // the quiet spell
    const before = count(arrivals)
    const committed = await ownFact(s, `${tag} lone ${i}`)
    await waitFor('the lone fact', () => count(arrivals), n => n > before, WAIT_MS)
    lone.push(arrivals[arrivals.length - 1].atMs - committed)
  }
  return { gaps, lone }
}

function expectWindows (r: { gaps: number[], lone: number[] }, arrivals: number): void {
  expect(arrivals, 'the trickle went out in fewer messages than facts').toBeLessThan(TRICKLE / 2)
  // arrivals carry the receiving loop's jitter: one message read late makes the next gap short (10.7 ms seen on a
  // busy machine), so the median gap is judged; a message per commit would put it at a few ms
  expect(median(r.gaps), `arrival gaps ${r.gaps.map(g => g.toFixed(1)).join(', ')} ms`).toBeGreaterThanOrEqual(FACT_FLUSH_MS - SLACK_MS)
  expect(median(r.lone), `lone facts arrived ${r.lone.map(g => g.toFixed(1)).join(', ')} ms after their commit`).toBeLessThan(FACT_FLUSH_MS)
}

describe('a node\'s own facts leave in flush windows', () => {
  let s: LogServer
  beforeAll(async () => { s = await logServer('aios-flush-') })
  afterAll(async () => { await stopLogServer(s) })

  it('by a sync tail: a lone fact at once, a trickle a page per window', async () => {
    await s.server.handle(SYNC_PROTOCOL, (stream, connection) => { void serveSync(s.core, stream, connection) })
    const sync = await openSync(s, s.core.store.facts.head(), true)
    expect((await sync.read()).done).toBe(true) // caught up: what follows is the tail
    const pages: Arrival[] = []
    let reading = true
    void (async () => {
      while (reading) {
        const page = await sync.read().catch(() => undefined)
        if (page === undefined) return
        if (page.facts.length > 0) pages.push({ atMs: performance.now(), facts: page.facts })
      }
    })()
    const r = await exercise(s, pages, 'tail')
    const trickled = pages.length - LONE
    reading = false
    sync.abort()
    expectWindows(r, trickled)
    await s.server.unhandle(SYNC_PROTOCOL)
  })

  it('by gossip: a lone fact at once, a trickle a batch per window', async () => {
    const gossip = new FactGossip(s.server.services.pubsub, s.core)
    gossip.start()
    try {
      const heard: Arrival[] = []
      s.client.services.pubsub.addEventListener('message', e => {
        if (e.detail.topic === FACT_BATCH_TOPIC) heard.push({ atMs: performance.now(), facts: factBatchFromWire(e.detail.data).facts })
      })
      s.client.services.pubsub.subscribe(FACT_BATCH_TOPIC)
      await s.client.dial(s.server.peerId)
      await waitFor('the server sees the client subscribed', () => s.server.services.pubsub.getSubscribers(FACT_BATCH_TOPIC).map(String),
        l => l.includes(s.client.peerId.toString()), WAIT_MS)
      const r = await exercise(s, heard, 'gossip')
      expectWindows(r, heard.length - LONE)
    } finally {
      gossip.stop()
    }
  })
})
