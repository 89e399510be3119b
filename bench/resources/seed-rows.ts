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

// As a worker: answer each request with its rows.
if (parentPort !== null && workerData?.seedJob !== undefined) {
  const job = workerData.seedJob as SeedJob
  const port = parentPort
  port.on('message', (req: SeedRequest) => port.postMessage(seedRows(job, req)))
}
