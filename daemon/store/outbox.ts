// The outbox: messages, receipts and handoffs waiting to go to a destination seat, with their retry schedule.
import { u8, type Statements } from './statements.js'

export type OutboxKind = 'message' | 'receipt' | 'handoff' | 'audit'
export type OutboxStatus = 'pending' | 'failed' | 'expired'

export interface OutboxRow {
  id: number
  kind: OutboxKind
  ref: Uint8Array
  dest: string
  status: OutboxStatus
  nextAttemptMs: number
  attempts: number
  lastError?: string
  createdAtMs: number
  /** A receipt or audit row's message (its `ref` is the receipt's hash); undefined for other kinds. */
  messageId?: Uint8Array
  /** The mailbox peer that holds a copy, and since when. */
  heldAt?: string
  heldSinceMs?: number
}

/** Rows handed over and not yet taken by a worker, at most; past it the worker reads the table instead. */
const MAX_HANDED = 4096

/** An outbox row as SQLite returns it. */
interface OutboxDbRow {
  id: number
  kind: OutboxKind
  ref: Buffer
  dest: string
  status: OutboxStatus
  next_attempt_ms: number
  attempts: number
  last_error: string | null
  created_at_ms: number
  held_at: string | null
  held_since_ms: number | null
  message_id: Buffer | null
}

function outboxFromRow (row: unknown): OutboxRow {
  const r = row as OutboxDbRow
  return {
    id: r.id,
    kind: r.kind,
    ref: u8(r.ref),
    dest: r.dest,
    status: r.status,
    nextAttemptMs: r.next_attempt_ms,
    attempts: r.attempts,
    lastError: r.last_error ?? undefined,
    createdAtMs: r.created_at_ms,
    heldAt: r.held_at ?? undefined,
    heldSinceMs: r.held_since_ms ?? undefined,
    messageId: r.message_id === null ? undefined : u8(r.message_id)
  }
}

/** A row the writer hands to the outbox worker itself after its commit, with the signed bytes it holds. */
export interface HandedRow {
  row: OutboxRow
  bytes: Uint8Array
  header?: Uint8Array
  /** The message the row sends, as stored (no read-back at dispatch or settle). */
  message?: unknown
}

export class OutboxStore {
  /**
   * The outbox worker holds the pending rows and their schedule in memory between commits (the table stays the
   * truth for restarts and listings). Every write to the table that the worker did not make or was not handed sets
   * this flag, and the worker reads the table again before it picks (a write rolled back only costs that re-read).
   */
  changed = true
  /** Rows committed by a writer that handed them over (see `handOver`), waiting for the worker to take them. */
  handed: HandedRow[] = []
  /**
   * Per destination, a number no smaller than its pending rows: counted once, raised by every row queued (committed
   * or not), never lowered by a row that leaves. `full` counts again only when this bound reaches the limit, so a
   * notify does not count a backlog of up to MAX_OUTBOX_PER_DEST rows each time.
   */
  private readonly bounds = new Map<string, number>()

  constructor (private readonly s: Statements) {}

  /**
   * Queues an item; returns the new row's id (undefined: it was queued already). `handed`: the caller hands the row
   * to the worker after its commit. `messageId`: a receipt's message, which a receipt or audit row must name.
   */
  enqueue (kind: OutboxKind, ref: Uint8Array, dest: string, nowMs: number, opts: { handed?: boolean, messageId?: Uint8Array } = {}): number | undefined {
    const r = this.s.get(`INSERT OR IGNORE INTO outbox (kind, ref, dest, next_attempt_ms, created_at_ms, message_id) VALUES (?, ?, ?, ?, ?, ?)`)
      .run(kind, ref, dest, nowMs, nowMs, opts.messageId ?? null)
    if (r.changes !== 1) return undefined
    if (opts.handed !== true) this.changed = true
    const bound = this.bounds.get(dest)
    if (bound !== undefined) this.bounds.set(dest, bound + 1)
    return Number(r.lastInsertRowid)
  }

  /** After the commit that enqueued it: the row goes to the worker's memory with its bytes (no read-back). */
  handOver (h: HandedRow): void {
    if (this.handed.length >= MAX_HANDED) {
      this.handed = [] // no worker takes them (or not yet): the table holds them all, and is read again
      this.changed = true
      return
    }
    this.handed.push(h)
  }

  /** The pending rows, soonest first, at most `limit`: what the worker loads into memory. */
  pending (limit: number): OutboxRow[] {
    return this.s.get(`SELECT * FROM outbox WHERE status = 'pending' ORDER BY next_attempt_ms, id LIMIT ?`).all(limit).map(outboxFromRow)
  }

