// The node's metrics: counters that move with observed events since the daemon started, gauges read from the
// store and the libp2p node at each scrape, and the process's own numbers.
import type { Core } from '../core.js'
import { packageVersion } from '../runtime/package-root.js'
import type { ObserveBus } from './bus.js'
import type { ObservedEvent } from './event.js'
import { LabeledCounter, type Family } from './exposition.js'

export interface MetricsSource {
  peerId: () => string
  peers: () => Array<{ connected: boolean }>
}

export class Metrics {
  private readonly sent = new LabeledCounter()
  private readonly received = new LabeledCounter()
  private readonly receipts = new LabeledCounter()
  private readonly wakes = new LabeledCounter()
  private readonly refused = new LabeledCounter()
  private readonly peerEvents = new LabeledCounter()
  private unsubscribe?: () => void

  constructor (private readonly core: Core, private readonly bus: ObserveBus, private readonly source: MetricsSource) {}

  start (): void {
    this.unsubscribe ??= this.bus.subscribe(e => this.count(e))
  }

  stop (): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  private count (e: ObservedEvent): void {
    switch (e.type) {
      case 'sent': this.sent.inc(); break
      case 'delivered': this.received.inc(); break
      case 'receipt': this.receipts.inc({ state: e.state }); break
      case 'wake': this.wakes.inc({ result: e.result, code: e.code ?? '' }); break
      case 'refused': this.refused.inc({ what: e.what, code: e.code }); break
      case 'peer': this.peerEvents.inc({ status: e.status }); break
    }
  }

  collect (): Family[] {
    const stats = this.core.store.stats
    const peers = this.source.peers()
    return [
      { name: 'aios_comm_info', help: 'Constant 1, labeled with this node\'s version and peer id.', type: 'gauge', samples: [{ labels: { version: packageVersion(), peer_id: this.source.peerId() }, value: 1 }] },
      { name: 'aios_comm_messages_sent_total', help: 'Messages signed and queued by seats on this node since the daemon started.', type: 'counter', samples: this.sent.samples() },
      { name: 'aios_comm_messages_received_total', help: 'Messages for seats on this node stored and answered DELIVERED since the daemon started.', type: 'counter', samples: this.received.samples() },
      { name: 'aios_comm_messages', help: 'Messages held, by direction (in: for a seat here, out: from a seat here) and derived state.', type: 'gauge', samples: stats.messages().map(m => ({ labels: { direction: m.direction, state: m.state }, value: m.count })) },
      { name: 'aios_comm_receipts_total', help: 'Receipts stored (issued here or received) since the daemon started, by state; FAILED and EXPIRED mark deliveries given up.', type: 'counter', samples: this.receipts.samples() },
      { name: 'aios_comm_receipts_stored', help: 'Signed receipts held, by state.', type: 'gauge', samples: stats.receipts().map(r => ({ labels: { state: r.state }, value: r.count })) },
      { name: 'aios_comm_outbox_depth', help: 'Outbox items by destination seat, kind and status.', type: 'gauge', samples: stats.outbox().map(o => ({ labels: { dest: o.dest, kind: o.kind, status: o.status }, value: o.count })) },
      { name: 'aios_comm_wakes_total', help: 'Wake attempts since the daemon started, by result and failure code.', type: 'counter', samples: this.wakes.samples() },
      { name: 'aios_comm_verification_failures_total', help: 'Messages, receipts, facts, streams and joins refused by a verification or trust rule since the daemon started, by kind and code.', type: 'counter', samples: this.refused.samples() },
      { name: 'aios_comm_peers_connected', help: 'Peer nodes with an open connection.', type: 'gauge', samples: [{ value: peers.filter(p => p.connected).length }] },
      { name: 'aios_comm_peers_known', help: 'Peer nodes known from cards or connections.', type: 'gauge', samples: [{ value: peers.length }] },
      { name: 'aios_comm_peer_events_total', help: 'Peer connects (up) and disconnects (down) since the daemon started.', type: 'counter', samples: this.peerEvents.samples() },
      ...processFamilies()
    ]
  }
}

function processFamilies (): Family[] {
  const cpu = process.cpuUsage()
  const mem = process.memoryUsage()
  const g = (name: string, help: string, value: number, type: 'gauge' | 'counter' = 'gauge'): Family => ({ name, help, type, samples: [{ value }] })
  return [
    g('process_cpu_user_seconds_total', 'User CPU time spent in seconds.', cpu.user / 1e6, 'counter'),
    g('process_cpu_system_seconds_total', 'System CPU time spent in seconds.', cpu.system / 1e6, 'counter'),
    g('process_cpu_seconds_total', 'Total user and system CPU time spent in seconds.', (cpu.user + cpu.system) / 1e6, 'counter'),
    g('process_resident_memory_bytes', 'Resident memory size in bytes.', mem.rss),
    g('process_start_time_seconds', 'Start time of the process since the Unix epoch in seconds.', Math.round(Date.now() / 1000 - process.uptime())),
    g('nodejs_heap_size_used_bytes', 'V8 heap in use in bytes.', mem.heapUsed),
    g('nodejs_heap_size_total_bytes', 'V8 heap size in bytes.', mem.heapTotal),
    g('nodejs_external_memory_bytes', 'Memory of C++ objects bound to JavaScript objects in bytes.', mem.external)
  ]
}
