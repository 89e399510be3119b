// Role work offered again: when a lease runs out (or is given back) before the obligation is COMPLETE or REJECTED,
// the role's seats on this node are woken for it once more: the other seats at once, the seat whose lease ran out
// only after REOFFER_FIRST_MS (the authority refuses its claim until then while other seats exist).
import type { Core } from '../core.js'
import { obligationId } from '../messaging/index.js'
import { deriveState, heldLeases, isFinal, liveTenure, roleOfAddress } from '../receipts/index.js'
import { localRoleSeats } from '../messaging/index.js'
import { REOFFER_FIRST_MS } from './authority.js'

const SLACK_MS = 50 // fire just after the expiry, so the lease is seen expired

export class LeaseWatch {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly onLease = (e: { messageId: Uint8Array }): void => { this.schedule(e.messageId) }
  /** Each timer waits on the monotonic clock for a moment on the wall clock: after a sleep or a step, every one is set again. */
  private readonly onClock = (): void => { for (const key of [...this.timers.keys()]) this.schedule(Buffer.from(key, 'hex')) }

  constructor (private readonly core: Core) {}

  start (): void {
    this.core.events.on('lease', this.onLease)
    this.core.events.on('clock:jumped', this.onClock)
    const now = Date.now()
    for (const l of this.core.store.leases.expiringAfter(now - REOFFER_FIRST_MS)) this.schedule(l.messageId)
  }

  stop (): void {
    this.core.events.off('lease', this.onLease)
    this.core.events.off('clock:jumped', this.onClock)
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
  }

  /** Sets the message's one timer for the next moment an offer is due: its live lease's expiry, or the end of the first-offer window. */
  private schedule (messageId: Uint8Array): void {
    const key = Buffer.from(messageId).toString('hex')
    const old = this.timers.get(key)
    if (old !== undefined) clearTimeout(old)
    this.timers.delete(key)
    const m = this.core.store.messages.message(messageId)
    if (m === undefined || !m.localTo || roleOfAddress(m.to) === undefined) return
    const held = heldLeases(this.core.store.leases.forMessage(messageId))
    const last = held[held.length - 1]
    if (last === undefined) return
    const now = Date.now()
    const live = liveTenure(held, now)
    let at: number
    if (live !== undefined) {
      this.withdraw(messageId, seat => seat !== live.holder)
      at = live.expiresAtMs + SLACK_MS
    }
    else if (last.releasedAtMs === undefined && now < last.expiresAtMs + REOFFER_FIRST_MS) {
      // the seat that let it run out is not woken for it until the others had their turn: a wake it was still owed
      // (one that failed while it held the lease, say) is dropped, or it fires at this node's restart
      this.withdraw(messageId, seat => seat === last.holder)
      this.offer(messageId, last.holder) // the others now (again, harmlessly, if already offered)
      at = last.expiresAtMs + REOFFER_FIRST_MS + SLACK_MS
    } else {
      this.offer(messageId, undefined)
      return
    }
    const t = setTimeout(() => {
      this.timers.delete(key)
      this.schedule(messageId)
    }, Math.max(0, at - now))
    t.unref()
    this.timers.set(key, t)
  }

  /**
   * The role's seats here that `which` picks are no longer owed a wake for it (a wake not yet made is dropped): the
   * other seats once one took the work, the seat whose lease ran out while the others have their turn.
   */
  private withdraw (messageId: Uint8Array, which: (seat: string) => boolean): void {
    const core = this.core
    const m = core.store.messages.message(messageId)
    if (m === undefined) return
    const now = Date.now()
    const others = localRoleSeats(core, roleOfAddress(m.to) as string, now).filter(which)
    if (others.length === 0) return
    core.store.commit.run(() => { for (const s of others) core.store.carriers.withdrawOffer(messageId, s, now) }, { durable: false })
      .catch(err => { core.log.error('withdrawing an offer failed', { obligation: obligationId(messageId), error: String(err) }) })
  }

  /** Wakes the role's seats here for an open obligation nobody holds, but `except`. */
  private offer (messageId: Uint8Array, except: string | undefined): void {
    const core = this.core
    const m = core.store.messages.message(messageId)
    if (m === undefined) return
    const state = deriveState(core.store.receipts.statesOf(messageId))
    if (isFinal(state)) return
    const now = Date.now()
    if (liveTenure(heldLeases(core.store.leases.forMessage(messageId)), now) !== undefined) return
    const seats = localRoleSeats(core, roleOfAddress(m.to) as string, now).filter(s => s !== except)
    if (seats.length === 0) return
    core.store.commit.run(() => { for (const s of seats) core.store.carriers.requeue(messageId, s, now) }, { durable: false })
      .then(() => {
        core.log.info('role work offered again', { obligation: obligationId(messageId), seats })
        for (const to of seats) core.events.emit('message:in', { id: messageId, to, from: m.from, queued: true })
      })
      .catch(err => { core.log.error('offering role work again failed', { obligation: obligationId(messageId), error: String(err) }) })
  }
}
