// Waiting for an obligation to reach a state, driven by receipt events (no polling): for scripts and benchmarks.
// A waiter keeps the state it knows (its first look joined with every receipt since), so a receipt event costs it
// no query: receipts only move an obligation up the lattice, and each event names the state it brought.
import { MeshError } from '../../cards/index.js'
import type { Core } from '../core.js'
import { deriveState, isFinal, rank } from '../receipts/index.js'
import { obligationId, parseObligation } from './ids.js'
import { requireMessage } from './receipts-in.js'

export const MAX_WAIT_MS = 600_000

/** What a wait ended with: the state reached, or (timedOut) the state held when the time ran out. */
export interface WaitOutcome { state: string, timedOut: boolean }

/** The outbox's words for a message that will never be delivered: not receipts, so not on the lattice. */
const GAVE_UP: ReadonlySet<string> = new Set(['EXPIRED', 'FAILED'])

/** Refuses (BAD_REQUEST) a state nobody can wait for; before anything is done, so a refused wait changes nothing. */
export function checkWaitTarget (target: string): void {
  if (rank(target) < 1 && !isFinal(target)) throw new MeshError('BAD_REQUEST', 'state must be DELIVERED, READ, CONSUMED, COMPLETE, AUDITED, REJECTED or CANCELED')
}

export async function waitFor (core: Core, ob: string, target: string, timeoutMs: number): Promise<{ obligation: string, state: string }> {
  checkWaitTarget(target)
  const id = parseObligation(ob)
  if (core.store.messages.stateOf(id) === undefined) requireMessage(core, id, ob)
  const r = await reachState(core, id, target, timeoutMs)
  if (r.timedOut) throw new MeshError('WAIT_TIMEOUT', `${obligationId(id)} did not reach ${target} within ${timeoutMs} ms (now ${r.state})`)
  return { obligation: obligationId(id), state: r.state }
}

/**
 * Resolves when the message reaches `target` (or a later state, or a final one, or the outbox gave up on it), or
 * with timedOut when `timeoutMs` (at most MAX_WAIT_MS) runs out; never rejects. The message must be held here.
 * `fresh`: notify made it in this call (its outbox row is pending).
 */
export function reachState (core: Core, id: Uint8Array, target: string, timeoutMs: number, opts: { fresh?: boolean } = {}): Promise<WaitOutcome> {
  // not async: the promise below is all a wait holds (a suspended frame would hold the arguments as well)
  const key = Buffer.from(id).toString('hex')
  const first = opts.fresh === true ? 'DELIVERY_PENDING' : undefined
  return new Promise(resolve => {
    const w = waiters(core)
    let held: string | undefined
    let timer: NodeJS.Timeout | undefined
    let done = false
    const settle = (r: WaitOutcome): void => {
      done = true
      clearTimeout(timer)
      w.pending.delete(end)
      resolve(r)
    }
    // the daemon stops: the wait ends now with what it knows, and reads nothing more
    const end = (): void => {
      w.remove(key, waiter)
      settle({ state: held ?? 'unknown', timedOut: true })
    }
    const waiter = (state: string | undefined): boolean => {
      if (done) return true
      // a verdict can void a COMPLETE (the one step that moves an obligation back): the stored state says where it is
      held = state === 'AUDITED' ? lookState(core, id) : join(held, state === undefined || GAVE_UP.has(state) ? lookState(core, id) : state)
      if (!reached(held, target)) return false
      settle({ state: held as string, timedOut: false })
      return true
    }
    if (w.ended) {
      end()
      return
    }
    // subscribed before the first look: a receipt stored while it reads is heard, not lost between the two
    w.add(key, waiter)
    // a message notify made in this call was committed DELIVERY_PENDING, and no receipt for it can be stored before
    // this subscription: one needs the message sent and answered (or accepted here), which takes a turn of the event
    // loop after the commit that made it; so the first look is that state, with no read. (Its outbox row's giving up
    // comes as an EXPIRED or FAILED event.)
    // done as well when a receipt told during the look (while it reads) ended the wait: no timer is set then
    if (waiter(first) || done) {
      w.remove(key, waiter)
      return
    }
    w.pending.add(end)
    timer = setTimeout(() => {
      w.remove(key, waiter)
      const now = lookState(core, id) ?? held ?? 'unknown'
      settle({ state: now, timedOut: !reached(now, target) })
    }, Math.min(timeoutMs, MAX_WAIT_MS))
  })
}

