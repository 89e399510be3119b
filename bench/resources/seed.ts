// Seeds a home's store through the store module (not over the network): messages a local seat sent, each with
// the recipient seat's DELIVERED receipt, as a node that has been sending for a long time holds them. A worker
// thread signs the next chunk while this thread writes the current one.
import { Worker } from 'node:worker_threads'
import { fileURLToPath } from 'node:url'
import { HomeContext } from '../../daemon/index.js'
import type { KeyPair } from '../../cards/index.js'
import { unpackRows, type SeedJob, type SeedRequest, type SeedRow } from './seed-rows.js'

const CHUNK = 8192 // messages per transaction
export const SEED_BODY_BYTES = 200 // a short agent message

export interface SeedSide { home: string, handle: string }

/** A seat's key pair, read from its home. */
export function seatKey (side: SeedSide): KeyPair {
  const ctx = HomeContext.open(side.home)
  try {
    return ctx.actorKey(side.handle)
  } finally {
    ctx.close()
  }
}

/** Adds `count` delivered messages from `from` (whose home is seeded) to `to`; returns the seconds it took. */
export async function seedDelivered (from: SeedSide, to: SeedSide, count: number): Promise<number> {
  const t0 = performance.now()
  const job: SeedJob = { from: { handle: from.handle, key: seatKey(from) }, to: { handle: to.handle, key: seatKey(to) }, bodyBytes: SEED_BODY_BYTES }
  const worker = new Worker(fileURLToPath(new URL('./seed-rows.js', import.meta.url)), { workerData: { seedJob: job } })
  const replies: Array<(rows: SeedRow[]) => void> = []
  worker.on('message', (buf: ArrayBuffer) => replies.shift()?.(unpackRows(buf)))
  const failed = new Promise<never>((_resolve, reject) => worker.once('error', reject))
  const startMs = Date.now() - count * 10
  const ask = async (first: number): Promise<SeedRow[]> => {
    const req: SeedRequest = { first, count: Math.min(CHUNK, count - first), startMs }
    const rows = new Promise<SeedRow[]>(resolve => replies.push(resolve))
    worker.postMessage(req)
    return await Promise.race([rows, failed])
  }
  const ctx = HomeContext.open(from.home)
  try {
    const store = ctx.store
    let next = count > 0 ? ask(0) : undefined
    for (let first = 0; first < count; first += CHUNK) {
      const rows = await (next as Promise<SeedRow[]>)
      next = first + CHUNK < count ? ask(first + CHUNK) : undefined
      store.tx(() => {
        for (const r of rows) {
          store.messages.insertMessage({ id: r.id, hash: r.hash, envelope: r.envelope, from: from.handle, to: to.handle, localFrom: true, localTo: false, sentAtMs: r.sentAtMs, storedAtMs: r.sentAtMs })
          store.receipts.insert({ hash: r.receiptHash, messageId: r.id, state: 'DELIVERED', actor: to.handle, envelope: r.receipt, atMs: r.sentAtMs + 5, receivedAtMs: r.sentAtMs + 6 })
          store.messages.setState(r.id, 'DELIVERED')
        }
      })
    }
  } finally {
    ctx.close()
    await worker.terminate()
  }
  return (performance.now() - t0) / 1000
}
