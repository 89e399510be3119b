// Seeds a home's store through the store module (not over the network): messages a local seat sent, each with
// the recipient seat's DELIVERED receipt, as a node that has been sending for a long time would hold them.
// Both sides sign in Merkle batches (signBatch: one signature per batch, every envelope verifiable on its own).
import { randomBytes } from 'node:crypto'
import { sha256, signBatch, type KeyPair } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, messageToWire, receiptToWire, type MessageData } from '../../proto/index.js'
import { HomeContext } from '../../daemon/index.js'

const SIGN_BATCH = 256 // envelopes per signature
const TX_MESSAGES = 8192 // messages per transaction
export const SEED_BODY_BYTES = 200 // a short agent message

export interface SeedSide { home: string, handle: string }

function seatKey (side: SeedSide): KeyPair {
  const ctx = HomeContext.open(side.home)
  try {
    return ctx.actorKey(side.handle)
  } finally {
    ctx.close()
  }
}

/** Adds `count` delivered messages from `from` (whose home is seeded) to `to`; returns the seconds it took. */
export function seedDelivered (from: SeedSide, to: SeedSide, count: number): number {
  const t0 = performance.now()
  const sender = seatKey(from)
  const recipient = seatKey(to)
  const body = new TextEncoder().encode('m'.repeat(SEED_BODY_BYTES))
  const ctx = HomeContext.open(from.home)
  try {
    const store = ctx.store
    const start = Date.now() - count * 10
    for (let done = 0; done < count;) {
      const n = Math.min(TX_MESSAGES, count - done)
      const rows: Array<{ m: MessageData, envelope: Uint8Array, hash: Uint8Array, receipt: Uint8Array }> = []
      const ids = new Uint8Array(randomBytes(16 * n))
      for (let b = 0; b < n; b += SIGN_BATCH) {
        const msgs: MessageData[] = Array.from({ length: Math.min(SIGN_BATCH, n - b) }, (_, k) => ({
          id: ids.subarray((b + k) * 16, (b + k + 1) * 16),
          from: from.handle,
          to: to.handle,
          sentAtMs: start + (done + b + k) * 10,
          contentType: 'text/plain',
          body,
          require: 'DELIVERED',
          fromKey: sender.publicKey
        }))
        const envelopes = signBatch(sender, msgs.map(m => ({ payloadType: PAYLOAD_TYPES.message, payload: messageToWire(m) }))).map(envelopeToWire)
        const hashes = envelopes.map(e => sha256(e))
        const receipts = signBatch(recipient, msgs.map((m, k) => ({
          payloadType: PAYLOAD_TYPES.receipt,
          payload: receiptToWire({ messageId: m.id, messageHash: hashes[k], actor: to.handle, state: 'DELIVERED', atMs: m.sentAtMs + 5, from: from.handle })
        }))).map(envelopeToWire)
        msgs.forEach((m, k) => rows.push({ m, envelope: envelopes[k], hash: hashes[k], receipt: receipts[k] }))
      }
      store.tx(() => {
        for (const { m, envelope, hash, receipt } of rows) {
          store.messages.insertMessage({ id: m.id, hash, envelope, from: m.from, to: m.to, localFrom: true, localTo: false, sentAtMs: m.sentAtMs, storedAtMs: m.sentAtMs })
          store.messages.insertReceipt({ hash: sha256(receipt), messageId: m.id, state: 'DELIVERED', actor: m.to, envelope: receipt, atMs: m.sentAtMs + 5, receivedAtMs: m.sentAtMs + 6 })
          store.messages.setState(m.id, 'DELIVERED')
        }
      })
      done += n
    }
  } finally {
    ctx.close()
  }
  return (performance.now() - t0) / 1000
}
