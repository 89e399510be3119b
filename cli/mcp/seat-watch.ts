// The daemon's watch stream for one MCP server's seat: one subscription, reopened with a bounded back-off when the
// daemon stops or restarts; events narrowed to the seat's own messages and handed on one at a time, in order.
import { MeshError } from '../../cards/index.js'
import type { ObservedEvent } from '../../daemon/observe/index.js'
import { call, subscribe, type CallOptions } from '../control-client.js'

export const REOPEN_FIRST_MS = 250 // a restarted daemon is usually back within a second: the first try comes soon
export const REOPEN_MAX_MS = 5_000 // the back-off stops doubling here: mail is heard within seconds of the daemon's return
export const KNOWN_OBLIGATIONS = 5_000 // obligations whose sides (sent, received, neither) are remembered: a busy node's receipts cost one lookup each, not one per receipt

/** What the seat hears: `received` — the seat is the message's recipient; `sent` — its sender (both for a note to itself). */
export type SeatEvent =
  | { kind: 'watching', seat: string, reopened: boolean }
  | { kind: 'lost', code: string, message: string, retryInMs: number }
  | { kind: 'delivered', obligation: string, from: string, to: string }
  | { kind: 'receipt', obligation: string, state: string, actor: string, received: boolean, sent: boolean }

export interface SeatWatchOptions {
  home: string
  as?: string
  access?: CallOptions
}

interface Sides { sent: boolean, received: boolean }

/** The seat the server acts as: --as, else the token's seat (seat socket) or the node's only seat, as the daemon says. */
async function resolveSeat (o: SeatWatchOptions): Promise<string> {
  if (o.as !== undefined && o.as !== '') return o.as
  return (await call(o.home, 'whoami', {}, o.access)).handle
}

/**
 * Starts watching (the first subscription is opened at once, without waiting); returns a stop function. onEvent is
 * called for one event at a time, in the stream's order; its failures are its own.
 */
export function watchSeat (o: SeatWatchOptions, onEvent: (e: SeatEvent) => Promise<void> | void): () => void {
  let stopped = false
  let up = false
  let opens = 0
  let delay = REOPEN_FIRST_MS
  let seat: string | undefined
  let close: (() => void) | undefined
  let timer: NodeJS.Timeout | undefined
  let chain = Promise.resolve()
  const sides = new Map<string, Sides | null>() // null: neither sent nor received by the seat
  const enqueue = (fn: () => Promise<void> | void): void => { chain = chain.then(fn).catch(() => {}) }

  const remember = (ob: string, s: Sides | null): void => {
    sides.delete(ob)
    sides.set(ob, s)
    if (sides.size > KNOWN_OBLIGATIONS) sides.delete(sides.keys().next().value as string) // the oldest first
  }

  /** Which side of an obligation the seat is on: from the events seen, else from the daemon (no receipt issued). */
  const sidesOf = async (ob: string): Promise<Sides | null | undefined> => {
    if (sides.has(ob)) return sides.get(ob)
    try {
      const m = await call(o.home, 'message', { as: seat, obligation: ob }, o.access)
        .catch(async err => {
          // not a mesh message: one the seat sent to an outside A2A agent, which `status` answers (and `message` does not)
          if (!(err instanceof MeshError) || err.code !== 'OBLIGATION_UNKNOWN') throw err
          const v = await call(o.home, 'status', { obligation: ob }, o.access).catch(() => { throw err })
          if (v.from !== seat) throw err
          return { from: v.from, to: v.to }
        })
      const s = { sent: m.from === seat, received: m.to === seat }
      remember(ob, s)
      return s
    } catch (err) {
      if (err instanceof MeshError && err.code === 'OBLIGATION_UNKNOWN') remember(ob, null) // another seat's
      return undefined // the daemon may be going away: this event is skipped, the next one asks again
    }
  }

  const handle = async (e: ObservedEvent): Promise<void> => {
    if (e.type === 'sent') {
      if (e.from === seat) remember(e.obligation, { sent: true, received: e.to === seat })
    } else if (e.type === 'delivered') {
      if (e.to !== seat) return
      remember(e.obligation, { sent: e.from === seat, received: true })
      await onEvent({ kind: 'delivered', obligation: e.obligation, from: e.from, to: e.to })
    } else if (e.type === 'receipt') {
      const s = await sidesOf(e.obligation)
      if (s === null || s === undefined) return
      await onEvent({ kind: 'receipt', obligation: e.obligation, state: e.state, actor: e.actor, received: s.received, sent: s.sent })
    }
  }

  const lost = (err: unknown): void => {
    close = undefined
    if (stopped) return
    const retryInMs = delay
    delay = Math.min(delay * 2, REOPEN_MAX_MS)
    if (up) {
      up = false
      const code = err instanceof MeshError ? err.code : 'INTERNAL'
      const message = err instanceof Error ? err.message : String(err)
      enqueue(async () => await onEvent({ kind: 'lost', code, message, retryInMs }))
    }
    timer = setTimeout(() => { void open() }, retryInMs)
  }

  const open = async (): Promise<void> => {
    timer = undefined
    if (stopped) return
    try {
      seat ??= await resolveSeat(o)
      const sub = await subscribe(o.home, 'watch', { types: ['sent', 'delivered', 'receipt'] }, e => { enqueue(async () => await handle(e)) }, o.access)
      if (stopped) {
        sub.close()
        return
      }
      close = sub.close
      up = true
      delay = REOPEN_FIRST_MS
      const watching: SeatEvent = { kind: 'watching', seat, reopened: opens++ > 0 }
      enqueue(async () => await onEvent(watching))
      sub.done.then(() => lost(new MeshError('DAEMON_STOPPED', 'the daemon closed the watch stream')), lost)
    } catch (err) {
      lost(err)
    }
  }

  void open()
  return () => {
    stopped = true
    if (timer !== undefined) clearTimeout(timer)
    close?.()
  }
}
