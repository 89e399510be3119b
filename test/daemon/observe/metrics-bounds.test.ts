// What the metrics remember per peer and per message is bounded: a round trip only for the peers measured at the last
// scrape (strangers a relay let in come and go under new ids), a send time for at most MAX_TIMED_DELIVERIES messages
// awaiting DELIVERED (the oldest go untimed). A real store and event bus; the peers are what the node would list.
import { afterEach, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { ObserveBus } from '../../../daemon/observe/bus.js'
import { Metrics, type MetricsSource } from '../../../daemon/observe/metrics.js'
import { MAX_TIMED_DELIVERIES } from '../../../daemon/observe/constants.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'

let world: World | undefined
afterEach(() => { world?.close(); world = undefined })

/** The metrics of a world's node, listing `peers()` as its connected peers. */
function metricsOf (w: World, peers: () => Array<{ peerId: string, latencyMs?: number }>): { metrics: Metrics, stop: () => void } {
  const bus = new ObserveBus(w.core)
  const source: MetricsSource = { peerId: () => w.a.peerId, peers: () => peers().map(p => ({ ...p, connected: true })) }
  const metrics = new Metrics(w.core, bus, source)
  bus.start()
  metrics.start()
  return { metrics, stop: () => { metrics.stop(); bus.stop() } }
}

const sample = (text: string, name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)

describe('what the metrics remember', () => {
  it('keeps the last round trip only of the peers measured at the last scrape', async () => {
    const w = world = await createWorld()
    let listed = Array.from({ length: 300 }, (_, i) => ({ peerId: `stranger-${i}`, latencyMs: 1 + i % 7 }))
    const { metrics, stop } = metricsOf(w, () => listed)
    try {
      const first = await metrics.exposition()
      expect(metrics.peersTimed).toBe(300)
      expect(sample(first, 'aios_comm_peer_rtt_seconds_count')).toBe(300)
      listed = [{ peerId: w.b.peerId, latencyMs: 4 }]
      const second = await metrics.exposition()
      expect(metrics.peersTimed).toBe(1)
      expect(second).not.toContain('stranger-')
      expect(second).toContain(`aios_comm_peer_rtt_last_seconds{peer_id="${w.b.peerId}"} 0.004`)
      await metrics.exposition() // the same round trip again: not a new observation
      expect(sample(await metrics.exposition(), 'aios_comm_peer_rtt_seconds_count')).toBe(301)
    } finally {
      stop()
    }
  })

  it(`times a delivery only for the newest ${MAX_TIMED_DELIVERIES} sends awaiting DELIVERED`, async () => {
    const w = world = await createWorld()
    const { metrics, stop } = metricsOf(w, () => [])
    try {
      const ids = Array.from({ length: MAX_TIMED_DELIVERIES + 1 }, () => new Uint8Array(randomBytes(16)))
      for (const id of ids) w.core.events.emit('message:out', { id, from: w.a.handle, to: w.b.handle })
      const delivered = (id: Uint8Array): void => { w.core.events.emit('receipt', { messageId: id, state: 'DELIVERED', actor: w.b.handle }) }
      delivered(ids[0]) // the oldest: its send time went to make room
      expect(sample(await metrics.exposition(), 'aios_comm_delivery_seconds_count')).toBe(0)
      delivered(ids[1])
      delivered(ids[ids.length - 1])
      delivered(ids[1]) // timed once: its send time goes with its first DELIVERED
      const text = await metrics.exposition()
      expect(sample(text, 'aios_comm_delivery_seconds_count')).toBe(2)
      expect(sample(text, 'aios_comm_receipts_total{state="DELIVERED"}')).toBe(4)
    } finally {
      stop()
    }
  })
})
