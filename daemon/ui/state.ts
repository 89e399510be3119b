// What the web page shows, in one JSON document: the node, the mesh (nodes and their seats' Current cards),
// recent obligations with their receipt chains and evidence, the outbox, recent wakes and events.
import { envelopeFromWire, messageFromWire } from '../../proto/index.js'
import type { Core, NodeView } from '../core.js'
import * as messaging from '../messaging/index.js'
import { roleOfAddress } from '../receipts/index.js'
import { journey, nodeReport, type ObserveBus, RECENT_OBLIGATIONS, RECENT_WAKES } from '../observe/index.js'
import { obligationWake, recentWakes, type WakeService } from '../wake/index.js'

export interface UiDeps {
  core: Core
  node: NodeView
  wake: WakeService
  bus: ObserveBus
}

const PREVIEW_CHARS = 120

export async function uiState (d: UiDeps): Promise<unknown> {
  const report = await nodeReport(d.core, d.node, d.wake, d.node.startedAtMs)
  return {
    at: new Date().toISOString(),
    node: report,
    mesh: mesh(d, report.actors.map(a => ({ handle: a.handle, healthy: a.healthy, problem: a.problem }))),
    obligations: await obligations(d.core),
    outbox: messaging.outbox(d.core, true),
    wakes: recentWakes(d.core, undefined, RECENT_WAKES),
    events: d.bus.recent().slice(-50).reverse()
  }
}

/** Every node known from cards and connections, this one first, each with the seats its newest cards place there. */
function mesh (d: UiDeps, health: Array<{ handle: string, healthy: boolean, problem?: string }>): unknown[] {
  const self = d.node.peerId()
  const peers = new Map(d.node.peers().map(p => [p.peerId, p]))
  const ids = [self, ...[...new Set([...peers.keys(), ...d.core.directory.all().map(c => c.peerId)])].filter(p => p !== self).sort()]
  return ids.map(peerId => {
    const p = peers.get(peerId)
    const seats = d.core.directory.all().filter(c => c.peerId === peerId).sort((a, b) => a.handle.localeCompare(b.handle)).map(c => {
      const h = health.find(x => x.handle === c.handle)
      return {
        handle: c.handle, carrier: c.carrier, model: c.model, pane: c.pane, seq: c.seq, updatedAt: new Date(c.updatedAtMs).toISOString(),
        addresses: c.multiaddrs, healthy: h?.healthy, problem: h?.problem
      }
    })
    return {
      peerId,
      self: peerId === self,
      online: peerId === self || p?.connected === true,
      latencyMs: p?.latencyMs,
      addresses: (peerId === self ? d.node.addresses() : p?.addresses ?? []).map(a => a.replace(/\/p2p\/[^/]+$/, '')),
      seats
    }
  })
}

async function obligations (core: Core): Promise<unknown[]> {
  return await Promise.all(core.store.stats.recentMessageIds(RECENT_OBLIGATIONS).map(async id => {
    const ob = messaging.obligationId(id)
    const v = await messaging.status(core, ob)
    const w = obligationWake(core, id)
    const j = journey(core, v, w)
    const m = core.store.messages.message(id)
    // the page offers pass and fail to a seat of this node named as auditor, once a COMPLETE waits for its verdict
    const auditor = m?.auditor !== undefined && core.store.identity.actor(m.auditor)?.hosted === true
    return { ...v, preview: m === undefined ? undefined : preview(m.envelope), sender: m?.localFrom === true, recipient: m?.localTo === true, auditing: auditor, role: roleWork(core, v), journey: j.steps, done: j.done, verdict: j.verdict }
  }))
}

/**
 * Role work (to role:NAME): the role, this node's seats that hold it, and the live lease — who holds it, until when,
 * its fence, and whether the holder is a seat here (then the page offers read/ack/reject, renew and release).
 */
function roleWork (core: Core, v: messaging.ObligationView): unknown {
  const role = roleOfAddress(v.to)
  if (role === undefined) return undefined
  const live = v.leases?.find(l => l.end === 'live')
  const seats = messaging.localRoleSeats(core, role)
  return {
    name: role,
    seats,
    ...(live === undefined ? {} : { holder: live.holder, fence: live.fence, until: live.expiresAt, mine: seats.includes(live.holder) })
  }
}

function preview (envelope: Uint8Array): string {
  const text = Buffer.from(messageFromWire(envelopeFromWire(envelope).payload).body).toString('utf8').replace(/\s+/g, ' ')
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text
}