/**
 * Ends every wait on this node's store, now: each is answered with the state it holds, as a wait that ran out, and its
 * timer goes (a wait of up to MAX_WAIT_MS would otherwise keep a stopped daemon's process alive). Waits asked for
 * after this end at once. Called as the daemon stops, before its store closes.
 */
export function endWaits (core: Core): void {
  const w = waiters(core)
  w.ended = true
  for (const end of [...w.pending]) end() // each takes itself out
}

/** The obligation's state as stored, with the outbox's EXPIRED or FAILED for a message it gave up on. */
function lookState (core: Core, id: Uint8Array): string | undefined {
  if (!core.store.open) return undefined // closed under a wait that outlived it (a store closed without endWaits)
  const m = core.store.messages.stateOf(id)
  if (m === undefined || m.state !== 'DELIVERY_PENDING') return m?.state
  const out = m.localFrom ? core.store.outbox.forRef('message', id) : undefined
  if (out?.status === 'expired') return 'EXPIRED'
  if (out?.status === 'failed') return 'FAILED'
  return m.state
}

/** The state known after one more word: the lattice's own rule (deriveState) on what is held and the new one; the outbox's
 * EXPIRED or FAILED (from a look) stands as it is. */
function join (held: string | undefined, state: string | undefined): string | undefined {
  if (state === undefined) return held
  if (held === undefined || GAVE_UP.has(held) || GAVE_UP.has(state)) return state
  return deriveState([{ state: held }, { state }])
}

export function reached (s: string | undefined, target: string): boolean {
  if (s === undefined) return false
  // an audited obligation is done only AUDITED: its COMPLETE waits for the verdict
  if (target === 'AUDITED') return s === target || isFinal(s, true) || GAVE_UP.has(s)
  return s === target || rank(s) >= rank(target) || isFinal(s) || GAVE_UP.has(s)
}

/** Told the state a receipt brought, or undefined: look it up. True when the wait is over. */
type Waiter = (state: string | undefined) => boolean

/**
 * One receipt listener for all waits, keyed by message id: thousands of waits cost one listener. A message nearly
 * always has one waiter, held as it is; a list only when more wait for it (a wait lasts as long as its message is in
 * flight, and every garbage collection meanwhile copies what it holds).
 */
class Waiters {
  private readonly byId = new Map<string, Waiter | Waiter[]>()
  /** How to end each wait still running (see endWaits). */
  readonly pending = new Set<() => void>()
  /** The daemon is stopping: every wait ends at once. */
  ended = false
  constructor (core: Core) {
    core.events.on('receipt', e => this.wake(e.messageId, e.state))
    // a message to a seat of this node from a seat of this node: its DELIVERED is signed with the message's commit,
    // and the sender's side finds it already held (no new receipt, no receipt event): a look tells the state
    core.events.on('message:in', e => this.wake(e.id, undefined))
  }

  private wake (id: Uint8Array, state: string | undefined): void {
    if (this.byId.size === 0) return
    const key = Buffer.from(id).toString('hex')
    const held = this.byId.get(key)
    if (held === undefined) return
    if (typeof held === 'function') {
      if (held(state)) this.byId.delete(key)
      return
    }
    this.keep(key, held.filter(w => !w(state)))
  }

  add (key: string, w: Waiter): void {
    const held = this.byId.get(key)
    this.byId.set(key, held === undefined ? w : typeof held === 'function' ? [held, w] : [...held, w])
  }

  remove (key: string, w: Waiter): void {
    const held = this.byId.get(key)
    if (held === undefined) return
    this.keep(key, typeof held === 'function' ? (held === w ? [] : [held]) : held.filter(x => x !== w))
  }

  /** The waiters left for a message: none, one as it is, or a list. */
  private keep (key: string, left: Waiter[]): void {
    if (left.length === 0) this.byId.delete(key)
    else this.byId.set(key, left.length === 1 ? left[0] : left)
  }
}

const registry = new WeakMap<Core, Waiters>()
function waiters (core: Core): Waiters {
  let w = registry.get(core)
  if (w === undefined) {
    w = new Waiters(core)
    registry.set(core, w)
  }
  return w
}
