// Verifying a receipt against the message it is about: signed by the message's recipient (by its sender for
// CANCELED), bound to its hash and to the header its sender signed, evidence (path, sha256, size) present on
// COMPLETE, and no evidence content inside the signed payload.
import { bytesEqual, sha256, verifyEnvelope, refuse, type Refusal } from '../../cards/index.js'
import { InlineEvidenceError, PAYLOAD_TYPES, envelopeFromWire, receiptFromWire, type MessageHeaderData, type ReceiptData } from '../../proto/index.js'
import { openHeader } from './header.js'
import { checkLeaseStep, roleOfAddress } from './lease.js'
import { stepOf } from './slot.js'
import {
  MAX_EVIDENCE_PATH_BYTES, MAX_HANDLE_BYTES, MAX_NOTE_BYTES, MAX_RECEIPT_BYTES, MAX_RECEIPT_CODE_BYTES, oversized
} from '../limits/index.js'

export interface MessageRef {
  id: Uint8Array
  hash: Uint8Array
  to: string
  from: string
  /** The sender-signed header as this node stored it, verified then: a receipt carrying these same bytes needs no second check. */
  header?: Uint8Array
}

/** A receipt whose envelope decoded and verified (openReceipt), not yet matched to its message. */
export interface OpenedReceipt { ok: true, receipt: ReceiptData, signer: Uint8Array, hash: Uint8Array }

export type ReceiptCheck = { ok: true, receipt: ReceiptData, hash: Uint8Array, header: MessageHeaderData } | Refusal

/**
 * Decodes and verifies the envelope only; the result still has to be matched against its message. A receipt over
 * the size limits is refused before anything else: a node must never hold a fact it could not serve to its peers.
 */
/** `hash`: sha256 of these bytes, when the caller has it already. */
export function openReceipt (bytes: Uint8Array, hash?: Uint8Array): OpenedReceipt | Refusal {
  if (bytes.byteLength > MAX_RECEIPT_BYTES) return refuse('RECEIPT_TOO_LARGE', `the receipt has ${bytes.byteLength} bytes; the limit is ${MAX_RECEIPT_BYTES}`)
  let receipt: ReceiptData
  let signer: Uint8Array
  try {
    const env = envelopeFromWire(bytes)
    const v = verifyEnvelope(env, PAYLOAD_TYPES.receipt)
    if (!v.ok) return refuse('RECEIPT_BAD_SIGNATURE', v.reason)
    receipt = receiptFromWire(env.payload)
    signer = env.signer
  } catch (err) {
    // A fact reaches every node: a receipt carrying content would hand the file to all of them.
    if (err instanceof InlineEvidenceError) return refuse(err.code, err.message)
    return refuse('RECEIPT_MALFORMED', 'the receipt does not decode')
  }
  const big = oversized([
    ['the receipt note', receipt.note, MAX_NOTE_BYTES],
    ['the evidence path', receipt.evidence?.path, MAX_EVIDENCE_PATH_BYTES],
    ['the receipt code', receipt.code, MAX_RECEIPT_CODE_BYTES],
    ['the receipt actor', receipt.actor, MAX_HANDLE_BYTES],
    ['the receipt sender', receipt.from, MAX_HANDLE_BYTES]
  ])
  if (big !== undefined) return big
  return { ok: true, receipt, signer, hash: hash ?? sha256(bytes) }
}

/**
 * Who signs a receipt in this state (or slot): the sender withdraws (CANCELED), the message's auditor judges a
 * COMPLETE (AUDITED); every other state is the recipient's word.
 */
export type ReceiptSigner = 'sender' | 'recipient' | 'auditor'

export function signerOf (state: string): ReceiptSigner {
  const step = stepOf(state)
  return step === 'CANCELED' ? 'sender' : step === 'AUDITED' ? 'auditor' : 'recipient'
}

/**
 * A receipt about this message, by the party its state belongs to: the recipient's key for every step, the key
 * the message was sent with (the header's, from which the id is derived) for CANCELED. `opened`: these bytes as
 * openReceipt returned them, when the caller opened them already (an envelope is verified once).
 */
