// Leases on obligations addressed to a role, as pure rules: a lease is a fact signed by the message's sender (the key
// of its header), and every step after DELIVERED carries the lease it was taken under, so any node checks the step
// from the receipt alone; the leases a node holds say in addition whether a newer grant or a release came first.
import { ROLE_PREFIX, bytesEqual, isValidHandle, isValidRole, refuse, sha256, signEnvelope, verifyEnvelope, type KeyPair, type Refusal } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire, envelopeToWire, leaseFromWire, leaseToWire, type LeaseData, type MessageHeaderData, type ReceiptData } from '../../proto/index.js'
import { openHeader } from './header.js'

/** The role an address names (`role:NAME`, the name not checked here: a refusal says what is wrong with it), or undefined for a seat's handle. */
export function roleOfAddress (to: string): string | undefined {
  return to.startsWith(ROLE_PREFIX) ? to.slice(ROLE_PREFIX.length) : undefined
}

export interface OpenLease { lease: LeaseData, hash: Uint8Array, header: MessageHeaderData }

/** A lease fact decoded and verified: signed by the key its own header names as the message's sender, for that message and role. */
/** A lease is a few hundred bytes (ids, two names, a key, the sender's header); anything near a frame is not one. */
export const MAX_LEASE_BYTES = 4096

export function openLease (bytes: Uint8Array): { ok: true } & OpenLease | Refusal {
  if (bytes.byteLength > MAX_LEASE_BYTES) return refuse('LEASE_INVALID', `the lease has ${bytes.byteLength} bytes; the limit is ${MAX_LEASE_BYTES}`)
  let lease: LeaseData
  let signer: Uint8Array
  try {
    const env = envelopeFromWire(bytes)
    const v = verifyEnvelope(env, PAYLOAD_TYPES.lease)
    if (!v.ok) return refuse('LEASE_INVALID', v.reason)
    lease = leaseFromWire(env.payload)
    signer = env.signer
  } catch {
    return refuse('LEASE_INVALID', 'the lease does not decode')
  }
  const h = openHeader(lease.header)
  if (!h.ok) return refuse('LEASE_INVALID', `the lease's message header: ${h.reason}`)
  const header = h.header
  if (!bytesEqual(signer, header.fromKey)) return refuse('LEASE_INVALID', `a lease is signed by the sender ${header.from} of the message, with the key it sent the message with`)
  if (!bytesEqual(header.messageId, lease.messageId)) return refuse('LEASE_INVALID', 'the lease names another message than the header it carries')
  if (roleOfAddress(header.to) !== lease.role || lease.role === '') return refuse('LEASE_INVALID', `the message is addressed to ${header.to}, not to role:${lease.role}`)
  if (!isValidRole(lease.role)) return refuse('LEASE_INVALID', 'the lease names no valid role')
  if (!isValidHandle(lease.holder) || lease.holderKey.byteLength !== 32 || lease.fence < 1) return refuse('LEASE_INVALID', 'a lease names its holder, the holder\'s key and a fence of 1 or more')
  return { ok: true, lease, hash: sha256(bytes), header }
}

export function signLease (sender: KeyPair, lease: LeaseData): { envelope: Uint8Array, hash: Uint8Array } {
  const envelope = envelopeToWire(signEnvelope(sender, PAYLOAD_TYPES.lease, leaseToWire(lease)))
  return { envelope, hash: sha256(envelope) }
}

/** One fence's story: granted to a holder, renewed (the latest grant holds the expiry), maybe released. */
export interface Tenure {
  fence: number
  holder: string
  holderKey: Uint8Array
  grantedAtMs: number
  expiresAtMs: number
  releasedAtMs?: number
  /** The latest grant (or renewal) of this fence: what a step under it carries. */
  grant: Uint8Array
}

