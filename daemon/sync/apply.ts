// Applying a fact that came from a peer (gossip or sync): validated under every rule before it is stored,
// appended to the fact log and so relayed. The verdict says whether to relay it (new), drop it quietly
// (held, or not checkable yet) or hold it against the peer that sent it (reject).
import { MeshError, bytesEqual, keyText, sha256, verifyEndorsement, verifyRevocation, type ErrorCode } from '../../cards/index.js'
import { envelopeFromWire, receiptFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import { NO_REF, type FactKind } from '../store/index.js'
import { checkReceipt, deriveState, headerOf, openLease, openReceipt, slotOf } from '../receipts/index.js'
import { reopenOnVerdict, roleReceiptRefusal, storeLease } from '../messaging/index.js'
import { acceptCardJson } from '../directory/index.js'
import { settleConflicts } from '../setup/conflicts.js'
import { oversized, MAX_HANDLE_BYTES, MAX_REVOCATION_REASON_BYTES } from '../limits/index.js'
import { MAX_FACT_BYTES } from './constants.js'

/** `awaiting`: ignored only because the card of this handle is not held yet; the fact counts once the card arrives. */
export type FactVerdict = { verdict: 'new' | 'held' } | { verdict: 'ignore', awaiting?: string } | { verdict: 'reject', code: ErrorCode, reason: string }

const IGNORED_CARD_CODES = new Set(['CARD_STALE_SEQ', 'HANDLE_CONFLICT'])

export function applyFact (core: Core, kind: string, bytes: Uint8Array, nowMs = Date.now()): FactVerdict {
  // a fact this node could not serve in one sync page or gossip message is never stored (each kind has a tighter limit)
  if (bytes.byteLength > MAX_FACT_BYTES) return { verdict: 'reject', code: 'FACT_TOO_LARGE', reason: `the fact has ${bytes.byteLength} bytes; the limit is ${MAX_FACT_BYTES}` }
  const hash = sha256(bytes)
  if (core.store.facts.has(hash, refOf(kind, bytes))) return { verdict: 'held' }
  return core.store.facts.learning(() => applyNewFact(core, kind, bytes, hash, nowMs))
}

/** Where the log keeps a fact: a receipt under its message id, read from its bytes; any other fact under NO_REF. */
function refOf (kind: string, bytes: Uint8Array): Uint8Array {
  if (kind !== 'receipt') return NO_REF
  try {
    return receiptFromWire(envelopeFromWire(bytes).payload).messageId
  } catch {
    return NO_REF // not a receipt that decodes: never held, and refused below
  }
}

function applyNewFact (core: Core, kind: string, bytes: Uint8Array, hash: Uint8Array, nowMs: number): FactVerdict {
  switch (kind as FactKind) {
    case 'card': return applyCard(core, bytes, nowMs)
    case 'receipt': return applyReceiptFact(core, bytes, hash, nowMs)
    case 'revocation': return applyRevocation(core, bytes, nowMs)
    case 'endorsement': return applyEndorsement(core, bytes, nowMs)
    case 'lease': return applyLease(core, bytes, nowMs)
    default: return { verdict: 'reject', code: 'FACT_UNKNOWN_KIND', reason: `unknown fact kind ${JSON.stringify(kind)}` }
  }
}

function applyCard (core: Core, bytes: Uint8Array, nowMs: number): FactVerdict {
  const v = acceptCardJson(core.ctx, Buffer.from(bytes).toString('utf8'), nowMs)
  if (v.ok) {
    if (v.status === 'unchanged') return { verdict: 'held' }
    core.directoryChanged()
    return { verdict: 'new' }
  }
  if (IGNORED_CARD_CODES.has(v.code)) {
    if (v.code === 'HANDLE_CONFLICT') core.directoryChanged()
    return { verdict: 'ignore' }
  }
  return { verdict: 'reject', code: v.code, reason: v.reason }
}

function applyReceiptFact (core: Core, bytes: Uint8Array, hash: Uint8Array, nowMs: number): FactVerdict {
  const o = openReceipt(bytes, hash) // hashed once: the look-up above and the stored row share it
  if (!o.ok) return { verdict: 'reject', code: o.code, reason: o.reason }
  const r = o.receipt
  // archived or purged here: an old peer's copy must not bring the history back
  if (core.store.retention.gone(r.messageId) !== undefined) return { verdict: 'ignore' }
  const actor = core.directory.get(r.actor)
  if (actor === undefined) return { verdict: 'ignore', awaiting: r.actor } // its card has not reached us yet
  if (!bytesEqual(actor.actorKey, o.signer) || core.directory.isRevoked(o.signer)) {
    return { verdict: 'reject', code: 'RECEIPT_WRONG_SIGNER', reason: `the receipt is not signed by the current key of ${r.actor}` }
  }
  // Every receipt carries the header its message's sender signed: who sent what to whom is the sender's word, not
  // the receipt's, so no seat can plant an obligation naming another sender, or claim an id another sender uses.
  // the held message's header was verified when it was stored: the same bytes are not verified again
  const store = core.store.messages
  const message = store.forReceipt(r.messageId)
  const h = headerOf(r, message?.header)
  if (!h.ok) return { verdict: 'reject', code: h.code, reason: h.reason }
  const sender = core.directory.get(h.header.from)
  if (sender === undefined) return { verdict: 'ignore', awaiting: h.header.from } // the sender's card has not reached us yet
  if (!bytesEqual(sender.actorKey, h.header.fromKey)) {
    return { verdict: 'reject', code: 'HEADER_WRONG_SENDER', reason: `the message header is not signed by the key of ${h.header.from}` }
  }
  if (message !== undefined) {
    const c = checkReceipt(bytes, message, actor.actorKey, o)
    if (!c.ok) return { verdict: 'reject', code: c.code, reason: c.reason }
  } else {
    // Without the message, the receipts held for it already name its hash; one that names other content can only
    // come from the message's own sender or recipient contradicting themselves (the header binds the id to the
    // sender's key, the receipt is signed by the recipient the header names), so it is refused as a conflict.
    const other = core.store.receipts.forMessage(r.messageId)[0]
    const reference = other === undefined ? undefined : openReceipt(other.envelope)
    if (reference?.ok === true && (!bytesEqual(reference.receipt.messageHash, r.messageHash) || !sameHeader(reference.receipt.header, r.header))) {
      return { verdict: 'reject', code: 'RECEIPT_CONFLICT', reason: 'the receipt names other message content than the receipts held for it' }
    }
    const c = checkReceipt(bytes, { id: r.messageId, hash: r.messageHash, to: h.header.to, from: h.header.from, header: r.header }, actor.actorKey, o)
    if (!c.ok) return { verdict: 'reject', code: c.code, reason: c.reason }
  }
  const roleBad = roleReceiptRefusal(core, r, h.header.to)
  if (roleBad !== undefined) return { verdict: 'reject', code: roleBad.code, reason: roleBad.reason }
  if (r.lease !== undefined) storeLease(core, r.lease, nowMs) // checked with the receipt; held like any lease fact
  const isNew = core.store.receipts.insert({ hash: o.hash, messageId: r.messageId, state: slotOf(r), actor: r.actor, envelope: bytes, atMs: r.atMs, receivedAtMs: nowMs })
  if (!isNew) return { verdict: 'held' }
  if (message !== undefined) {
    reopenOnVerdict(core, message.id, r, nowMs)
    // the states alone, from the index; unchanged writes nothing (as receipts-in does)
    const state = deriveState(core.store.receipts.statesOf(message.id))
    if (state !== message.state) store.setState(message.id, state)
  }
  core.events.emit('receipt', { messageId: r.messageId, state: r.state, actor: r.actor })
  return { verdict: 'new' }
}

/** A lease on role work, signed by the message's sender: held by every node, so each can check the steps taken under it. */
function applyLease (core: Core, bytes: Uint8Array, nowMs: number): FactVerdict {
  const o = openLease(bytes)
  if (o.ok && core.store.retention.gone(o.lease.messageId) !== undefined) return { verdict: 'ignore' } // as for receipts
  const v = storeLease(core, bytes, nowMs)
  if (!v.ok) return v.code === 'ACTOR_UNKNOWN' ? { verdict: 'ignore', ...(o.ok ? { awaiting: o.header.from } : {}) } : { verdict: 'reject', code: v.code, reason: v.reason }
  return { verdict: v.isNew ? 'new' : 'held' }
}

function applyRevocation (core: Core, bytes: Uint8Array, nowMs: number): FactVerdict {
  const v = verifyRevocation(bytes)
  if (!v.ok) return { verdict: 'reject', code: v.code, reason: v.reason }
  const big = oversized([['the revocation reason', v.value.reason, MAX_REVOCATION_REASON_BYTES], ['the revoked handle', v.value.handle, MAX_HANDLE_BYTES]])
  if (big !== undefined) return { verdict: 'reject', code: big.code, reason: big.reason }
  const mesh = keyText(v.value.meshKey)
  if (!core.ctx.trustedMeshes().has(mesh)) return { verdict: 'ignore' } // another mesh's business
  // Kept per mesh: it counts only against an endorsement by this same mesh (checkEndorsement), so a trusted
  // mesh that names another mesh's actor cuts no one off.
  const added = core.store.identity.addRevocation({ actorKey: keyText(v.value.actorKey), meshKey: mesh, handle: v.value.handle, envelope: bytes, atMs: v.value.atMs })
  if (!added) return { verdict: 'held' }
  const settled = settleConflicts(core.ctx, nowMs)
  core.log.info('revocation applied', { actorKey: keyText(v.value.actorKey), meshKey: mesh, handle: v.value.handle, conflictsEnded: settled })
  core.directoryChanged()
  return { verdict: 'new' }
}

/**
 * An endorsement fact is a renewal: the mesh owner signed a handle and key again. Kept (and relayed) when it is
 * valid now and outlasts the one held for that mesh, handle and key; it makes a card whose own endorsement expired
 * valid again (checkEndorsement) and, for a seat hosted here, is installed by the daemon (installRenewals).
 */
function applyEndorsement (core: Core, bytes: Uint8Array, nowMs: number): FactVerdict {
  const v = verifyEndorsement(bytes)
  if (!v.ok) return { verdict: 'reject', code: v.code, reason: v.reason }
  const e = v.value
  const meshKey = keyText(e.meshKey)
  if (!core.ctx.trustedMeshes().has(meshKey) || e.expiresAtMs <= nowMs) return { verdict: 'ignore' }
  const kept = core.store.identity.addRenewal({ meshKey, handle: e.handle, actorKey: keyText(e.actorKey), expiresAtMs: e.expiresAtMs, envelope: bytes, receivedAtMs: nowMs })
  if (!kept) return { verdict: 'ignore' }
  core.log.info('renewed endorsement applied', { handle: e.handle, actorKey: keyText(e.actorKey), meshKey, expiresAt: new Date(e.expiresAtMs).toISOString() })
  core.directoryChanged()
  return { verdict: 'new' }
}

function sameHeader (a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a !== undefined && b !== undefined && bytesEqual(a, b)
}
