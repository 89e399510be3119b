// The node's metrics in one prom-client Registry per daemon: counters that move with observed events since the
// daemon started, gauges read from the store and the libp2p node at each scrape, latency histograms (delivery,
// wake, peer round trip) and the process's own numbers (prom-client's default process_* and nodejs_* metrics).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Core } from '../core.js'
import { packageVersion } from '../runtime/package-root.js'
import type { ObserveBus } from './bus.js'
import type { ObservedEvent } from './event.js'
import { LATENCY_BUCKETS_SECONDS, MAX_TIMED_DELIVERIES } from './constants.js'

export interface MetricsSource {
  peerId: () => string
  peers: () => Array<{ peerId: string, connected: boolean, latencyMs?: number }>
}

export class Metrics {
  readonly registry = new Registry()
  private readonly sent: Counter
  private readonly received: Counter
  private readonly receipts: Counter<'state'>
  private readonly wakes: Counter<'result' | 'code'>
  private readonly refused: Counter<'what' | 'code'>
  private readonly peerEvents: Counter<'status'>
  private readonly delivery: Histogram
  private readonly wakeDuration: Histogram<'result'>
  /** obligation → when it was sent, until its DELIVERED receipt is stored here (insertion order: oldest first). */
  private readonly sentAt = new Map<string, number>()
  /** peer → the last round trip observed, so one ping of the connection monitor is one observation. */
  private readonly lastRtt = new Map<string, number>()
  private unsubscribe?: () => void

  constructor (private readonly core: Core, private readonly bus: ObserveBus, private readonly source: MetricsSource) {
    const registers = [this.registry]
    const stats = core.store.stats
    const gauge = <L extends string>(name: string, help: string, labelNames: L[], read: (g: Gauge<L>) => void): void => {
      new Gauge<L>({ name, help, labelNames, registers, collect () { this.reset(); read(this) } })
    }
    gauge('aios_comm_info', 'Constant 1, labeled with this node\'s version and peer id.', ['version', 'peer_id'],
      g => g.set({ version: packageVersion(), peer_id: source.peerId() }, 1))
    this.sent = new Counter({ name: 'aios_comm_messages_sent_total', help: 'Messages signed and queued by seats on this node since the daemon started.', registers })
    this.received = new Counter({ name: 'aios_comm_messages_received_total', help: 'Messages for seats on this node stored and answered DELIVERED since the daemon started.', registers })
    gauge('aios_comm_messages', 'Messages held, by direction (in: for a seat here, out: from a seat here) and derived state.', ['direction', 'state'],
      g => { for (const m of stats.messages()) g.set({ direction: m.direction, state: m.state }, m.count) })
    this.receipts = new Counter({ name: 'aios_comm_receipts_total', help: 'Receipts stored (issued here or received) since the daemon started, by state; FAILED and EXPIRED mark deliveries given up.', labelNames: ['state'], registers })
    gauge('aios_comm_receipts_stored', 'Signed receipts held, by state.', ['state'],
      g => { for (const r of stats.receipts()) g.set({ state: r.state }, r.count) })
    gauge('aios_comm_outbox_depth', 'Outbox items by destination seat, kind and status.', ['dest', 'kind', 'status'],
      g => { for (const o of stats.outbox()) g.set({ dest: o.dest, kind: o.kind, status: o.status }, o.count) })
    this.wakes = new Counter({ name: 'aios_comm_wakes_total', help: 'Wake attempts since the daemon started, by result and failure code.', labelNames: ['result', 'code'], registers })
    this.refused = new Counter({ name: 'aios_comm_verification_failures_total', help: 'Messages, receipts, facts, streams and joins refused by a verification or trust rule since the daemon started, by kind and code.', labelNames: ['what', 'code'], registers })
    gauge('aios_comm_peers_connected', 'Peer nodes with an open connection.', [], g => g.set(source.peers().filter(p => p.connected).length))
    gauge('aios_comm_peers_known', 'Peer nodes known from cards or connections.', [], g => g.set(source.peers().length))
    this.peerEvents = new Counter({ name: 'aios_comm_peer_events_total', help: 'Peer connects (up) and disconnects (down) since the daemon started.', labelNames: ['status'], registers })
    this.delivery = new Histogram({ name: 'aios_comm_delivery_seconds', help: 'From a seat here sending a message to its DELIVERED receipt stored here, since the daemon started.', buckets: LATENCY_BUCKETS_SECONDS, registers })
    this.wakeDuration = new Histogram({ name: 'aios_comm_wake_duration_seconds', help: 'How long wake attempts took since the daemon started, by result.', labelNames: ['result'], buckets: LATENCY_BUCKETS_SECONDS, registers })
    const lastRtt = this.lastRtt
    // read at each scrape, before the gauge below (registered after it): this scrape's histogram holds what it shows
    new Histogram({ name: 'aios_comm_peer_rtt_seconds', help: 'Round trips to connected peers, one observation per ping of the connection monitor (the RTT status shows).', buckets: LATENCY_BUCKETS_SECONDS, registers, collect () {
      const now = new Set<string>()
      for (const p of source.peers()) {
        if (p.latencyMs === undefined) continue
        now.add(p.peerId)
        if (lastRtt.get(p.peerId) !== p.latencyMs) this.observe(p.latencyMs / 1000)
        lastRtt.set(p.peerId, p.latencyMs)
      }
      // only the peers measured now: every peer ever connected (strangers a relay let in among them) would stay otherwise
      for (const id of lastRtt.keys()) if (!now.has(id)) lastRtt.delete(id)
    } })
    new Gauge({ name: 'aios_comm_peer_rtt_last_seconds', help: 'The last round trip to each connected peer.', labelNames: ['peer_id'], registers, collect () {
      this.reset()
      for (const [peerId, ms] of lastRtt) this.set({ peer_id: peerId }, ms / 1000)
    } })
    gauge('aios_comm_event_listeners', 'Listeners on the event bus now: watch streams (CLI watch, MCP waits), web page event streams, A2A streams and blocking waits, and these metrics.', [],
      g => g.set(bus.size))
    collectDefaultMetrics({ register: this.registry })
  }

  /** Peers whose last round trip is remembered (those measured at the last scrape). */
  get peersTimed (): number {
    return this.lastRtt.size
  }

  start (): void {
    this.unsubscribe ??= this.bus.subscribe(e => this.count(e))
  }

  stop (): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  /** The text exposition of every metric, read now. */
  async exposition (): Promise<string> {
    return await this.registry.metrics()
  }

  get contentType (): string {
    return this.registry.contentType
  }

  private count (e: ObservedEvent): void {
    switch (e.type) {
      case 'sent':
        this.sent.inc()
        this.sentAt.set(e.obligation, Date.now())
        if (this.sentAt.size > MAX_TIMED_DELIVERIES) this.sentAt.delete(this.sentAt.keys().next().value as string)
        break
      case 'delivered': this.received.inc(); break
      case 'receipt': {
        this.receipts.inc({ state: e.state })
        const at = this.sentAt.get(e.obligation)
        if (e.state === 'DELIVERED' && at !== undefined) {
          this.delivery.observe((Date.now() - at) / 1000)
          this.sentAt.delete(e.obligation)
        }
        break
      }
      case 'wake':
        this.wakes.inc({ result: e.result, code: e.code ?? '' })
        this.wakeDuration.observe({ result: e.result }, e.durationMs / 1000)
        break
      case 'refused': this.refused.inc({ what: e.what, code: e.code }); break
      case 'peer': this.peerEvents.inc({ status: e.status }); break
    }
  }
}
