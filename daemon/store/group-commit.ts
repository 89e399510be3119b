// Group commit: writes queued in the same turn of the event loop share one transaction (one fsync), and each
// caller's promise settles only after that transaction is durable. A failing write rolls back alone (savepoint).
// A write queued with { durable: false } may skip the fsync when every write of its group does the same: it is
// then safe from a crash of the daemon (the log is in the OS's hands) but not from a power cut until the next
// durable commit, whose fsync covers everything written before it. Only writes that are re-done by themselves
// after such a loss use it (see docs/DECISIONS.md "Performance choices"). Each commit is told to the fact log's
// watermark, which hands out by sequence only seqs a durable commit covers (see fact-watermark.ts).
import type Database from 'better-sqlite3'
import type { Db } from './db.js'
import type { FactWatermark } from './fact-watermark.js'

interface Pending {
  fn: () => unknown
  durable: boolean
  resolve: (v: unknown) => void
  reject: (e: unknown) => void
}

export const MAX_GROUP = 1024 // writes per transaction; bounds the latency of the first in the group

export class GroupCommit {
  private queue: Pending[] = []
  private scheduled = false
  /** Transactions committed with their fsync (synchronous=FULL), since the store opened. */
  durableCommits = 0

  private readonly totalChanges: Database.Statement

  constructor (private readonly db: Db, private readonly watermark?: FactWatermark) {
    this.totalChanges = db.prepare('SELECT total_changes()').pluck()
  }

  private changes (): number {
    return this.totalChanges.get() as number
  }

  run<T> (fn: () => T, opts: { durable?: boolean } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, durable: opts.durable ?? true, resolve: resolve as (v: unknown) => void, reject })
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush (): void {
    this.scheduled = false
    const group = this.queue.splice(0, MAX_GROUP)
    if (this.queue.length > 0) {
      this.scheduled = true
      setImmediate(() => this.flush())
    }
    const outcomes: Array<{ ok: boolean, value: unknown }> = []
    const relaxed = group.every(p => !p.durable)
    try {
      this.watermark?.began()
      if (relaxed) this.db.pragma('synchronous = NORMAL')
      let wrote = false
      this.db.transaction(() => {
        const before = this.changes()
        for (const p of group) {
          try {
            outcomes.push({ ok: true, value: this.db.transaction(p.fn)() })
          } catch (err) {
            outcomes.push({ ok: false, value: err })
          }
        }
        // a transaction that wrote nothing commits without touching the log: no fsync, nothing made durable
        wrote = this.changes() > before
        if (wrote && !relaxed) this.watermark?.beforeDurableCommit()
      })()
      if (wrote && !relaxed) this.durableCommits++
      this.watermark?.committed(wrote && !relaxed)
    } catch (err) {
      this.watermark?.rolledBack()
      for (const p of group) p.reject(err)
      return
    } finally {
      if (relaxed && this.db.open) this.db.pragma('synchronous = FULL') // a write queued as the store closed finds it closed
    }
    group.forEach((p, i) => (outcomes[i].ok ? p.resolve(outcomes[i].value) : p.reject(outcomes[i].value)))
  }
}
