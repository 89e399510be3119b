// Group commit: writes queued in the same turn of the event loop share one transaction, and each caller's promise
// settles only after that transaction is durable. A failing write rolls back alone (savepoint).
// On Linux the fsync leaves the main thread: a durable group commits with synchronous=NORMAL (its log frames are in
// the OS's hands) and the store then fdatasyncs the -wal file on the thread pool, through a descriptor it holds on
// the very file SQLite writes; the group's promises settle, and the fact watermark learns the commit is durable,
// only when an fdatasync started after that commit has returned. Meanwhile the next groups run and commit, and one
// fdatasync covers every group committed before it started. Groups settle in the order they committed: none settles
// before an earlier durable group. An fdatasync that fails settles no group with success, ever: every waiting write
// fails with STORE_SYNC_FAILED, the connection turns query_only and the store takes no more writes until the daemon
// restarts (after a failed fsync the kernel may have dropped the pages; a later fsync could report success falsely).
// Elsewhere (macOS: Node cannot issue F_FULLFSYNC, which fsync there does not imply) SQLite's synchronous=FULL commit
// makes each durable group durable itself, on the main thread.
// A write queued with { durable: false } may skip the fsync when every write of its group does the same: it is then
// safe from a crash of the daemon (the log is in the OS's hands) but not from a power cut until the next durable
// commit, whose fsync covers everything written before it. Only writes that are re-done by themselves after such a
// loss use it (see docs/DECISIONS.md "Performance choices"). A commit is visible to this process's readers before it
// is durable: whatever leaves the node because of a durable write waits for synced() (see the outbox worker).
import type Database from 'better-sqlite3'
import { closeSync, fdatasync, fdatasyncSync, fstatSync, fsyncSync, openSync, readdirSync, readlinkSync, statSync } from 'node:fs'
import { dirname, resolve as resolvePath } from 'node:path'
import { MeshError } from '../../cards/index.js'
import type { Db } from './db.js'
import type { FactWatermark } from './fact-watermark.js'
import type { FactTransactions } from './facts.js'

interface Pending {
  fn: () => unknown
  durable: boolean
  resolve: (v: unknown) => void
  reject: (e: unknown) => void
}

/** A committed group waiting to settle. */
interface Committed {
  group: Pending[]
  outcomes: Array<{ ok: boolean, value: unknown }>
  /** The fdatasync (by its number) that must have returned before the group settles; 0: none of its own. */
  needs: number
}

export const MAX_GROUP = 1024 // writes per transaction; bounds the latency of the first in the group

/** The -wal file SQLite writes, opened a second time for the thread pool's fdatasync. */
interface WalFile { fd: number, path: string }

export class GroupCommit {
  private queue: Pending[] = []
  private scheduled = false
  /** Durable groups that wrote and are on disk (their commit or their log's fsync returned), since the store opened. */
  durableCommits = 0

  private readonly totalChanges: Database.Statement
  /**
   * Made once: better-sqlite3 builds four wrapper functions for every `db.transaction(fn)`, which cost more than the
   * SAVEPOINT and RELEASE they run when made for each write of a group. Inside the group's transaction, `inner`
   * runs a write in a savepoint of its own; `outer` runs the group in BEGIN … COMMIT.
   */
  private readonly outer: (body: () => void) => void
  private readonly inner: (fn: () => unknown) => unknown
  private readonly wal?: WalFile
  private committed: Committed[] = []
  private started = 0 // fdatasyncs started
  private done = 0 // the highest fdatasync that returned successfully
  private inFlight = false
  private dirty = false // a durable group committed since the last fdatasync started
  private failed?: MeshError
  private closed = false
  private syncWaiters: Array<{ needs: number, resolve: (ok: boolean) => void }> = []

  constructor (private readonly db: Db, private readonly watermark?: FactWatermark, platform: NodeJS.Platform = process.platform, private readonly facts?: FactTransactions) {
    this.totalChanges = db.prepare('SELECT total_changes()').pluck()
    this.outer = db.transaction((body: () => void) => body())
    this.inner = db.transaction((fn: () => unknown) => fn())
    this.wal = platform === 'linux' ? openWal(db) : undefined
  }

