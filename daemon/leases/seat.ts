// A seat here claims, renews or gives back role work: a request signed by the seat goes to the node that sent the
// obligation (the authority), or is decided here when a seat here sent it. The lease that comes back is stored as
// the fact it is before the answer is given, so every later step on this node finds it.
import { MeshError, bytesEqual, isErrorCode, signEnvelope } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, leaseRequestToWire, type LeaseOp } from '../../proto/index.js'
import type { Core } from '../core.js'
import { NODE_CALLER, checkObligationAccess, type Caller } from '../access/index.js'
import { heldLease, obligationId, parseObligation, roleSeat, storeLease } from '../messaging/index.js'
import { requireMessage } from '../messaging/receipts-in.js'
import { openLease, roleOfAddress } from '../receipts/index.js'
import { DEFAULT_LEASE_MS, checkDuration } from './authority.js'
import { answerRequest } from './protocol.js'

export interface LeaseView {
  obligation: string
  holder: string
  fence: number
  state: 'GRANTED' | 'RELEASED'
  at: string
  expiresAt: string
}

export async function claim (core: Core, ob: string, opts: { as?: string, leaseMs?: number, caller?: Caller } = {}): Promise<LeaseView> {
  return await ask(core, 'CLAIM', ob, opts)
}

export async function renew (core: Core, ob: string, opts: { as?: string, leaseMs?: number, caller?: Caller } = {}): Promise<LeaseView> {
  return await ask(core, 'RENEW', ob, opts)
}

export async function release (core: Core, ob: string, opts: { as?: string, caller?: Caller } = {}): Promise<LeaseView> {
  return await ask(core, 'RELEASE', ob, opts)
}

async function ask (core: Core, op: LeaseOp, ob: string, opts: { as?: string, leaseMs?: number, caller?: Caller }): Promise<LeaseView> {
  const caller = opts.caller ?? NODE_CALLER
  const id = parseObligation(ob)
  checkObligationAccess(core.store.messages, id, ob, caller)
  const m = requireMessage(core, id, ob)
  if (roleOfAddress(m.to) === undefined) throw new MeshError('NOT_ROLE_WORK', `${obligationId(m.id)} is addressed to ${m.to}, not to a role`)
  if (!m.localTo) throw new MeshError('NOT_RECIPIENT', `no seat on this node holds the role ${m.to} is addressed to`)
  const seat = roleSeat(core, m, opts.as, caller)
  const durationMs = opts.leaseMs ?? DEFAULT_LEASE_MS
  if (op !== 'RELEASE') checkDuration(durationMs)
  // a renewal or release is about the lease this seat holds now (refused here, before asking, when it holds none)
  const fence = op === 'CLAIM' ? 0 : heldLease(core, m, seat).fence
  const payload = leaseRequestToWire({ op, messageId: m.id, seat, durationMs: op === 'RELEASE' ? 0 : durationMs, fence, atMs: Date.now() })
  const request = envelopeToWire(signEnvelope(core.seatKey(seat), PAYLOAD_TYPES.leaseRequest, payload))
  let lease: Uint8Array
  if (m.localFrom) {
    const a = await answerRequest(core, request, undefined)
    if (a.lease === undefined) throw new MeshError(isErrorCode(a.errorCode) ? a.errorCode : 'INTERNAL', a.errorMessage ?? 'the lease was refused')
    lease = a.lease
  } else {
    const authority = core.directory.get(m.from)
    if (authority === undefined || core.askAuthority === undefined) throw new MeshError('LEASE_AUTHORITY_UNREACHABLE', `no card for the sender ${m.from} is held here: its node cannot be asked`)
    lease = await core.askAuthority(authority.peerId, request)
  }
  const o = openLease(lease)
  if (!o.ok || !bytesEqual(o.lease.messageId, m.id) || o.lease.holder !== seat) throw new MeshError('LEASE_INVALID', `the sender's node answered with a lease that is not ${seat}'s on ${obligationId(m.id)}`)
  if (!m.localFrom) {
    const stored = await core.store.commit.run(() => core.store.facts.learning(() => storeLease(core, lease, Date.now())))
    if (!stored.ok) throw new MeshError(stored.code, stored.reason)
  }
  const l = o.lease
  return { obligation: obligationId(m.id), holder: l.holder, fence: l.fence, state: l.kind, at: new Date(l.atMs).toISOString(), expiresAt: new Date(l.expiresAtMs).toISOString() }
}