  due (nowMs: number, limit: number): OutboxRow[] {
    return this.s.get(`SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?`).all(nowMs, limit).map(outboxFromRow)
  }

  /** The next moment a pending row becomes due after `nowMs` (rows due already are in flight or waiting for room). */
  nextDueAfter (nowMs: number): number | undefined {
    return (this.s.get(`SELECT min(next_attempt_ms) FROM outbox WHERE status = 'pending' AND next_attempt_ms > ?`).pluck().get(nowMs) as number | null) ?? undefined
  }

  list (all: boolean): OutboxRow[] {
    const filter = all ? '' : "WHERE status = 'pending'"
    return this.s.get(`SELECT * FROM outbox ${filter} ORDER BY id`).all().map(outboxFromRow)
  }

  forRef (kind: OutboxKind, ref: Uint8Array): OutboxRow | undefined {
    const r = this.s.get('SELECT * FROM outbox WHERE kind = ? AND ref = ? ORDER BY id LIMIT 1').get(kind, ref)
    return r === undefined ? undefined : outboxFromRow(r)
  }

  pendingFor (dest: string): number {
    return this.s.get(`SELECT count(*) FROM outbox WHERE dest = ? AND status = 'pending'`).pluck().get(dest) as number
  }

  /** Whether `dest` has at least `limit` pending rows (exact: it counts them whenever the bound does not rule it out). */
  full (dest: string, limit: number): boolean {
    const bound = this.bounds.get(dest)
    if (bound !== undefined && bound < limit) return false
    const n = this.pendingFor(dest)
    this.bounds.set(dest, n)
    return n >= limit
  }

  pendingCount (): number {
    return this.s.get(`SELECT count(*) FROM outbox WHERE status = 'pending'`).pluck().get() as number
  }

  /** A row settled elsewhere than in the worker (a cancel, a DELIVERED brought by a mailbox) leaves the outbox. */
  done (id: number): void {
    this.s.get('DELETE FROM outbox WHERE id = ?').run(id)
    this.changed = true
  }

  /** The worker's own: its row was delivered (its memory drops it itself). */
  settled (id: number): void {
    this.s.get('DELETE FROM outbox WHERE id = ?').run(id)
  }

  /** The worker's own, as `finish`: it updates its memory itself. */
  retryLater (id: number, nextAttemptMs: number, error: string): void {
    this.s.get('UPDATE outbox SET attempts = attempts + 1, next_attempt_ms = ?, last_error = ? WHERE id = ?').run(nextAttemptMs, error, id)
  }

  /** A mailbox took a copy: recorded for status; the row stays and direct delivery goes on. */
  markHeld (id: number, mailboxPeer: string, sinceMs: number): void {
    this.s.get('UPDATE outbox SET held_at = ?, held_since_ms = ? WHERE id = ?').run(mailboxPeer, sinceMs, id)
    this.changed = true
  }

  finish (id: number, status: Exclude<OutboxStatus, 'pending'>, error: string): void {
    this.s.get('UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ? WHERE id = ?').run(status, error, id)
  }

  /** Puts a message's outbox rows (pending, failed or expired) back to pending, due now; returns how many. */
  retryNow (ref: Uint8Array, nowMs: number): number {
    const n = this.s.get(`UPDATE outbox SET status = 'pending', next_attempt_ms = ? WHERE kind = 'message' AND ref = ?`).run(nowMs, ref).changes
    if (n > 0) {
      this.changed = true
      this.bounds.clear() // rows back to pending, for whichever destinations: counted again when next asked
    }
    return n
  }

  /** Makes every pending item due now (the wall clock stepped back, so each next attempt is later than it was meant to be). */
  allDueNow (nowMs: number): number {
    const n = this.s.get(`UPDATE outbox SET next_attempt_ms = ? WHERE status = 'pending' AND next_attempt_ms > ?`).run(nowMs, nowMs).changes
    if (n > 0) this.changed = true
    return n
  }

  /** Makes every pending item for these handles due now (a peer just connected). */
  wakeDest (handles: string[], nowMs: number): number {
    if (handles.length === 0) return 0
    const marks = handles.map(() => '?').join(',')
    const n = this.s.get(`UPDATE outbox SET next_attempt_ms = ? WHERE status = 'pending' AND dest IN (${marks}) AND next_attempt_ms > ?`).run(nowMs, ...handles, nowMs).changes
    if (n > 0) this.changed = true
    return n
  }
}