  /** Whether durable groups are fsynced off the main thread (Linux, a file-backed store in WAL mode). */
  get offThread (): boolean {
    return this.wal !== undefined
  }

  private changes (): number {
    return this.totalChanges.get() as number
  }

  run<T> (fn: () => T, opts: { durable?: boolean } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.failed !== undefined) {
        reject(this.failed)
        return
      }
      this.queue.push({ fn, durable: opts.durable ?? true, resolve: resolve as (v: unknown) => void, reject })
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  /**
   * Resolves true once every durable group committed so far is on disk (at once when none waits), false when the
   * store failed to make one durable or closed meanwhile (nothing may be read from it then). Whatever leaves the
   * node because of rows it read awaits this first.
   */
  async synced (): Promise<boolean> {
    if (this.failed !== undefined || this.closed) return false
    const needs = this.dirty ? this.started + 1 : this.started
    if (needs <= this.done) return true
    return await new Promise<boolean>(resolve => this.syncWaiters.push({ needs, resolve }))
  }

  private flush (): void {
    this.scheduled = false
    const group = this.queue.splice(0, MAX_GROUP)
    if (this.queue.length > 0) {
      this.scheduled = true
      setImmediate(() => this.flush())
    }
    if (this.failed !== undefined) {
      for (const p of group) p.reject(this.failed)
      return
    }
    const outcomes: Array<{ ok: boolean, value: unknown }> = []
    const relaxed = group.every(p => !p.durable)
    const deferred = this.wal !== undefined && !this.closed // the log's fsync runs on the thread pool after the commit
    const normal = relaxed || deferred
    let wrote = false
    try {
      this.watermark?.began()
      // (parsed each time: a prepared PRAGMA statement does not reliably apply the setting when run again; exec, as it
      // returns no rows, costs a fifth of db.pragma)
      if (normal) this.db.exec('PRAGMA synchronous = NORMAL')
      this.outer(() => {
        const before = this.changes()
        for (const p of group) {
          const mark = this.facts?.mark() ?? 0
          try {
            outcomes.push({ ok: true, value: this.inner(p.fn) })
          } catch (err) {
            this.facts?.undo(mark) // its savepoint is taken back, and the facts it appended with it
            outcomes.push({ ok: false, value: err })
          }
        }
        // a transaction that wrote nothing commits without touching the log: no fsync, nothing made durable
        wrote = this.changes() > before
        if (wrote && !relaxed && !deferred) this.watermark?.beforeDurableCommit()
      })
      if (wrote && !relaxed && !deferred) this.durableCommits++
      this.watermark?.committed(wrote && !relaxed && !deferred)
      this.facts?.committed()
    } catch (err) {
      this.watermark?.rolledBack()
      this.facts?.rolledBack()
      for (const p of group) p.reject(err)
      return
    } finally {
      // back to the connection's default, which Store.tx and autocommit writes rely on; a write queued as the store
      // closed finds it closed
      if (normal && this.db.open) this.db.exec('PRAGMA synchronous = FULL')
    }
    const needs = wrote && !relaxed && deferred ? this.started + 1 : 0
    if (needs === 0 && this.committed.length === 0) {
      settle(group, outcomes)
      return
    }
    if (needs > 0) this.dirty = true
    this.committed.push({ group, outcomes, needs })
    this.pump()
  }

  /** Settles, in order, the groups whose fdatasync returned; starts the next fdatasync when groups wait for one. */
  private pump (): void {
    while (this.committed.length > 0 && this.committed[0].needs <= this.done) {
      const c = this.committed.shift() as Committed
      if (c.needs > 0) this.durableCommits++
      settle(c.group, c.outcomes)
    }
    if (this.syncWaiters.length > 0) {
      const ready = this.syncWaiters.filter(w => w.needs <= this.done)
      this.syncWaiters = this.syncWaiters.filter(w => w.needs > this.done)
      for (const w of ready) w.resolve(!this.closed)
    }
    if (this.dirty && !this.inFlight && this.failed === undefined) this.startSync()
  }