/** The tenures in fence order, from the lease facts held for one message (grants before releases). */
export function tenures (leases: ReadonlyArray<{ lease: LeaseData, envelope: Uint8Array }>): Tenure[] {
  const byFence = new Map<number, Tenure>()
  const sorted = [...leases].sort((a, b) => a.lease.fence - b.lease.fence || (a.lease.kind === b.lease.kind ? a.lease.atMs - b.lease.atMs : a.lease.kind === 'GRANTED' ? -1 : 1))
  for (const { lease: l, envelope } of sorted) {
    let t = byFence.get(l.fence)
    if (l.kind === 'GRANTED') {
      if (t === undefined) byFence.set(l.fence, t = { fence: l.fence, holder: l.holder, holderKey: l.holderKey, grantedAtMs: l.atMs, expiresAtMs: l.expiresAtMs, grant: envelope })
      else if (l.expiresAtMs > t.expiresAtMs) { t.expiresAtMs = l.expiresAtMs; t.grant = envelope }
    } else if (t !== undefined) {
      t.releasedAtMs = Math.min(t.releasedAtMs ?? l.atMs, l.atMs)
    }
  }
  return [...byFence.values()].sort((a, b) => a.fence - b.fence)
}

/** The tenure that holds the obligation at `nowMs`: the newest fence, unless it was released or has expired. */
export function liveTenure (list: readonly Tenure[], nowMs: number): Tenure | undefined {
  const last = list[list.length - 1]
  if (last === undefined || last.releasedAtMs !== undefined || last.expiresAtMs <= nowMs) return undefined
  return last
}

/**
 * A step after DELIVERED on a role obligation, checked from the receipt alone: it carries a grant signed by the
 * message's sender naming its signer as the holder, with the receipt's fence, and was signed before that grant ran out.
 */
export function checkLeaseStep (r: ReceiptData, signer: Uint8Array, header: MessageHeaderData): Refusal | undefined {
  if (r.lease === undefined || r.fence === undefined) return refuse('LEASE_REQUIRED', `a ${r.state} on an obligation addressed to ${header.to} is taken under a lease`)
  const o = openLease(r.lease)
  if (!o.ok) return o
  const l = o.lease
  if (!bytesEqual(o.header.fromKey, header.fromKey) || !bytesEqual(l.messageId, r.messageId) || !bytesEqual(l.messageHash, r.messageHash)) {
    return refuse('LEASE_INVALID', 'the lease the receipt carries is about another message')
  }
  if (l.kind !== 'GRANTED' || l.holder !== r.actor || l.fence !== r.fence || !bytesEqual(l.holderKey, signer)) {
    return refuse('LEASE_NOT_HELD', `the lease the receipt carries is not a grant of fence ${r.fence} to ${r.actor}`)
  }
  if (r.atMs > l.expiresAtMs) return refuse('LEASE_EXPIRED', `the ${r.state} of ${r.actor} was signed after its lease (fence ${l.fence}) expired`)
  return undefined
}

/**
 * What the leases held add: a step whose fence a newer grant had replaced when it was signed, or whose lease had
 * been given back, is refused. A node that has not heard of the newer grant yet accepts it (its sender refuses it).
 */
export function fenceRefusal (r: ReceiptData, held: readonly Tenure[]): Refusal | undefined {
  if (r.fence === undefined) return undefined
  const own = held.find(t => t.fence === r.fence)
  if (own?.releasedAtMs !== undefined && own.releasedAtMs <= r.atMs) return refuse('LEASE_RELEASED', `${r.actor} gave its lease (fence ${r.fence}) back before this ${r.state}`)
  const newer = held.find(t => t.fence > (r.fence as number) && t.grantedAtMs <= r.atMs)
  if (newer !== undefined) return refuse('LEASE_FENCE_STALE', `fence ${r.fence} was replaced by fence ${newer.fence} (granted to ${newer.holder}) before this ${r.state}`)
  return undefined
}

/** Decodes the lease rows a node holds (each was verified when stored). */
export function heldLeases (rows: ReadonlyArray<{ envelope: Uint8Array }>): Tenure[] {
  const list: Array<{ lease: LeaseData, envelope: Uint8Array }> = []
  for (const row of rows) {
    try {
      list.push({ lease: leaseFromWire(envelopeFromWire(row.envelope).payload), envelope: row.envelope })
    } catch { /* verified when stored: cannot happen */ }
  }
  return tenures(list)
}
