// What `status`, `doctor` and the `wakes` route show about wakes: a seat's health (its contract checked now and
// its last attempt), the recent attempts, and where one obligation's wake stands.
import type { Core } from '../core.js'
import type { ContractItem } from '../carriers/index.js'
import type { WakeRow } from '../store/index.js'
import { obligationId } from '../messaging/ids.js'
import type { WakeService } from './service.js'

export interface WakeView {
  at: string
  seat: string
  carrier: string
  pane?: string
  tmuxSocket?: string
  obligation: string
  count: number
  result: string
  code?: string
  error?: string
  durationMs: number
}

export interface SeatHealth {
  handle: string
  carrier: string
  pane?: string
  tmuxSocket?: string
  healthy: boolean
  problem?: string
  fix?: string
  contract: ContractItem[]
  wakesOwed: number
  lastWake?: WakeView
}

export interface ObligationWake {
  state: 'woken' | 'waiting'
  queuedAt: string
  wokenAt?: string
  attempts: number
  last?: WakeView
}

export function wakeView (w: WakeRow): WakeView {
  return {
    at: new Date(w.atMs).toISOString(),
    seat: w.handle,
    carrier: w.carrier,
    pane: w.pane,
    tmuxSocket: w.tmuxSocket,
    obligation: obligationId(w.newest),
    count: w.count,
    result: w.result,
    code: w.code,
    error: w.error,
    durationMs: w.durationMs
  }
}

/** A seat is healthy when its card lets it act (directory) and its carrier contract holds now. */
export async function seatHealth (core: Core, wake: WakeService, handle: string): Promise<SeatHealth | undefined> {
  const a = core.store.identity.actor(handle)
  const verdict = await wake.check(handle)
  if (a === undefined || verdict === undefined) return undefined
  const card = core.directory.check(handle)
  const last = core.store.carriers.wakes(handle, 1)[0]
  const h: SeatHealth = {
    handle,
    carrier: a.carrier,
    pane: a.pane,
    tmuxSocket: a.tmuxSocket,
    healthy: card.ok && verdict.ok,
    contract: verdict.items,
    wakesOwed: core.store.carriers.owed(handle)?.count ?? 0,
    lastWake: last === undefined ? undefined : wakeView(last)
  }
  if (!card.ok) h.problem = `${card.code}: ${card.reason}`
  else if (!verdict.ok) {
    h.problem = `${verdict.code}: ${verdict.reason}`
    h.fix = verdict.fix
  }
  return h
}

export async function seatsHealth (core: Core, wake: WakeService): Promise<SeatHealth[]> {
  const all = await Promise.all(core.store.identity.actors().map(async a => await seatHealth(core, wake, a.handle)))
  return all.filter((h): h is SeatHealth => h !== undefined)
}

export function recentWakes (core: Core, handle: string | undefined, limit: number): WakeView[] {
  return core.store.carriers.wakes(handle, limit).map(wakeView)
}

/** Where the wake for one message stands; undefined for a message that is not for a seat here. */
export function obligationWake (core: Core, messageId: Uint8Array): ObligationWake | undefined {
  const q = core.store.carriers.queued(messageId)
  if (q === undefined) return undefined
  const attempts = core.store.carriers.wakesBetween(q.handle, q.queuedAtMs, q.wokenAtMs ?? Date.now())
  const last = attempts[attempts.length - 1]
  return {
    state: q.wokenAtMs !== undefined ? 'woken' : 'waiting',
    queuedAt: new Date(q.queuedAtMs).toISOString(),
    wokenAt: q.wokenAtMs === undefined ? undefined : new Date(q.wokenAtMs).toISOString(),
    attempts: attempts.length,
    last: last === undefined ? undefined : wakeView(last)
  }
}
