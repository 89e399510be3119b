// Role work on this node: which local seat acts on an obligation addressed to a role, the lease it holds for a step,
// and the checks a receipt or a lease fact about role work passes before it is stored.
import { MeshError, bytesEqual, refuse, type Refusal } from '../../cards/index.js'
import type { ReceiptData } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { Caller } from '../access/index.js'
import type { MessageRow } from '../store/index.js'
import { fenceRefusal, heldLeases, liveTenure, openLease, roleOfAddress, signerOf, type Tenure } from '../receipts/index.js'
import { obligationId } from './ids.js'

/** The role's seats hosted here (valid cards that list it), by handle. */
export function localRoleSeats (core: Core, role: string, nowMs = Date.now()): string[] {
  return core.directory.withRole(role, nowMs).filter(c => c.local).map(c => c.handle)
}

/**
 * The seat acting on role work: the one named (or the caller's, on the seat socket), else the only seat here that
 * holds the role. It must hold the role, and the caller must be allowed to act as it.
 */
export function roleSeat (core: Core, m: MessageRow, as: string | undefined, caller: Caller): string {
  const role = roleOfAddress(m.to) as string
  const seats = localRoleSeats(core, role)
  const named = as !== undefined && as !== '' ? as : caller.via === 'seat' ? caller.seat : undefined
  let seat: string
  if (named !== undefined) {
    if (!seats.includes(named)) throw new MeshError('NOT_IN_ROLE', `${named} is not a seat here that holds the role ${role} (${obligationId(m.id)} is addressed to ${m.to})`)
    seat = named
  } else if (seats.length === 1) seat = seats[0]
  else throw new MeshError(seats.length === 0 ? 'NOT_IN_ROLE' : 'ACTOR_AMBIGUOUS', seats.length === 0 ? `no seat here holds the role ${role}` : `several seats here hold the role ${role}; name one with --as HANDLE`)
  core.authorizeSeat(seat, caller)
  return seat
}

/** The live lease `seat` holds on the message, or why it may not take a step now. */
export function heldLease (core: Core, m: MessageRow, seat: string, nowMs = Date.now()): Tenure {
  const held = heldLeases(core.store.leases.forMessage(m.id))
  const live = liveTenure(held, nowMs)
  const ob = obligationId(m.id)
  if (live?.holder === seat) return live
  if (live !== undefined) throw new MeshError('LEASE_HELD', `${ob} is held by ${live.holder} until ${new Date(live.expiresAtMs).toISOString()} (fence ${live.fence})`)
  const mine = [...held].reverse().find(t => t.holder === seat)
  if (mine !== undefined && mine === held[held.length - 1]) {
    if (mine.releasedAtMs !== undefined) throw new MeshError('LEASE_RELEASED', `${seat} gave its lease on ${ob} back; claim it again (aios-comm claim ${ob})`)
    throw new MeshError('LEASE_EXPIRED', `${seat}'s lease on ${ob} (fence ${mine.fence}) expired at ${new Date(mine.expiresAtMs).toISOString()}; claim it again (aios-comm claim ${ob})`)
  }
  throw new MeshError('LEASE_REQUIRED', `${ob} is addressed to ${m.to}: take it first with aios-comm claim ${ob}`)
}

/**
 * What a receipt about role work must pass besides its signature (checkReceipt): a DELIVERED is by a seat whose card
 * holds the role; a later step was not signed after its lease was given back or replaced by a newer grant held here.
 */
export function roleReceiptRefusal (core: Core, r: ReceiptData, to: string): Refusal | undefined {
  const role = roleOfAddress(to)
  if (role === undefined || signerOf(r.state) !== 'recipient') return undefined
  if (r.state === 'DELIVERED') {
    return (core.directory.get(r.actor)?.roles ?? []).includes(role) ? undefined : refuse('NOT_IN_ROLE', `${r.actor} does not hold the role ${role}`)
  }
  return fenceRefusal(r, heldLeases(core.store.leases.forMessage(r.messageId)))
}

export type StoredLease = { ok: true, isNew: boolean, holder: string, fence: number, kind: string, messageId: Uint8Array } | Refusal

/**
 * Stores a lease fact (from a peer, or carried by a receipt) once it verifies: signed by the message's sender with the
 * key of its header, by a sender whose card is held, endorsed and not revoked. Runs inside the caller's transaction.
 */
export function storeLease (core: Core, bytes: Uint8Array, nowMs: number): StoredLease {
  const o = openLease(bytes)
  if (!o.ok) return o
  const sender = core.directory.get(o.header.from)
  if (sender === undefined) return refuse('ACTOR_UNKNOWN', `no card for the sender ${o.header.from} is held here`)
  if (!bytesEqual(sender.actorKey, o.header.fromKey) || core.directory.isRevoked(o.header.fromKey)) {
    return refuse('LEASE_INVALID', `the lease is not signed by the current key of ${o.header.from}`)
  }
  const l = o.lease
  const isNew = core.store.leases.insert({
    hash: o.hash, messageId: l.messageId, fence: l.fence, kind: l.kind, holder: l.holder, atMs: l.atMs, expiresAtMs: l.expiresAtMs, envelope: bytes, receivedAtMs: nowMs
  })
  if (isNew) core.events.emit('lease', { messageId: l.messageId, holder: l.holder, fence: l.fence, kind: l.kind, expiresAtMs: l.expiresAtMs })
  return { ok: true, isNew, holder: l.holder, fence: l.fence, kind: l.kind, messageId: l.messageId }
}
