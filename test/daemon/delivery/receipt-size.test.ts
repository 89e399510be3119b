// The biggest receipt a seat may sign fits, whole, in one sync page, one gossip message and one deliver frame; one
// byte more in any limited field is refused on arrival with FIELD_TOO_LARGE, and a receipt over the limit with
// RECEIPT_TOO_LARGE.
import { describe, expect, it } from 'vitest'
import { generateKeyPair, sha256 } from '../../../cards/index.js'
import { PAYLOAD_TYPES, deliverRequestToWire, envelopeToWire, factToWire, receiptToWire, syncPageToWire, type ReceiptData } from '../../../proto/index.js'
import { signBatch } from '../../../cards/envelope.js'
import { checkReceipt, headerPayload, messageIdFor } from '../../../daemon/receipts/index.js'
import {
  MAX_BATCH_BYTES, MAX_EVIDENCE_PATH_BYTES, MAX_MESSAGE_BYTES, MAX_NOTE_BYTES,
  MAX_RECEIPT_BYTES, MAX_RECEIPT_CODE_BYTES
} from '../../../daemon/messaging/index.js'
import { MAX_FRAME_BYTES } from '../../../daemon/net/index.js'
import { MAX_FACT_BYTES, MAX_GOSSIP_DATA_BYTES, SYNC_PAGE_BYTES } from '../../../daemon/sync/constants.js'

const HANDLE = 'h'.repeat(63) // the longest handle
const U64 = Number.MAX_SAFE_INTEGER // every varint at its widest
const MAX_BATCH_PATH = 32 // a batch proof's path for 2^32 items, the most a uint32 count allows
const sender = generateKeyPair()
const nonce = new Uint8Array(16).fill(3)
const m = { id: messageIdFor(sender.publicKey, nonce), hash: new Uint8Array(32).fill(2), to: HANDLE, from: HANDLE }

/** The sender-signed header, signed in a batch with its message as notify does; `widest` as for the receipt. */
function header (widest: boolean): Uint8Array {
  const msg = { id: m.id, from: HANDLE, to: HANDLE, sentAtMs: U64, contentType: 'text/plain', body: new Uint8Array(0), require: 'COMPLETE' as const, fromKey: sender.publicKey }
  const payload = new Uint8Array(64)
  const [, env] = signBatch(sender, [{ payloadType: PAYLOAD_TYPES.message, payload }, { payloadType: PAYLOAD_TYPES.header, payload: headerPayload(msg, payload, nonce) }])
  return envelopeToWire(widest ? { ...env, batch: { ...env.batch!, count: 2 ** 32 - 1, index: 2 ** 32 - 2, path: Array(MAX_BATCH_PATH).fill(new Uint8Array(32)) } } : env)
}

function biggest (over: Partial<{ note: number, path: number, code: number }> = {}, widest = true): ReceiptData {
  const content = new Uint8Array(1024).fill(7)
  return {
    messageId: m.id,
    messageHash: m.hash,
    actor: HANDLE,
    state: 'COMPLETE',
    atMs: U64,
    note: 'é'.repeat((over.note ?? MAX_NOTE_BYTES) / 2), // two bytes a character: the limit is in bytes
    evidence: { path: '/' + 'p'.repeat((over.path ?? MAX_EVIDENCE_PATH_BYTES) - 1), sha256: sha256(content), size: U64 },
    code: 'C'.repeat(over.code ?? MAX_RECEIPT_CODE_BYTES),
    from: HANDLE,
    header: header(widest)
  }
}

/** Signed in a batch, as a frame's receipts are; `widest`: the proof padded to the longest a batch can have (it no longer verifies). */
function signedBiggest (key = generateKeyPair(), data = biggest(), widest = true): Uint8Array {
  const [env] = signBatch(key, [data, data].map(d => ({ payloadType: PAYLOAD_TYPES.receipt, payload: receiptToWire(d) })))
  if (!widest) return envelopeToWire(env)
  return envelopeToWire({ ...env, batch: { ...env.batch!, count: 2 ** 32 - 1, index: 2 ** 32 - 2, path: Array(MAX_BATCH_PATH).fill(new Uint8Array(32)) } })
}

describe('receipt size', () => {
  it('the biggest receipt allowed fits in one sync page, one gossip message and one deliver frame', () => {
    const bytes = signedBiggest()
    const padded = new Uint8Array(MAX_RECEIPT_BYTES) // whatever the encoding, a receipt is at most this
    console.log(`biggest receipt: ${bytes.byteLength} bytes; limit ${MAX_RECEIPT_BYTES}`)
    expect(bytes.byteLength).toBeLessThanOrEqual(MAX_RECEIPT_BYTES)
    const page = syncPageToWire({ facts: [{ seq: U64, kind: 'receipt', envelope: padded }], head: U64, done: true })
    expect(page.byteLength).toBeLessThanOrEqual(SYNC_PAGE_BYTES)
    expect(SYNC_PAGE_BYTES).toBeLessThanOrEqual(MAX_FRAME_BYTES)
    expect(MAX_RECEIPT_BYTES).toBeLessThanOrEqual(MAX_FACT_BYTES)
    expect(factToWire({ seq: U64, kind: 'endorsement', envelope: new Uint8Array(MAX_FACT_BYTES) }).byteLength).toBeLessThanOrEqual(MAX_GOSSIP_DATA_BYTES)
    expect(deliverRequestToWire({ batchId: U64, messages: [], receipts: [padded], cards: [] }).byteLength).toBeLessThanOrEqual(MAX_BATCH_BYTES)
    // a seat's handoff carries its message and its receipts: the biggest message with one biggest receipt and the
    // four other states' receipts, each with the longest note
    const small = new Uint8Array(MAX_NOTE_BYTES + 1024)
    const handoff = deliverRequestToWire({ batchId: U64, messages: [], receipts: [], cards: [], handoffs: [{ message: new Uint8Array(MAX_MESSAGE_BYTES), receipts: [padded, small, small, small, small] }] })
    expect(handoff.byteLength).toBeLessThanOrEqual(MAX_FRAME_BYTES)
  })

  it('the biggest receipt is accepted; one byte more in a field, or a receipt over the limit, is refused', () => {
    const key = generateKeyPair()
    expect(checkReceipt(signedBiggest(key, biggest({}, false), false), m, key.publicKey)).toMatchObject({ ok: true })
    for (const field of ['note', 'path', 'code'] as const) {
      const r = checkReceipt(signedBiggest(key, biggest({ [field]: { note: MAX_NOTE_BYTES + 2, path: MAX_EVIDENCE_PATH_BYTES + 1, code: MAX_RECEIPT_CODE_BYTES + 1 }[field] }, false), false), m, key.publicKey)
      expect(r).toMatchObject({ ok: false, code: 'FIELD_TOO_LARGE' })
    }
    const huge = { ...biggest({}, false), state: 'REJECTED' as const, evidence: undefined, note: 'x'.repeat(MAX_RECEIPT_BYTES) }
    expect(checkReceipt(signedBiggest(key, huge, false), m, key.publicKey)).toMatchObject({ ok: false, code: 'RECEIPT_TOO_LARGE' })
  })
})
