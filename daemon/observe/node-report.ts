// The node at a glance: identity and uptime, peers with their round-trip time, seats' health, the outbox per
// destination and the obligations that have waited longest. `status` prints it; the web page and metrics read it.
import type { Core, NodeView } from '../core.js'
import { obligationId } from '../messaging/ids.js'
import { packageVersion } from '../runtime/package-root.js'
import type { OldestOpen } from '../store/index.js'
import type { RetentionView } from '../retention/index.js'
import { seatsHealth, type SeatHealth, type WakeService } from '../wake/index.js'

export interface OutboxDest { dest: string, kind: string, pending: number, failed: number, expired: number, oldestAt: string }
export interface OldestView { obligation: string, from: string, to: string, state: string, since: string, ageSeconds: number }

export interface NodeReport {
  peerId: string
  addresses: string[]
  /** Public addresses a trusted peer has dialed back lately. */
  confirmedPublic: string[]
  /** This node serves as a relay and mailbox for the mesh's members. */
  relay: boolean
  version: string
  startedAt: string
  uptimeSeconds: number
  home: string
  actors: SeatHealth[]
  peers: ReturnType<NodeView['peers']>
  outbox: { pending: number, byDest: OutboxDest[] }
  oldest: { undelivered?: OldestView, openInbox?: OldestView }
  truth: ReturnType<NodeView['truth']>
  messages: number
  /** The store's size and age, the retention policy and the compactions. */
  store?: RetentionView
}

export async function nodeReport (core: Core, node: NodeView, wake: WakeService, startedAtMs: number): Promise<NodeReport> {
  const now = Date.now()
  const stats = core.store.stats
  return {
    peerId: node.peerId(),
    addresses: node.addresses(),
    confirmedPublic: node.reach().confirmedPublic,
    relay: node.reach().relayServing,
    version: packageVersion(),
    startedAt: new Date(startedAtMs).toISOString(),
    uptimeSeconds: Math.round((now - startedAtMs) / 1000),
    home: core.ctx.paths.root,
    actors: await seatsHealth(core, wake), // healthy: the card lets the seat act and its carrier contract holds now
    peers: node.peers(),
    outbox: { pending: core.store.outbox.pendingCount(), byDest: outboxByDest(core) },
    oldest: { undelivered: oldestView(stats.oldestUndelivered(), now), openInbox: oldestView(stats.oldestOpenInbox(), now) },
    truth: node.truth(),
    messages: core.store.messages.countMessages(),
    ...storeView(node)
  }
}

/** One row per destination and kind, with its pending, failed and expired counts. */
function outboxByDest (core: Core): OutboxDest[] {
  const rows = new Map<string, OutboxDest>()
  for (const d of core.store.stats.outbox()) {
    const key = `${d.dest}\u0000${d.kind}`
    const row = rows.get(key) ?? { dest: d.dest, kind: d.kind, pending: 0, failed: 0, expired: 0, oldestAt: new Date(d.oldestAtMs).toISOString() }
    if (d.status === 'pending' || d.status === 'failed' || d.status === 'expired') row[d.status] += d.count
    if (new Date(d.oldestAtMs).toISOString() < row.oldestAt) row.oldestAt = new Date(d.oldestAtMs).toISOString()
    rows.set(key, row)
  }
  return [...rows.values()]
}

function oldestView (o: OldestOpen | undefined, now: number): OldestView | undefined {
  if (o === undefined) return undefined
  return { obligation: obligationId(o.id), from: o.from, to: o.to, state: o.state, since: new Date(o.sinceMs).toISOString(), ageSeconds: Math.round((now - o.sinceMs) / 1000) }
}

/** The store's size and age and the compactions, as `retention` shows them. */
function storeView (node: NodeView): { store?: RetentionView } {
  const v = node.retention?.()
  return v === undefined ? {} : { store: v }
}
