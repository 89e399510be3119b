// Waiting for an obligation to reach a state, driven by receipt events (no polling): for scripts and benchmarks.
import { MeshError } from '../../cards/index.js'
import type { Core } from '../core.js'
import { isFinal, rank } from '../receipts/index.js'
import { obligationId, parseObligation } from './ids.js'
import { requireMessage } from './receipts-in.js'

export const MAX_WAIT_MS = 600_000

export async function waitFor (core: Core, ob: string, target: string, timeoutMs: number): Promise<{ obligation: string, state: string }> {
  if (rank(target) < 1 && !isFinal(target)) throw new MeshError('BAD_REQUEST', 'state must be DELIVERED, READ, CONSUMED, COMPLETE, REJECTED or CANCELED')
  const id = parseObligation(ob)
  if (core.store.messages.stateOf(id) === undefined) requireMessage(core, id, ob)
  const current = (): string | undefined => {
    const m = core.store.messages.stateOf(id)
    if (m === undefined) return undefined
    if (m.state !== 'DELIVERY_PENDING') return m.state
    const out = m.localFrom ? core.store.outbox.forRef('message', id) : undefined
    if (m.state === 'DELIVERY_PENDING' && out?.status === 'expired') return 'EXPIRED'
    if (m.state === 'DELIVERY_PENDING' && out?.status === 'failed') return 'FAILED'
    return m.state
  }
  const done = (s: string | undefined): boolean => s !== undefined && (s === target || rank(s) >= rank(target) || isFinal(s) || s === 'EXPIRED' || s === 'FAILED')
  const now = current()
  if (done(now)) return { obligation: obligationId(id), state: now as string }
  return await new Promise((resolve, reject) => {
    const key = Buffer.from(id).toString('hex')
    const waiter = (): boolean => {
      const s = current()
      if (!done(s)) return false
      clearTimeout(timer)
      resolve({ obligation: obligationId(id), state: s as string })
      return true
    }
    const timer = setTimeout(() => {
      waiters(core).remove(key, waiter)
      reject(new MeshError('WAIT_TIMEOUT', `${obligationId(id)} did not reach ${target} within ${timeoutMs} ms (now ${current() ?? 'unknown'})`))
    }, Math.min(timeoutMs, MAX_WAIT_MS))
    waiters(core).add(key, waiter)
  })
}

/** One receipt listener for all waits, keyed by message id: thousands of waits cost one listener. */
class Waiters {
  private readonly byId = new Map<string, Set<() => boolean>>()
  constructor (core: Core) {
    core.events.on('receipt', e => {
      const key = Buffer.from(e.messageId).toString('hex')
      const set = this.byId.get(key)
      if (set === undefined) return
      for (const w of set) if (w()) set.delete(w)
      if (set.size === 0) this.byId.delete(key)
    })
  }

  add (key: string, w: () => boolean): void {
    const set = this.byId.get(key) ?? new Set()
    set.add(w)
    this.byId.set(key, set)
  }

  remove (key: string, w: () => boolean): void {
    const set = this.byId.get(key)
    set?.delete(w)
    if (set?.size === 0) this.byId.delete(key)
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
