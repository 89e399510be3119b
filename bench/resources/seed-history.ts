// Seeds a long history into the homes of a sender and its recipient, as two nodes that exchanged messages for a
// year hold it: each message signed with its header, its DELIVERED and final receipt (COMPLETE with evidence, or
// REJECTED) signed by the recipient in Merkle batches, every receipt in the receipts table and in the fact log
// of both nodes. Written through the store module, with the daemons stopped.
import { randomBytes } from 'node:crypto'
import { HomeContext } from '../../daemon/index.js'
import { seatKey } from './seed.js'
import { sha256, signBatch, type KeyPair } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, messageToWire, receiptToWire, type MessageData, type ReceiptState } from '../../proto/index.js'
import { headerPayload, messageIdFor, NONCE_BYTES } from '../../daemon/receipts/index.js'

const SIGN_BATCH = 256 // envelopes per signature
const CHUNK = 4096 // messages per transaction

export interface HistorySide { home: string, handle: string }

export interface HistoryPlan {
  count: number
  /** Message k is sent at firstMs + k * stepMs. */
  firstMs: number
  stepMs: number
  bodyBytes: number
  /** The final receipt of message k (undefined: left open, DELIVERED only). */
  final: (k: number) => 'COMPLETE' | 'REJECTED' | undefined
}

export interface SeededMessage { id: Uint8Array, sentAtMs: number, final?: 'COMPLETE' | 'REJECTED' }

interface Row {
  msg: MessageData
  envelope: Uint8Array
  hash: Uint8Array
  header: Uint8Array
  receipts: Array<{ state: ReceiptState, envelope: Uint8Array, hash: Uint8Array, atMs: number }>
}

function signChunk (from: { handle: string, key: KeyPair }, to: { handle: string, key: KeyPair }, plan: HistoryPlan, first: number, count: number): Row[] {
  const body = new TextEncoder().encode('h'.repeat(plan.bodyBytes))
  const rows: Row[] = []
  for (let b = 0; b < count; b += SIGN_BATCH) {
    const n = Math.min(SIGN_BATCH, count - b)
    const msgs: MessageData[] = []
    const payloads: Uint8Array[] = []
    const headers: Uint8Array[] = []
    for (let j = 0; j < n; j++) {
      const nonce = new Uint8Array(randomBytes(NONCE_BYTES))
      const k = first + b + j
      const msg: MessageData = { id: messageIdFor(from.key.publicKey, nonce), from: from.handle, to: to.handle, sentAtMs: plan.firstMs + k * plan.stepMs, contentType: 'text/plain', body, require: 'COMPLETE', fromKey: from.key.publicKey }
      const payload = messageToWire(msg)
      msgs.push(msg)
      payloads.push(payload)
      headers.push(headerPayload(msg, payload, nonce))
    }
    const signed = signBatch(from.key, [
      ...payloads.map(p => ({ payloadType: PAYLOAD_TYPES.message, payload: p })),
      ...headers.map(h => ({ payloadType: PAYLOAD_TYPES.header, payload: h }))
    ]).map(envelopeToWire)
    const asks: Array<{ row: number, state: ReceiptState, atMs: number, payload: Uint8Array }> = []
    for (let j = 0; j < n; j++) {
      const msg = msgs[j]
      const row: Row = { msg, envelope: signed[j], hash: sha256(signed[j]), header: signed[n + j], receipts: [] }
      rows.push(row)
      const base = { messageId: msg.id, messageHash: row.hash, actor: to.handle, from: from.handle, header: row.header }
      asks.push({ row: rows.length - 1, state: 'DELIVERED', atMs: msg.sentAtMs + 5, payload: receiptToWire({ ...base, state: 'DELIVERED', atMs: msg.sentAtMs + 5 }) })
      const final = plan.final(first + b + j)
      if (final === 'COMPLETE') {
        const evidence = { path: `/work/reports/${Buffer.from(msg.id).toString('hex')}.md`, sha256: sha256(msg.id), size: 120 }
        asks.push({ row: rows.length - 1, state: 'COMPLETE', atMs: msg.sentAtMs + 60_000, payload: receiptToWire({ ...base, state: 'COMPLETE', atMs: msg.sentAtMs + 60_000, note: 'done', evidence }) })
      } else if (final === 'REJECTED') {
        asks.push({ row: rows.length - 1, state: 'REJECTED', atMs: msg.sentAtMs + 60_000, payload: receiptToWire({ ...base, state: 'REJECTED', atMs: msg.sentAtMs + 60_000, note: 'not mine' }) })
      }
    }
    const receipts = signBatch(to.key, asks.map(a => ({ payloadType: PAYLOAD_TYPES.receipt, payload: a.payload }))).map(envelopeToWire)
    asks.forEach((a, i) => rows[a.row].receipts.push({ state: a.state, envelope: receipts[i], hash: sha256(receipts[i]), atMs: a.atMs }))
  }
  return rows
}

/** Seeds `plan.count` messages from `from` to `to` into both homes; returns the messages and the seconds it took. */
export function seedHistory (from: HistorySide, to: HistorySide, plan: HistoryPlan): { messages: SeededMessage[], seconds: number } {
  const t0 = performance.now()
  const f = { handle: from.handle, key: seatKey(from) }
  const t = { handle: to.handle, key: seatKey(to) }
  const sender = HomeContext.open(from.home)
  const recipient = HomeContext.open(to.home)
  const messages: SeededMessage[] = []
  try {
    for (let first = 0; first < plan.count; first += CHUNK) {
      const rows = signChunk(f, t, plan, first, Math.min(CHUNK, plan.count - first))
      for (const [ctx, localFrom] of [[sender, true], [recipient, false]] as const) {
        const store = ctx.store
        store.tx(() => {
          for (const r of rows) {
            const finalState = r.receipts.length > 1 ? r.receipts[1].state : 'DELIVERED'
            store.messages.insertMessage({
              id: r.msg.id, hash: r.hash, envelope: r.envelope, header: r.header, from: f.handle, to: t.handle, localFrom, localTo: !localFrom,
              sentAtMs: r.msg.sentAtMs, storedAtMs: r.msg.sentAtMs, state: finalState
            })
            for (const rc of r.receipts) store.receipts.insert({ hash: rc.hash, messageId: r.msg.id, state: rc.state, actor: t.handle, envelope: rc.envelope, atMs: rc.atMs, receivedAtMs: rc.atMs + 1 })
          }
        })
      }
      for (const r of rows) messages.push({ id: r.msg.id, sentAtMs: r.msg.sentAtMs, ...(r.receipts.length > 1 ? { final: r.receipts[1].state as 'COMPLETE' | 'REJECTED' } : {}) })
    }
  } finally {
    sender.close()
    recipient.close()
  }
  return { messages, seconds: (performance.now() - t0) / 1000 }
}
