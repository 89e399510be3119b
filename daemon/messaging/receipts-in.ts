// Receipts arriving for messages this node holds: verified against the message and its recipient's key (its
// sender's, for CANCELED), stored once, and the obligation's state re-derived. Also used for the DELIVERED receipt
// that answers a delivery. Evidence content beside a COMPLETE receipt is kept only by the message's sender, and only
// when it matches the receipt.
import { MeshError, bytesEqual, hex, refuse, sha256, type Refusal, type ErrorCode } from '../../cards/index.js'
import type { EvidenceContentData, ReceiptData, ReceiptResultData } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { MessageRow } from '../store/index.js'
import { checkReceipt, deriveState, openReceipt, roleOfAddress, signerOf, slotOf, stepOf, type OpenedReceipt } from '../receipts/index.js'
import { roleReceiptRefusal, storeLease } from './roles.js'
import { checkContent } from './evidence.js'
import { reopenOnVerdict } from './audit.js'

export type StoredReceipt = { ok: true, state: string, isNew: boolean } | Refusal

/**
 * Checks one receipt against the held message; stores it when valid. Runs inside the caller's transaction. `opened`:
 * the bytes as openReceipt returned them, when the caller opened them already.
 */
export function applyReceipt (core: Core, bytes: Uint8Array, message: MessageRow, nowMs: number, opened?: OpenedReceipt): StoredReceipt {
  // these exact bytes are held: they passed every check below when they were stored (a receipt names its message,
  // so the same bytes are about the same one); the DELIVERED a deliver answer brings has often come by sync already
  const hash = opened?.hash ?? sha256(bytes) // the one hash of these bytes: looked up, then what openReceipt returns
  const held = heldState(core, hash, message)
  if (held !== undefined) return { ok: true, state: held, isNew: false }
  const o = opened ?? openReceipt(bytes, hash)
  if (!o.ok) return o
  // a CANCELED is checked against the key the message was sent with (checkReceipt); every other state against the
  // recipient's current card
  const bySender = signerOf(o.receipt.state) === 'sender'
  // role work: the seat that signed is the recipient whose card counts (a step's key is also the one its lease names);
  // a verdict: the seat that signed it, which checkReceipt holds to the auditor the header names
  const party = roleOfAddress(message.to) === undefined && signerOf(o.receipt.state) !== 'auditor' ? message.to : o.receipt.actor
  const recipient = core.directory.get(party)
  if (recipient === undefined && !bySender) return refuse('RECEIPT_WRONG_SIGNER', `no card for the recipient ${party} is held here`)
  const signer = bySender ? o.signer : recipient?.actorKey
  if (signer !== undefined && core.directory.isRevoked(signer)) return refuse('CARD_REVOKED', `the key of ${bySender ? message.from : party} is revoked`)
  const c = checkReceipt(bytes, message, recipient?.actorKey ?? new Uint8Array(0), o)
  if (!c.ok) return c
  if (!bySender && party !== message.to && !bytesEqual(o.signer, recipient?.actorKey ?? new Uint8Array(0))) return refuse('RECEIPT_WRONG_SIGNER', `the receipt is not signed by the current key of ${party}`)
  const roleBad = roleReceiptRefusal(core, c.receipt, message.to)
  if (roleBad !== undefined) return roleBad
  // the lease a step carries is a fact like any other: a node that had not heard of it holds it now
  if (c.receipt.lease !== undefined) core.store.facts.learning(() => storeLease(core, c.receipt.lease as Uint8Array, nowMs))
  const store = core.store.messages
  const isNew = core.store.facts.learning(() => core.store.receipts.insert({
    hash: c.hash, messageId: message.id, state: slotOf(c.receipt), actor: c.receipt.actor, envelope: bytes, atMs: c.receipt.atMs, receivedAtMs: nowMs
  }))
  if (isNew) {
    reopenOnVerdict(core, message.id, c.receipt, nowMs)
    // the states alone, from the index (no envelopes); unchanged (a receipt below the state held) writes nothing.
    // message.state may be older than the row, never ahead of it, and states only move up: equal means unchanged.
    const state = deriveState(core.store.receipts.statesOf(message.id))
    if (state !== message.state) store.setState(message.id, state)
  }
  return { ok: true, state: c.receipt.state, isNew }
}