  private startSync (): void {
    const wal = this.wal as WalFile
    const number = ++this.started
    this.dirty = false
    this.inFlight = true
    // no transaction is open here: every fact up to the head is committed (once the store closed there is no head to
    // read, nor a watermark to tell: SQLite's close checkpointed and synced the log itself)
    const head = this.closed ? undefined : this.watermark?.headNow()
    const after = (err: NodeJS.ErrnoException | null): void => {
      this.inFlight = false
      let error: Error | null = err
      // the descriptor must still name the store's log: a log removed from the folder would not be found at restart
      // (after close, SQLite removes it itself once its checkpoint has copied and synced it into the database)
      if (error === null && !this.closed && fstatSync(wal.fd).nlink === 0) error = new Error(`${wal.path} was removed`)
      if (error !== null) this.fail(error)
      else {
        this.done = Math.max(this.done, number)
        if (head !== undefined) this.watermark?.synced(head)
        this.pump()
      }
      if (this.closed && !this.inFlight) closeQuietly(wal.fd)
    }
    fdatasync(wal.fd, after)
  }

  private fail (err: Error): void {
    if (this.failed !== undefined) return
    this.failed = new MeshError('STORE_SYNC_FAILED', `the log ${this.wal?.path ?? ''} could not be made durable (${err.message}); the store takes no more writes until the daemon restarts`, { cause: err })
    try {
      if (this.db.open) this.db.pragma('query_only = ON') // no write on this connection may follow a commit that may be lost
    } catch {}
    const waiting = this.committed
    this.committed = []
    for (const c of waiting) for (const p of c.group) p.reject(this.failed)
    const waiters = this.syncWaiters
    this.syncWaiters = []
    for (const w of waiters) w.resolve(false)
  }

  /**
   * Before the database closes: a group committed and not yet fsynced is fsynced here, on the main thread; when an
   * fdatasync is in flight, the groups after it are fsynced when it returns, and the descriptor closes after it.
   */
  close (): void {
    if (this.closed) return
    this.closed = true
    const wal = this.wal
    if (wal === undefined) return
    if (this.inFlight) return // its callback fsyncs what is left (dirty), settles, and closes the descriptor
    if (this.dirty && this.failed === undefined) {
      const number = ++this.started
      this.dirty = false
      const head = this.watermark?.headNow()
      try {
        fdatasyncSync(wal.fd)
        if (fstatSync(wal.fd).nlink === 0) throw new Error(`${wal.path} was removed`)
        this.done = number
        if (head !== undefined) this.watermark?.synced(head)
        this.pump()
      } catch (err) {
        this.fail(err as Error)
      }
    }
    closeQuietly(wal.fd)
  }
}

function settle (group: Pending[], outcomes: Array<{ ok: boolean, value: unknown }>): void {
  group.forEach((p, i) => (outcomes[i].ok ? p.resolve(outcomes[i].value) : p.reject(outcomes[i].value)))
}

/**
 * Opens the -wal file SQLite has open, for fdatasync only (a read-only descriptor suffices), after checking it is
 * the same file (device and inode) as one of SQLite's own descriptors: fsyncing another file would prove nothing.
 * SQLite keeps its log open, same file, for as long as the connection is open (a checkpoint rewinds or truncates
 * it in place; only the last connection's close removes it). Its folder entry is fsynced once here. Undefined (and
 * SQLite's synchronous=FULL commits are used) for a store in memory or a log that cannot be matched.
 */
function openWal (db: Db): WalFile | undefined {
  if (db.memory) return undefined
  const path = resolvePath(`${db.name}-wal`)
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const ours = fstatSync(fd)
    const named = statSync(path)
    if (ours.ino !== named.ino || ours.dev !== named.dev) throw new Error('replaced while opening')
    const sqlites = readdirSync('/proc/self/fd').map(Number).filter(n => n !== fd && linkOf(n) === path)
    if (!sqlites.some(n => { const s = fstatSync(n); return s.ino === ours.ino && s.dev === ours.dev })) throw new Error('not the file SQLite writes')
    const dir = openSync(dirname(path), 'r')
    try { fsyncSync(dir) } finally { closeSync(dir) }
    return { fd, path }
  } catch {
    if (fd !== undefined) closeSync(fd)
    return undefined
  }
}

function closeQuietly (fd: number): void {
  try {
    closeSync(fd)
  } catch {} // already gone (EBADF): nothing to release
}

function linkOf (fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`)
  } catch {
    return undefined
  }
}
