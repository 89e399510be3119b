// The doctor's checks that only the daemon can answer: libp2p listening, peers, every seat's carrier contract
// checked in the daemon's own environment (what a service restart can lose), and clock skew.
import type { Core } from '../core.js'
import { seatsHealth, type SeatHealth, type WakeService } from '../wake/index.js'
import { clockCheck } from './clock.js'
import { endorsementChecks } from './endorsement.js'
import { reachCheck, type ReachFacts } from './reach.js'
import { fail, pass, warn, type DoctorCheck } from './types.js'
import type { RetentionView } from '../retention/index.js'

export interface DoctorNodeView {
  addresses: () => string[]
  peers: () => Array<{ peerId: string, connected: boolean, handles: string[] }>
  /** How the node is reachable: its relay serving and the public addresses peers confirmed. */
  reach: () => Omit<ReachFacts, 'addresses'>
  /** The store's size and age and the compactions (absent: the daemon has no retention service yet). */
  retention?: () => RetentionView | undefined
}

export interface DaemonDoctor {
  pid: number
  checks: DoctorCheck[]
  /** Every variable some seat's contract needs: the service's environment file must hold them all. */
  requiredEnv: string[]
}

export async function daemonDoctor (core: Core, view: DoctorNodeView, wake: WakeService): Promise<DaemonDoctor> {
  const seats = await seatsHealth(core, wake)
  const checks = [listeningCheck(view), peersCheck(view), reachCheck({ addresses: view.addresses(), ...view.reach() }, view.peers()), clockCheck(core), ...seats.map(s => seatCheck(s, 'the daemon')), ...endorsementChecks(core.ctx), waitingFactsCheck(core), ...storeCheck(view.retention?.())]
  const requiredEnv = [...new Set(core.store.identity.actors().flatMap(a => a.requireEnv))].sort()
  return { pid: process.pid, checks, requiredEnv }
}

function listeningCheck (view: DoctorNodeView): DoctorCheck {
  const a = view.addresses()
  return a.length > 0 ? pass('libp2p listening', a.join(' ')) : fail('libp2p listening', 'the node listens on no address', 'check listen in config.json (aios-comm init --listen MULTIADDR) and that the port is free')
}

function peersCheck (view: DoctorNodeView): DoctorCheck {
  const peers = view.peers()
  if (peers.length === 0) return pass('peers', 'no peers')
  const up = peers.filter(p => p.connected)
  const down = peers.filter(p => !p.connected).map(p => p.handles.join(',') || p.peerId.slice(-8))
  const detail = `${up.length} of ${peers.length} connected${down.length > 0 ? `; not connected: ${down.join(' ')}` : ''}`
  if (up.length > 0) return pass('peers', detail)
  return fail('peers', detail, 'check the network and the peers\' addresses (aios-comm peers, aios-comm where HANDLE)')
}

/** One line per seat: its contract item by item, and its last wake. `by` says whose environment was checked. */
export function seatCheck (s: SeatHealth, by: string): DoctorCheck {
  const last = s.lastWake === undefined ? 'no wake yet'
    : `last wake ${s.lastWake.result}${s.lastWake.code !== undefined ? ` ${s.lastWake.code}` : ''} at ${s.lastWake.at}`
  const owed = s.wakesOwed > 0 ? `; ${s.wakesOwed} message${s.wakesOwed === 1 ? '' : 's'} waiting for a wake` : ''
  const name = `seat ${s.handle}`
  if (!s.healthy) return fail(name, `${s.problem ?? 'unhealthy'} (checked by ${by}); ${last}${owed}`, s.fix ?? 'see aios-comm status')
  const items = s.contract.map(i => `${i.name}: ${i.detail}`).join('; ')
  return pass(name, `${s.carrier}; ${items}; ${last}${owed}`)
}

// A fact set aside for a card normally waits for a later page of the same log: seconds. Past this, its card is not
// coming by itself, and the receipts or leases it carries stay invisible here.
export const FACTS_WAITING_WARN_MS = 10 * 60_000

/** Receipts and leases from peers' logs set aside until the card they need is held (daemon/sync/sync-client.ts). */
export function waitingFactsCheck (core: Core, nowMs = Date.now()): DoctorCheck {
  const name = 'facts waiting for a card'
  const w = core.store.deferred.summary()
  if (w.count === 0 || w.oldestAtMs === undefined) return pass(name, 'none')
  const detail = `${w.count} receipt(s) or lease(s) wait for the card of ${w.awaiting.join(', ')}${w.handles > w.awaiting.length ? ` and ${w.handles - w.awaiting.length} other(s)` : ''}; the oldest since ${new Date(w.oldestAtMs).toISOString()}`
  if (nowMs - w.oldestAtMs < FACTS_WAITING_WARN_MS) return pass(name, detail)
  return warn(name, detail, `no peer has served that card: check that a node hosting ${w.awaiting[0]} is connected (aios-comm peers), or import its card (aios-comm card import FILE)`)
}

const mib = (n: number): string => `${(n / 1048576).toFixed(1)} MiB`

/** The store's size, what it holds, how old its history is and when it is compacted next. */
export function storeCheck (v: RetentionView | undefined): DoctorCheck[] {
  if (v === undefined) return []
  const s = v.store
  const days = (ms: number): string => `${Math.round(ms / 86_400_000)}d`
  const policy = `archive after ${days(v.policy.archiveAfterMs)}, ${v.policy.purgeAfterMs === undefined ? 'never purge' : `purge after ${days(v.policy.purgeAfterMs)}`}`
  const detail = [
    `${mib(s.bytes)} (+ ${mib(s.walBytes)} log, ${mib(s.freeBytes)} free)`,
    `${s.messages} messages, ${s.facts} facts, ${s.archived} archived, ${s.purged} purged`,
    `oldest retained ${v.oldestRetained ?? 'none'}`,
    policy,
    `next compaction ${v.nextCompaction ?? 'not scheduled'}`,
    ...(v.lastCompaction === undefined ? [] : [`last ${v.lastCompaction.startedAt}: ${v.lastCompaction.archived} archived, ${v.lastCompaction.factsDropped} facts dropped`])
  ].join('; ')
  return [pass('store', detail)]
}
