// Checkpoints of the write-ahead log, off the main thread. SQLite copies its log into the database every 1,000 pages
// by default, inside the COMMIT that crossed the mark: on the writer's thread, with an fsync of the log and one of the
// database, every few group commits under load (a group of 256 messages of 64 KB writes over 4,000 pages). Under a
// sustained load the store turns that off on its connection and a thread of its own, with a connection of its own,
// copies the log every CHECKPOINT_INTERVAL_MS while writes come. Such a checkpoint rarely reaches the log's end (the
// writer goes on meanwhile), and SQLite starts the log over only after one has: once the log holds END_LOG_FRAMES,
// the main thread checkpoints itself right after the thread's answer, copying what came since (the log's tail) and
// syncing the database, whose pages the thread has already synced. After CHECKPOINT_IDLE_MS without writes the thread
// ends (an idle daemon does not keep it) and SQLite checkpoints as before. If the thread fails, SQLite's own
// checkpoints are turned back on and the thread is not started again: the store works as it did.
// Durability is SQLite's: the same pragmas on both connections, and a checkpoint never copies a frame that is not in
// the log on disk (the log is fsynced first), nor lets the log restart before the database is fsynced.
import { Worker } from 'node:worker_threads'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageRoot } from '../runtime/package-root.js'
import type { Db } from './db.js'
import type { CheckpointDone, CheckpointFailed, CheckpointerData } from './checkpoint-worker.js'

/** Writes committed within START_WINDOW_MS that start the thread: a load, not a daemon's odd write. */
export const CHECKPOINT_START_WRITES = 1024
const START_WINDOW_MS = 2_000
/** At most one checkpoint per this while writes come (one is asked for as the last one answers). */
export const CHECKPOINT_INTERVAL_MS = 50
/** Without writes for this long, the thread ends. */
export const CHECKPOINT_IDLE_MS = 30_000
/** A log this long (frames, 4 KiB each: 32 MiB) is ended by the main thread: the log's size stays near this. */
export const END_LOG_FRAMES = 8192
const SQLITE_AUTOCHECKPOINT_PAGES = 1000 // SQLite's default, restored when the thread ends
const CLOSE_WAIT_MS = 10_000 // how long a close waits for the thread's connection to close

export interface CheckpointerStats {
  /** Times the thread was started. */
  started: number
  /** Checkpoints the thread made. */
  checkpoints: number
  /** Checkpoints the main thread made to end a long log. */
  ended: number
  /** Frames in the log at the last checkpoint, and how many of them it had copied. */
  lastLog: number
  lastCheckpointed: number
  /** Why the thread failed, if it did (it is then not started again). */
  failed?: string
}

function workerFile (): string {
  const here = fileURLToPath(import.meta.url)
  const sibling = join(dirname(here), 'checkpoint-worker.js')
  // from dist/ the worker is beside this module; from the sources (tests) it is the built one
  return here.endsWith('.js') && existsSync(sibling) ? sibling : join(packageRoot(), 'dist', 'daemon', 'store', 'checkpoint-worker.js')
}

export class Checkpointer {
  readonly stats: CheckpointerStats = { started: 0, checkpoints: 0, ended: 0, lastLog: 0, lastCheckpointed: 0 }
  private worker?: Worker
  private closedFlag?: Int32Array
  private asked = false // a checkpoint asked for and not answered yet
  private dirty = false // writes committed since the last ask
  private timer?: NodeJS.Timeout
  private idle?: NodeJS.Timeout
  private lastAskAt = -Infinity
  private lastWriteAt = 0
  private windowFrom = -Infinity
  private windowWrites = 0
  private closed = false

  /** Where a failure of the thread is told (the daemon's log). */
  warn: (msg: string) => void = () => {}

  /** `pragmas`: the store's durability pragmas, for the thread's connection. */
  constructor (private readonly db: Db, private readonly pragmas: string[]) {}

  /** Without writes for this long, the thread ends (CHECKPOINT_IDLE_MS; a test shortens it). */
  idleMs = CHECKPOINT_IDLE_MS
  /** The log's length that the main thread ends (END_LOG_FRAMES; a test shortens it). */
  endLogFrames = END_LOG_FRAMES

  get running (): boolean {
    return this.worker !== undefined
  }

