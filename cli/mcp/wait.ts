// The MCP waits: a seat's next unread message, and an obligation reaching a state. Each subscribes to the daemon's
// watch stream first, then looks once; every event that could change the answer looks again. No polling.
import { MeshError } from '../../cards/index.js'
import { subscribe } from '../control-client.js'
import type { InboxItem } from '../../daemon/messaging/index.js'
import type { ObservedEvent } from '../../daemon/observe/index.js'
import type { ToolContext } from './tool-context.js'

export const WAIT_DEFAULT_MS = 50_000 // below 60 s: the MCP SDK client's default request timeout and Codex's default tool_timeout_sec
export const WAIT_MAX_MS = 600_000 // the daemon's own longest wait; a longer one is a loop of waits

/** The states wait_for_state accepts; the first four are ranked, any later one counts as reached too. */
export const WAIT_STATES = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED'] as const
const RANKED = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE']
/** Nothing follows these: a wait for any state ends when one is reached. */
export const TERMINAL = new Set(['COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED', 'EXPIRED', 'FAILED'])
/**
 * News for the seat: delivered and not read yet (a recipient's message is DELIVERED as it is stored), or withdrawn by
 * its sender and not read since (the open inbox lists a CANCELED message until the seat reads it).
 */
const UNREAD = new Set(['DELIVERY_PENDING', 'DELIVERED', 'CANCELED'])

export interface WaitMessageArgs { from?: string, thread?: string, timeoutMs?: number }
export interface WaitMessageResult { timedOut: boolean, message?: InboxItem, unread: number }
export interface WaitStateArgs { obligation: string, state?: typeof WAIT_STATES[number], timeoutMs?: number }
export interface WaitStateResult { obligation: string, state: string, reached: boolean, timedOut: boolean }

/** The request was canceled by the client: the SDK sends no answer to a canceled request. */
export class WaitAborted extends Error {
  constructor () { super('the client canceled the wait') }
}

/**
 * Subscribes to the watch stream (only `types`), then runs `look` once and again after each event `relevant`
 * accepts, one look at a time, until a look answers, the timeout (answered by `onTimeout`) or the client cancels.
 * The subscription is closed in every case.
 */
async function watchUntil<T> (c: ToolContext, o: {
  types: string[]
  relevant: (e: ObservedEvent) => boolean
  look: () => Promise<T | undefined>
  onTimeout: () => Promise<T>
  timeoutMs: number
}): Promise<T> {
  if (c.signal.aborted) throw new WaitAborted()
  return await new Promise<T>((resolve, reject) => {
    let settled = false
    let close = (): void => {}
    let timer: NodeJS.Timeout | undefined
    let looking = false
    let again = false
    const finish = (fn: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      c.signal.removeEventListener('abort', onAbort)
      close()
      fn()
    }
    const onAbort = (): void => finish(() => reject(new WaitAborted()))
    const lookNow = (): void => {
      if (settled) return
      if (looking) { again = true; return }
      looking = true
      o.look().then(found => {
        looking = false
        if (found !== undefined) finish(() => resolve(found))
        else if (again) { again = false; lookNow() }
      }, err => finish(() => reject(err)))
    }
    c.signal.addEventListener('abort', onAbort, { once: true })
    timer = setTimeout(() => { o.onTimeout().then(r => finish(() => resolve(r)), err => finish(() => reject(err))) }, o.timeoutMs)
    subscribe(c.home, 'watch', { types: o.types }, e => { if (o.relevant(e)) lookNow() }, c.access).then(sub => {
      close = sub.close
      if (settled) { sub.close(); return }
      sub.done.catch(err => finish(() => reject(err instanceof MeshError ? err : new MeshError('DAEMON_STOPPED', 'the daemon closed the watch stream'))))
      lookNow() // after subscribing: a message stored before this look is found by it, one stored after by an event
    }, err => finish(() => reject(err)))
  })
}

/** The acting seat's handle, asked once per server. */
const seats = new WeakMap<ToolContext['call'], Promise<string>>()
async function seatOf (c: ToolContext): Promise<string> {
  let p = seats.get(c.call)
  if (p === undefined) {
    p = c.call('whoami', { as: c.as }).then(w => w.handle)
    p.catch(() => seats.delete(c.call))
    seats.set(c.call, p)
  }
  return await p
}

/**
 * Role work is news for a seat of the role while nobody holds it, or while this seat holds it and has not read it;
 * work another seat holds is not (it comes back when that lease ends and the work is offered again).
 */
const forSeat = (m: InboxItem, seat: string): boolean => m.role === undefined || m.role.holder === undefined || m.role.holder === seat

export async function waitForMessage (c: ToolContext, a: WaitMessageArgs): Promise<WaitMessageResult> {
  const seat = await seatOf(c)
  const unread = async (): Promise<InboxItem[]> => (await c.call('inbox', { as: seat }))
    // a COMPLETE this seat was named to audit is news too, until it has its verdict
    .filter(m => (UNREAD.has(m.state) || m.audit !== undefined) && forSeat(m, seat) && (a.from === undefined || m.from === a.from) && (a.thread === undefined || m.thread === a.thread))
  return await watchUntil<WaitMessageResult>(c, {
    types: ['delivered', 'receipt'],
    // a withdrawal arrives as its sender's CANCELED receipt (the inbox look keeps only this seat's messages); role
    // work, when it arrives and when it is offered again after a lease ended, is a delivery to each of the role's seats
    relevant: e => (e.type === 'delivered' && e.to === seat && (a.from === undefined || e.from === a.from)) ||
      (e.type === 'receipt' && e.state === 'CANCELED' && (a.from === undefined || e.actor === a.from)),
    look: async () => {
      const list = await unread()
      return list.length === 0 ? undefined : { timedOut: false, message: list[0], unread: list.length }
    },
    onTimeout: async () => {
      const list = await unread() // a last look: a message that is there is never answered with timedOut
      return list.length === 0 ? { timedOut: true, unread: 0 } : { timedOut: false, message: list[0], unread: list.length }
    },
    timeoutMs: a.timeoutMs ?? WAIT_DEFAULT_MS
  })
}

/**
 * Reached: the state asked for, a later one on the lattice, or a terminal one. An obligation with an auditor is not
 * over at COMPLETE when AUDITED is asked for: its COMPLETE waits for the verdict.
 */
export function reached (state: string, target: string, audited = false): boolean {
  if (audited && target === 'AUDITED' && state === 'COMPLETE') return false
  if (state === target || TERMINAL.has(state)) return true
  const have = RANKED.indexOf(state)
  const want = RANKED.indexOf(target)
  return have >= 0 && want >= 0 && have >= want
}

export async function waitForState (c: ToolContext, a: WaitStateArgs): Promise<WaitStateResult> {
  const target = a.state ?? 'COMPLETE'
  let audited = false
  const now = async (): Promise<string> => {
    const v = await c.call('status', { obligation: a.obligation })
    audited = v.auditor !== undefined
    return v.state
  }
  return await watchUntil<WaitStateResult>(c, {
    types: ['receipt'],
    relevant: e => e.type === 'receipt' && e.obligation === a.obligation,
    look: async () => {
      const state = await now()
      return reached(state, target, audited) ? { obligation: a.obligation, state, reached: true, timedOut: false } : undefined
    },
    onTimeout: async () => ({ obligation: a.obligation, state: await now(), reached: false, timedOut: true }),
    timeoutMs: a.timeoutMs ?? WAIT_DEFAULT_MS
  })
}