/** The state of these receipt bytes when they are held for this message; undefined when they are not held. */
function heldState (core: Core, hash: Uint8Array, message: MessageRow): string | undefined {
  const slot = core.store.receipts.slotOf(message.id, hash)
  return slot === undefined ? undefined : stepOf(slot)
}

/**
 * Receipts pushed by a peer: each is answered stored (no code) or refused with a code. `contents` is the evidence
 * content that came beside them: a receipt whose content does not match is refused whole (EVIDENCE_HASH_MISMATCH).
 */
export async function acceptReceipts (core: Core, batch: Uint8Array[], peer?: string, contents: EvidenceContentData[] = []): Promise<ReceiptResultData[]> {
  const now = Date.now()
  const contentFor = new Map(contents.map(c => [hex(c.receiptHash), c.content]))
  const results: ReceiptResultData[] = []
  const stored: Array<{ messageId: Uint8Array, state: string, actor: string }> = []
  const refused: Array<{ code: ErrorCode, reason: string }> = []
  await core.store.commit.run(() => core.store.facts.peers.receivedFrom(peer, () => {
    for (const bytes of batch) {
      const o = openReceipt(bytes)
      if (!o.ok) {
        results.push({ receiptHash: new Uint8Array(0), errorCode: o.code, errorMessage: o.reason })
        refused.push(o)
        continue
      }
      const message = core.store.messages.message(o.receipt.messageId)
      if (message === undefined && core.store.retention.gone(o.receipt.messageId) !== undefined) {
        // final and archived here: a late copy is neither stored nor worth sending again
        results.push({ receiptHash: o.hash, errorCode: 'OBLIGATION_ARCHIVED', errorMessage: 'the obligation is final and archived on this node' })
        continue
      }
      if (message === undefined) {
        results.push({ receiptHash: o.hash, errorCode: 'RECEIPT_UNKNOWN_MESSAGE', errorMessage: 'no such message is held here' })
        continue
      }
      const content = contentFor.get(hex(o.hash))
      const bad = content === undefined ? undefined : checkContent(o.receipt, content)
      const r = bad ?? applyReceipt(core, bytes, message, now, o)
      if (!r.ok) {
        core.log.warn('receipt refused', { code: r.code, reason: r.reason })
        results.push({ receiptHash: o.hash, errorCode: r.code, errorMessage: r.reason })
        refused.push(r)
        continue
      }
      results.push({ receiptHash: o.hash })
      // DELIVERED for a message sent from here (e.g. brought back by a mailbox): direct delivery is over
      if (r.state === 'DELIVERED' && message.localFrom) settleDelivered(core, message.id)
      if (content !== undefined) keepContent(core, o.hash, o.receipt, message, content, now)
      if (r.isNew) stored.push({ messageId: message.id, state: r.state, actor: o.receipt.actor })
    }
  }))
  for (const s of stored) core.events.emit('receipt', s)
  for (const r of refused) core.events.emit('refused', { what: 'receipt', code: r.code, reason: r.reason, peer })
  return results
}

/** The message's pending outbox row leaves the outbox: its DELIVERED receipt is stored. */
function settleDelivered (core: Core, messageId: Uint8Array): void {
  const row = core.store.outbox.forRef('message', messageId)
  if (row !== undefined && row.status === 'pending') core.store.outbox.done(row.id)
}

/** The sender's copy of the evidence content; any other node drops it (content never spreads past the sender). */
function keepContent (core: Core, hash: Uint8Array, r: ReceiptData, message: MessageRow, content: Uint8Array, nowMs: number): void {
  if (!message.localFrom || r.evidence === undefined) {
    core.log.debug('evidence content for a message not sent from here dropped', { message: hex(message.id) })
    return
  }
  core.store.evidence.put({ receiptHash: hash, messageId: message.id, origin: 'received', path: r.evidence.path, sha256: r.evidence.sha256, size: r.evidence.size, content, storedAtMs: nowMs })
}

export function requireMessage (core: Core, id: Uint8Array, ob: string): MessageRow {
  const m = core.store.messages.message(id)
  if (m === undefined) throw new MeshError('OBLIGATION_UNKNOWN', `no obligation ${ob} is held on this node`)
  return m
}