  /** The thread while it runs: its id, and a way to see what happens when it dies. */
  get thread (): Worker | undefined {
    return this.worker
  }

  /** Told after each commit that wrote, with the number of writes in it. */
  wrote (writes: number): void {
    if (this.closed || this.stats.failed !== undefined || this.db.memory) return
    const now = performance.now()
    this.lastWriteAt = now
    if (this.worker === undefined) {
      if (now - this.windowFrom > START_WINDOW_MS) {
        this.windowFrom = now
        this.windowWrites = 0
      }
      this.windowWrites += writes
      if (this.windowWrites >= CHECKPOINT_START_WRITES) this.start()
      return
    }
    this.dirty = true
    this.schedule()
  }

  private start (): void {
    const closed = new Int32Array(new SharedArrayBuffer(4))
    const data: CheckpointerData = { path: this.db.name, pragmas: this.pragmas, closed }
    let w: Worker
    try {
      // none of the process's own node flags (a profiler's, a script's --input-type): the thread runs one file
      w = new Worker(workerFile(), { workerData: data, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 } })
    } catch (err) {
      this.stats.failed = `the checkpoint thread did not start: ${(err as Error).message}`
      this.warn(this.stats.failed)
      return
    }
    this.worker = w
    this.closedFlag = closed
    this.stats.started++
    w.unref()
    w.on('message', (m: CheckpointDone | CheckpointFailed) => {
      if (this.worker !== w) return
      if (m.kind === 'failed') {
        this.fail(`a checkpoint failed: ${m.error}`, true)
        return
      }
      this.asked = false
      this.stats.checkpoints++
      this.stats.lastLog = m.log
      this.stats.lastCheckpointed = m.checkpointed
      if (m.log >= this.endLogFrames) this.endLog()
      if (this.dirty) this.schedule()
    })
    w.on('error', err => { if (this.worker === w) this.fail(`the checkpoint thread failed: ${err.message}`, false) })
    w.on('exit', code => { if (this.worker === w) this.fail(`the checkpoint thread exited (${code})`, false) })
    this.db.pragma('wal_autocheckpoint = 0')
    this.dirty = true
    this.schedule()
    this.idle = setInterval(() => { if (performance.now() - this.lastWriteAt >= this.idleMs) this.stop() }, this.idleMs / 3)
    this.idle.unref()
  }

  private schedule (): void {
    if (this.asked || this.timer !== undefined || this.worker === undefined) return
    const wait = Math.max(0, this.lastAskAt + CHECKPOINT_INTERVAL_MS - performance.now())
    this.timer = setTimeout(() => {
      this.timer = undefined
      if (this.worker === undefined) return
      this.dirty = false
      this.asked = true
      this.lastAskAt = performance.now()
      this.worker.postMessage({ kind: 'checkpoint' })
    }, wait)
    this.timer.unref()
  }

  /** Copies the log's tail on this thread, so that the next write starts the log over (no transaction is open here). */
  private endLog (): void {
    if (!this.db.open || this.db.inTransaction) return
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)')
      this.stats.ended++
    } catch (err) {
      this.warn(`a checkpoint of the log failed: ${(err as Error).message}`)
    }
  }

  /** Ends the thread (its connection closed first, waited for while it runs) and gives checkpoints back to SQLite. */
  private stop (alive = true): void {
    const w = this.worker
    if (w === undefined) return
    this.worker = undefined
    clearTimeout(this.timer)
    clearInterval(this.idle)
    this.timer = undefined
    this.idle = undefined
    this.asked = false
    const flag = this.closedFlag as Int32Array
    if (alive) {
      try {
        w.postMessage({ kind: 'close' })
        // the main connection must be the last one open when it closes: only then does SQLite copy and remove the log
        if (Atomics.wait(flag, 0, 0, CLOSE_WAIT_MS) === 'timed-out') this.warn(`the checkpoint thread did not close its connection within ${CLOSE_WAIT_MS} ms`)
      } catch {}
    }
    void w.terminate()
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`)
  }

  private fail (why: string, alive: boolean): void {
    this.stats.failed = why
    this.warn(`${why}; SQLite checkpoints on the main thread again`)
    this.stop(alive)
  }

  /** Before the database closes. */
  close (): void {
    this.closed = true
    this.stop()
  }
}
