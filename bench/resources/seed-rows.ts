// The rows a seeded store holds, made off the main thread: messages from one seat, each with the other seat's
// DELIVERED receipt, both signed in Merkle batches (one signature per batch, every envelope verifiable alone).
import { randomBytes } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'
import { sha256, signBatch, type KeyPair } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, messageToWire, receiptToWire, type MessageData } from '../../proto/index.js'

const SIGN_BATCH = 256 // envelopes per signature

export interface Seat { handle: string, key: KeyPair }
export interface SeedJob { from: Seat, to: Seat, bodyBytes: number }
export interface SeedRequest { first: number, count: number, startMs: number }

export interface SeedRow {
  id: Uint8Array
  sentAtMs: number
  envelope: Uint8Array
  hash: Uint8Array
  receipt: Uint8Array
  receiptHash: Uint8Array
}

/** `count` rows; message k is sent at startMs + (first + k) * 10 ms and delivered 5 ms later. */
export function seedRows (job: SeedJob, req: SeedRequest): SeedRow[] {
  const body = new TextEncoder().encode('m'.repeat(job.bodyBytes))
  const ids = new Uint8Array(randomBytes(16 * req.count))
  const rows: SeedRow[] = []
  for (let b = 0; b < req.count; b += SIGN_BATCH) {
    const msgs: MessageData[] = Array.from({ length: Math.min(SIGN_BATCH, req.count - b) }, (_, k) => ({
      id: ids.slice((b + k) * 16, (b + k + 1) * 16),
      from: job.from.handle,
      to: job.to.handle,
      sentAtMs: req.startMs + (req.first + b + k) * 10,
      contentType: 'text/plain',
      body,
      require: 'DELIVERED',
      fromKey: job.from.key.publicKey
    }))
    const envelopes = signBatch(job.from.key, msgs.map(m => ({ payloadType: PAYLOAD_TYPES.message, payload: messageToWire(m) }))).map(envelopeToWire)
    const hashes = envelopes.map(e => sha256(e))
    const receipts = signBatch(job.to.key, msgs.map((m, k) => ({
      payloadType: PAYLOAD_TYPES.receipt,
      payload: receiptToWire({ messageId: m.id, messageHash: hashes[k], actor: job.to.handle, state: 'DELIVERED', atMs: m.sentAtMs + 5, from: job.from.handle })
    }))).map(envelopeToWire)
    msgs.forEach((m, k) => rows.push({ id: m.id, sentAtMs: m.sentAtMs, envelope: envelopes[k], hash: hashes[k], receipt: receipts[k], receiptHash: sha256(receipts[k]) }))
  }
  return rows
}

// Rows cross to the writing thread packed in one transferred buffer: thousands of small arrays would be cloned
// one by one. Per row: id (16), sentAtMs (f64), hash (32), receipt hash (32), then two u32-length-prefixed envelopes.
const FIXED = 16 + 8 + 32 + 32 + 4 + 4

export function packRows (rows: SeedRow[]): ArrayBuffer {
  const size = rows.reduce((n, r) => n + FIXED + r.envelope.byteLength + r.receipt.byteLength, 0)
  const buf = new ArrayBuffer(size)
  const bytes = new Uint8Array(buf)
  const view = new DataView(buf)
  let at = 0
  const put = (b: Uint8Array): void => { bytes.set(b, at); at += b.byteLength }
  for (const r of rows) {
    put(r.id)
    view.setFloat64(at, r.sentAtMs)
    at += 8
    put(r.hash)
    put(r.receiptHash)
    view.setUint32(at, r.envelope.byteLength)
    at += 4
    put(r.envelope)
    view.setUint32(at, r.receipt.byteLength)
    at += 4
    put(r.receipt)
  }
  return buf
}

export function unpackRows (buf: ArrayBuffer): SeedRow[] {
  const bytes = new Uint8Array(buf)
  const view = new DataView(buf)
  const rows: SeedRow[] = []
  let at = 0
  const take = (n: number): Uint8Array => { const b = bytes.subarray(at, at + n); at += n; return b }
  const u32 = (): number => { const v = view.getUint32(at); at += 4; return v }
  while (at < bytes.byteLength) {
    const id = take(16)
    const sentAtMs = view.getFloat64(at)
    at += 8
    const hash = take(32)
    const receiptHash = take(32)
    const envelope = take(u32())
    const receipt = take(u32())
    rows.push({ id, sentAtMs, envelope, hash, receipt, receiptHash })
  }
  return rows
}

// As a worker: answer each request with its rows, packed.
if (parentPort !== null && workerData?.seedJob !== undefined) {
  const job = workerData.seedJob as SeedJob
  const port = parentPort
  port.on('message', (req: SeedRequest) => {
    const buf = packRows(seedRows(job, req))
    port.postMessage(buf, [buf])
  })
}
