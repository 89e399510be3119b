// The sender's node is the one authority over the leases on the role obligations its seats sent: it grants one
// lease at a time, signed with the sending seat's key, with a fence that grows with every grant. Every decision is
// taken inside the durable transaction that stores the lease, so two claims can never both find the lease free.
import { MeshError, bytesEqual } from '../../cards/index.js'
import type { LeaseOp } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { MessageRow } from '../store/index.js'
import { deriveState, heldLeases, isFinal, liveTenure, roleOfAddress, signLease, type Tenure } from '../receipts/index.js'
import { obligationId } from '../messaging/ids.js'
import { DEFAULT_LEASE_MS, MAX_LEASE_MS, MIN_LEASE_MS } from '../limits/index.js'

export { DEFAULT_LEASE_MS, MAX_LEASE_MS, MIN_LEASE_MS }
/**
 * After a lease expires (not released), the seat that let it run out may not take it back for this long while the
 * role has other seats: the obligation is offered to them first.
 */
export const REOFFER_FIRST_MS = 30_000

export interface LeaseAsk {
  op: LeaseOp
  messageId: Uint8Array
  seat: string
  durationMs: number
  /** The fence a RENEW or RELEASE is about. */
  fence: number
}

export function checkDuration (ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < MIN_LEASE_MS || ms > MAX_LEASE_MS) {
    throw new MeshError('LEASE_DURATION_INVALID', `a lease lasts from ${MIN_LEASE_MS / 1000}s to ${MAX_LEASE_MS / 3600_000}h, not ${ms} ms`)
  }
}

/** The role message this node sent, which a lease is asked for. */
export function sentRoleMessage (core: Core, id: Uint8Array): { m: MessageRow, role: string } {
  const m = core.store.messages.message(id)
  const ob = obligationId(id)
  if (m === undefined || !m.localFrom) throw new MeshError('OBLIGATION_UNKNOWN', `no obligation ${ob} was sent from this node`)
  const role = roleOfAddress(m.to)
  if (role === undefined) throw new MeshError('NOT_ROLE_WORK', `${ob} is addressed to ${m.to}, not to a role`)
  if (m.header === undefined) throw new MeshError('HEADER_MISSING', `${ob} was stored without its header`)
  return { m, role }
}

/**
 * Decides a claim, renewal or release by `seat`, whose request was signed by `signer`; returns the signed lease
 * (a claim by the seat that holds the lease already gets its grant back, and nothing new is signed).
 */
export async function decideLease (core: Core, ask: LeaseAsk, signer: Uint8Array): Promise<Uint8Array> {
  const { m, role } = sentRoleMessage(core, ask.messageId)
  const ob = obligationId(m.id)
  const seat = core.directory.check(ask.seat)
  if (!seat.ok) throw new MeshError(seat.code, `${ask.seat} cannot hold a lease: ${seat.reason}`)
  if (!bytesEqual(seat.current.actorKey, signer)) throw new MeshError('LEASE_INVALID', `the request is not signed by the key of ${ask.seat}`)
  if (!(seat.current.roles ?? []).includes(role)) throw new MeshError('NOT_IN_ROLE', `${ask.seat} does not hold the role ${role} that ${ob} is addressed to`)
  if (ask.op !== 'RELEASE') checkDuration(ask.durationMs)
  const sender = core.seatKey(m.from)
  const header = m.header as Uint8Array
  let made: { holder: string, fence: number, kind: string, expiresAtMs: number } | undefined
  const envelope = await core.store.commit.run(() => {
    const now = Date.now()
    const state = deriveState(core.store.receipts.statesOf(m.id))
    if (isFinal(state)) throw new MeshError('ALREADY_FINAL', `${ob} is already ${state}`)
    const held = heldLeases(core.store.leases.forMessage(m.id))
    const live = liveTenure(held, now)
    const last = held[held.length - 1]
    let fence: number
    let kind: 'GRANTED' | 'RELEASED' = 'GRANTED'
    let expiresAtMs = now + ask.durationMs
    if (ask.op === 'CLAIM') {
      if (live !== undefined) {
        if (live.holder === ask.seat) return live.grant
        throw new MeshError('LEASE_HELD', `${ob} is held by ${live.holder} until ${new Date(live.expiresAtMs).toISOString()} (fence ${live.fence})`)
      }
      if (last !== undefined && last.holder === ask.seat && last.releasedAtMs === undefined && now < last.expiresAtMs + REOFFER_FIRST_MS &&
        core.directory.withRole(role, now).some(c => c.handle !== ask.seat)) {
        throw new MeshError('LEASE_OFFERED_ELSEWHERE', `${ask.seat}'s lease on ${ob} expired at ${new Date(last.expiresAtMs).toISOString()}; the role's other seats may claim it first until ${new Date(last.expiresAtMs + REOFFER_FIRST_MS).toISOString()}`)
      }
      fence = (last?.fence ?? 0) + 1
    } else {
      refuseUnheld(ob, ask, live, last)
      fence = ask.fence
      if (ask.op === 'RELEASE') {
        kind = 'RELEASED'
        expiresAtMs = now
      }
    }
    const lease = signLease(sender, {
      messageId: m.id, messageHash: m.hash, role, holder: ask.seat, holderKey: seat.current.actorKey, fence, kind, atMs: now, expiresAtMs, header
    })
    core.store.leases.insert({ hash: lease.hash, messageId: m.id, fence, kind, holder: ask.seat, atMs: now, expiresAtMs, envelope: lease.envelope, receivedAtMs: now })
    made = { holder: ask.seat, fence, kind, expiresAtMs }
    return lease.envelope
  })
  if (made !== undefined) core.events.emit('lease', { messageId: m.id, ...made })
  return envelope
}

/** A renewal or release names the live lease it is about, held by the asking seat. */
function refuseUnheld (ob: string, ask: LeaseAsk, live: Tenure | undefined, last: Tenure | undefined): void {
  if (live !== undefined && live.holder === ask.seat && live.fence === ask.fence) return
  const mine = last !== undefined && last.holder === ask.seat && last.fence === ask.fence
  if (mine && last.releasedAtMs !== undefined) throw new MeshError('LEASE_RELEASED', `${ask.seat} gave its lease on ${ob} (fence ${ask.fence}) back already`)
  if (mine) throw new MeshError('LEASE_EXPIRED', `${ask.seat}'s lease on ${ob} (fence ${ask.fence}) expired at ${new Date(last.expiresAtMs).toISOString()}`)
  if (live !== undefined) throw new MeshError('LEASE_HELD', `${ob} is held by ${live.holder} (fence ${live.fence}), not by ${ask.seat} with fence ${ask.fence}`)
  throw new MeshError('LEASE_NOT_HELD', `${ask.seat} holds no lease on ${ob} with fence ${ask.fence}`)
}