export function checkReceipt (bytes: Uint8Array, message: MessageRef, recipientKey: Uint8Array, opened?: OpenedReceipt): ReceiptCheck {
  const o = opened ?? openReceipt(bytes)
  if (!o.ok) return o
  const r = o.receipt
  if (!bytesEqual(r.messageId, message.id)) return refuse('RECEIPT_WRONG_MESSAGE', 'the receipt is about another message')
  if (!bytesEqual(r.messageHash, message.hash)) return refuse('RECEIPT_WRONG_MESSAGE', 'the receipt is bound to other message content')
  // an audit's verdict: recipientKey is the key of the seat that signed it, which the header must name as auditor
  if (r.state === 'AUDITED') return checkVerdict(o, message, recipientKey)
  const bySender = signerOf(r.state) === 'sender'
  const party = bySender ? message.from : message.to
  // addressed to a role: any seat's DELIVERED (recipientKey is that seat's key, its card holding the role is the
  // caller's to check); every later step is its lease holder's, checked against the lease the receipt carries
  const role = !bySender && roleOfAddress(message.to) !== undefined
  if (r.actor !== party && !role && (party !== '' || !bySender)) return refuse('RECEIPT_WRONG_SIGNER', `a ${r.state} receipt is by the ${bySender ? 'sender' : 'recipient'} ${party}, not by ${r.actor}`)
  if (!bySender && (!role || r.state === 'DELIVERED') && !bytesEqual(o.signer, recipientKey)) return refuse('RECEIPT_WRONG_SIGNER', `the receipt is not signed by the key of ${role ? r.actor : message.to}`)
  if (r.state === 'COMPLETE') {
    const e = r.evidence
    if (e === undefined || e.sha256.byteLength !== 32 || e.path === '') return refuse('EVIDENCE_MISSING', 'a COMPLETE receipt must carry evidence (path, sha256, size)')
  }
  const h = headerOf(r, message.header)
  if (!h.ok) return h
  if (message.from !== '' && h.header.from !== message.from) return refuse('RECEIPT_WRONG_MESSAGE', `the receipt's header names ${h.header.from} as the sender, not ${message.from}`)
  if ((r.round ?? 1) > 1 && (r.state !== 'COMPLETE' || (h.header.auditor ?? '') === '')) {
    return refuse('RECEIPT_MALFORMED', 'only a COMPLETE of an audited obligation has a round after the first')
  }
  if (bySender && !bytesEqual(o.signer, h.header.fromKey)) return refuse('RECEIPT_WRONG_SIGNER', `a ${r.state} receipt is not signed by the key ${message.from} sent the message with`)
  if (role && r.state !== 'DELIVERED') {
    const bad = checkLeaseStep(r, o.signer, h.header)
    if (bad !== undefined) return bad
  }
  return { ok: true, receipt: r, hash: o.hash, header: h.header }
}

/**
 * An AUDITED receipt: by the auditor the sender named (its key is `auditorKey`), with a verdict on one COMPLETE named
 * by its hash, a reason when it fails, and evidence well-formed when the auditor attached some.
 */
function checkVerdict (o: OpenedReceipt, message: MessageRef, auditorKey: Uint8Array): ReceiptCheck {
  const r = o.receipt
  const h = headerOf(r, message.header)
  if (!h.ok) return h
  if (message.from !== '' && h.header.from !== message.from) return refuse('RECEIPT_WRONG_MESSAGE', `the receipt's header names ${h.header.from} as the sender, not ${message.from}`)
  if (!bytesEqual(o.signer, auditorKey)) return refuse('RECEIPT_WRONG_SIGNER', `the verdict is not signed by the key of ${h.header.auditor ?? 'the auditor'}`)
  if (r.verdict === undefined) return refuse('AUDIT_INVALID', 'an AUDITED receipt states a verdict, PASS or FAIL')
  if (r.audited?.byteLength !== 32) return refuse('AUDIT_INVALID', 'an AUDITED receipt names the COMPLETE it judged by its sha256')
  if (r.verdict === 'FAIL' && (r.note ?? '').trim() === '') return refuse('AUDIT_INVALID', 'a FAIL verdict gives its reason')
  const e = r.evidence
  if (e !== undefined && (e.sha256.byteLength !== 32 || e.path === '')) return refuse('EVIDENCE_MISSING', 'an auditor\'s evidence names a path and its sha256')
  return { ok: true, receipt: r, hash: o.hash, header: h.header }
}

/**
 * The sender-signed header a receipt carries, verified and matched to the receipt: same id, the receipt's actor is
 * the recipient it names (the sender, for CANCELED), the sender it names. Whether the header's key is the sender's
 * endorsed key is the caller's to check where it does not hold the message (the id is derived from that key, so a
 * node that holds the message knows the key already). `held`: the header this node stored with the message, verified
 * when it was stored; a receipt carrying exactly those bytes is not verified again.
 */
export function headerOf (r: ReceiptData, held?: Uint8Array): { ok: true, header: MessageHeaderData } | Refusal {
  const h = openHeader(r.header, held)
  if (!h.ok) return h
  if (!bytesEqual(h.header.messageId, r.messageId) || (r.from !== undefined && r.from !== h.header.from)) {
    return refuse('RECEIPT_WRONG_MESSAGE', 'the receipt names another message than the header it carries')
  }
  const bySender = signerOf(r.state) === 'sender'
  if (signerOf(r.state) === 'auditor') {
    const auditor = h.header.auditor ?? ''
    return auditor !== '' && r.actor === auditor ? h : refuse('RECEIPT_WRONG_SIGNER', auditor === '' ? 'the message has no auditor, so no AUDITED receipt counts for it' : `an AUDITED receipt is by the auditor ${auditor}, not by ${r.actor}`)
  }
  const party = bySender ? h.header.from : h.header.to
  if (!bySender && roleOfAddress(h.header.to) !== undefined) {
    // addressed to a role: the step is a seat's, which seat the caller checks (DELIVERED) or the lease says
    return r.actor === '' || roleOfAddress(r.actor) !== undefined ? refuse('RECEIPT_WRONG_SIGNER', `a ${r.state} receipt is by a seat, not by ${JSON.stringify(r.actor)}`) : h
  }
  if (r.actor !== party) {
    // a withdrawal by anyone but the sender, or the sender stating a recipient's step: a wrong signer; a recipient
    // step by a third seat names another message than this header's (as it always did)
    return bySender || r.actor === h.header.from
      ? refuse('RECEIPT_WRONG_SIGNER', `a ${r.state} receipt is by the ${bySender ? 'sender' : 'recipient'} ${party}, not by ${r.actor}`)
      : refuse('RECEIPT_WRONG_MESSAGE', 'the receipt names another message than the header it carries')
  }
  return h
}
