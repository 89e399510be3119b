// The checkpointer's thread: its own connection to the node's SQLite file, which copies the log into the database
// when asked (PRAGMA wal_checkpoint(PASSIVE): it never waits for the writer, and copies only frames no reader needs),
// then fsyncs the pages it copied.
// The connection keeps the store's durability pragmas, so the log is fsynced before pages are copied out of it and
// the database after the whole log is in; a restart of the log by the writer waits for both (SQLite's rule).
import { parentPort, workerData } from 'node:worker_threads'
import { closeSync, fdatasyncSync, openSync } from 'node:fs'
import Database from 'better-sqlite3'

export interface CheckpointAsk { kind: 'checkpoint' }
export interface CheckpointClose { kind: 'close' }
export interface CheckpointDone { kind: 'done', log: number, checkpointed: number, busy: number, ms: number }
export interface CheckpointFailed { kind: 'failed', error: string }
export interface CheckpointerData { path: string, pragmas: string[], closed: Int32Array }

const port = parentPort
if (port === null) throw new Error('checkpoint-worker.js runs as a worker thread')
const data = workerData as CheckpointerData
let db: Database.Database | undefined
let dbFd: number | undefined // the database file, for an fdatasync of the pages a checkpoint copied
try {
  db = new Database(data.path, { fileMustExist: true })
  for (const p of data.pragmas) db.pragma(p)
  dbFd = openSync(data.path, 'r')
} catch (err) {
  port.postMessage({ kind: 'failed', error: (err as Error).message } satisfies CheckpointFailed)
}

port.on('message', (m: CheckpointAsk | CheckpointClose) => {
  if (m.kind === 'close') {
    try { db?.close() } catch {}
    try { if (dbFd !== undefined) closeSync(dbFd) } catch {}
    db = undefined
    dbFd = undefined
    Atomics.store(data.closed, 0, 1)
    Atomics.notify(data.closed, 0)
    port.close()
    return
  }
  if (db === undefined) return
  const t = performance.now()
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number, log: number, checkpointed: number }>
    // a checkpoint that could not copy the whole log (the writer went on meanwhile) leaves the database unsynced; the
    // one that ends the log (SQLite syncs the database then) finds the pages copied here already on disk
    if (r.checkpointed > 0 && dbFd !== undefined) fdatasyncSync(dbFd)
    port.postMessage({ kind: 'done', log: r.log, checkpointed: r.checkpointed, busy: r.busy, ms: performance.now() - t } satisfies CheckpointDone)
  } catch (err) {
    port.postMessage({ kind: 'failed', error: (err as Error).message } satisfies CheckpointFailed)
  }
})
