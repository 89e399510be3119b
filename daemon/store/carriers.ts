// Carrier contracts, the wake queue and wake attempts (migration 004), plus the times the doctor's clock check reads.
import { u8, type Statements } from './statements.js'

/** What a seat's carrier needs beyond its environment variables (those stay in actors.require_env). */
export interface ContractRow {
  requireFiles: string[]
  probe?: string
  command?: string
  commandTimeoutMs?: number
  wakeDelayMs?: number
}

export type WakeResult = 'ok' | 'failed'

export interface WakeRow {
  id: number
  handle: string
  carrier: string
  pane?: string
  tmuxSocket?: string
  atMs: number
  count: number
  newest: Uint8Array
  result: WakeResult
  code?: string
  error?: string
  durationMs: number
}

/** What a wake owes one seat: how many messages, and the newest (by arrival). */
export interface OwedWake {
  /** Owed messages, counted up to MAX_OWED_COUNTED. */
  count: number
  newestSeq: number
  newest: Uint8Array
}

/** Per remote actor: the smallest (our receive time − their signing time) seen, and how many samples. */
export interface ClockSample {
  handle: string
  minDeltaMs: number
  samples: number
}

export const MAX_OWED_COUNTED = 1000 // a wake says "1000 new" at most: counting a larger backlog costs time and tells no more
export const MAX_WAKES_KEPT = 500 // attempts kept per seat: a seat broken for days must not grow the file without end

const nul = <T>(v: T | null): T | undefined => (v === null ? undefined : v)

/** A wakes row as SQLite returns it. */
interface WakeDbRow {
  id: number
  handle: string
  carrier: WakeRow['carrier']
  pane: string | null
  tmux_socket: string | null
  at_ms: number
  count: number
  newest: Buffer
  result: WakeRow['result']
  code: string | null
  error: string | null
  duration_ms: number
}

function wakeFromRow (r: WakeDbRow): WakeRow {
  return {
    id: r.id,
    handle: r.handle,
    carrier: r.carrier,
    pane: nul(r.pane),
    tmuxSocket: nul(r.tmux_socket),
    atMs: r.at_ms,
    count: r.count,
    newest: u8(r.newest),
    result: r.result,
    code: nul(r.code),
    error: nul(r.error),
    durationMs: r.duration_ms
  }
}

export class CarrierStore {
  constructor (private readonly s: Statements) {}

  // ---- contracts ----

  contract (handle: string): ContractRow | undefined {
    const r = this.s.get('SELECT require_files, probe, wake_command, command_timeout_ms, wake_delay_ms FROM actors WHERE handle = ?').get(handle) as
      { require_files: string, probe: string | null, wake_command: string | null, command_timeout_ms: number | null, wake_delay_ms: number | null } | undefined
    if (r === undefined) return undefined
    return {
      requireFiles: JSON.parse(r.require_files),
      probe: nul(r.probe),
      command: nul(r.wake_command),
      commandTimeoutMs: nul(r.command_timeout_ms),
      wakeDelayMs: nul(r.wake_delay_ms)
    }
  }

  setContract (handle: string, c: ContractRow): void {
    this.s.get('UPDATE actors SET require_files = ?, probe = ?, wake_command = ?, command_timeout_ms = ?, wake_delay_ms = ? WHERE handle = ?')
      .run(JSON.stringify(c.requireFiles), c.probe ?? null, c.command ?? null, c.commandTimeoutMs ?? null, c.wakeDelayMs ?? null, handle)
  }

  // ---- the wake queue ----

  enqueue (messageId: Uint8Array, handle: string, atMs: number): void {
    this.s.get('INSERT OR IGNORE INTO wake_queue (message_id, handle, queued_at_ms) VALUES (?, ?, ?)').run(messageId, handle, atMs)
  }

  /** An offer another seat took (it holds the lease): nothing is owed to this seat for it until it is offered again. */
  withdrawOffer (messageId: Uint8Array, handle: string, atMs: number): void {
    this.s.get('UPDATE wake_queue SET woken_at_ms = ? WHERE message_id = ? AND handle = ? AND woken_at_ms IS NULL').run(atMs, messageId, handle)
  }

  /** Queues an offer again (a lease on role work expired): a new row, newest, not woken yet. */
  requeue (messageId: Uint8Array, handle: string, atMs: number): void {
    this.s.get('DELETE FROM wake_queue WHERE message_id = ? AND handle = ?').run(messageId, handle)
    this.enqueue(messageId, handle, atMs)
  }

  /** What a wake still owes this seat: messages queued, never named by a wake that landed, and still only DELIVERED (for
   * its auditor: a COMPLETE still waiting for its verdict; for its recipient: one a FAIL verdict reopened). */
  owed (handle: string): OwedWake | undefined {
    // newest first through the (handle, woken_at_ms) index, and a bounded count: a seat with a huge backlog costs
    // a wake (or a start-up) no more than MAX_OWED_COUNTED rows
    const open = `FROM wake_queue q JOIN messages m ON m.id = q.message_id WHERE q.handle = ? AND q.woken_at_ms IS NULL AND (m.state = 'DELIVERED' OR (m.to_handle LIKE 'role:%' AND m.state IN ('READ', 'CONSUMED')) OR (m.auditor = q.handle AND m.state = 'COMPLETE') OR (m.auditor <> q.handle AND m.local_to = 1 AND m.state IN ('READ', 'CONSUMED'))) ORDER BY q.seq DESC`
    const r = this.s.get(`SELECT q.seq AS seq, q.message_id AS id ${open} LIMIT 1`).get(handle) as { seq: number, id: Buffer } | undefined
    if (r === undefined) return undefined
    const n = this.s.get(`SELECT count(*) FROM (SELECT 1 ${open} LIMIT ${MAX_OWED_COUNTED})`).pluck().get(handle) as number
    return { count: n, newestSeq: r.seq, newest: u8(r.id) }
  }

  /** The newest owed obligations, newest last, at most `limit` (a command carrier gets them in its environment). */
  owedIds (handle: string, upToSeq: number, limit: number): Uint8Array[] {
    return (this.s.get(`SELECT q.message_id FROM wake_queue q JOIN messages m ON m.id = q.message_id
      WHERE q.handle = ? AND q.seq <= ? AND q.woken_at_ms IS NULL AND (m.state = 'DELIVERED' OR (m.to_handle LIKE 'role:%' AND m.state IN ('READ', 'CONSUMED')) OR (m.auditor = q.handle AND m.state = 'COMPLETE') OR (m.auditor <> q.handle AND m.local_to = 1 AND m.state IN ('READ', 'CONSUMED'))) ORDER BY q.seq DESC LIMIT ?`).pluck().all(handle, upToSeq, limit) as Buffer[])
      .map(u8).reverse()
  }

  openHandles (): string[] {
    // per seat, newest first, stopping at the first owed message: a start-up reads what it needs, not the queue
    const seats = this.s.get('SELECT handle FROM actors ORDER BY handle').pluck().all() as string[]
    const owed = this.s.get(`SELECT 1 FROM wake_queue q JOIN messages m ON m.id = q.message_id
      WHERE q.handle = ? AND q.woken_at_ms IS NULL AND (m.state = 'DELIVERED' OR (m.to_handle LIKE 'role:%' AND m.state IN ('READ', 'CONSUMED')) OR (m.auditor = q.handle AND m.state = 'COMPLETE') OR (m.auditor <> q.handle AND m.local_to = 1 AND m.state IN ('READ', 'CONSUMED'))) ORDER BY q.seq DESC LIMIT 1`)
    return seats.filter(h => owed.get(h) !== undefined)
  }

  /** A wake naming everything up to `seq` landed: those are woken (what arrived after it waits for the next). */
  markWoken (handle: string, upToSeq: number, atMs: number): void {
    this.s.get('UPDATE wake_queue SET woken_at_ms = ? WHERE handle = ? AND seq <= ? AND woken_at_ms IS NULL').run(atMs, handle, upToSeq)
  }

  /** When a message's wake was queued for this seat (the newest time), if it was. */
  queuedAt (messageId: Uint8Array, handle: string): number | undefined {
    const r = this.s.get('SELECT max(queued_at_ms) FROM wake_queue WHERE message_id = ? AND handle = ?').pluck().get(messageId, handle) as number | null
    return r ?? undefined
  }

  /** The seats a message's wake is queued for and not yet given. */
  queuedFor (messageId: Uint8Array): string[] {
    return this.s.get('SELECT handle FROM wake_queue WHERE message_id = ? AND woken_at_ms IS NULL').pluck().all(messageId) as string[]
  }

  queued (messageId: Uint8Array): { handle: string, queuedAtMs: number, wokenAtMs?: number } | undefined {
    const r = this.s.get('SELECT handle, queued_at_ms, woken_at_ms FROM wake_queue WHERE message_id = ?').get(messageId) as
      { handle: string, queued_at_ms: number, woken_at_ms: number | null } | undefined
    return r === undefined ? undefined : { handle: r.handle, queuedAtMs: r.queued_at_ms, wokenAtMs: nul(r.woken_at_ms) }
  }

  // ---- attempts ----

  recordWake (w: Omit<WakeRow, 'id'>): number {
    const id = Number(this.s.get(`INSERT INTO wakes (handle, carrier, pane, tmux_socket, at_ms, count, newest, result, code, error, duration_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(w.handle, w.carrier, w.pane ?? null, w.tmuxSocket ?? null, w.atMs, w.count, w.newest, w.result, w.code ?? null, w.error ?? null, w.durationMs).lastInsertRowid)
    this.s.get(`DELETE FROM wakes WHERE handle = ? AND id <= (SELECT id FROM wakes WHERE handle = ? ORDER BY id DESC LIMIT 1 OFFSET ${MAX_WAKES_KEPT})`).run(w.handle, w.handle)
    return id
  }

  /** Attempts, newest first; for one seat when a handle is given. */
  wakes (handle: string | undefined, limit: number): WakeRow[] {
    const rows = handle === undefined
      ? this.s.get('SELECT * FROM wakes ORDER BY id DESC LIMIT ?').all(limit)
      : this.s.get('SELECT * FROM wakes WHERE handle = ? ORDER BY id DESC LIMIT ?').all(handle, limit)
    return (rows as WakeDbRow[]).map(wakeFromRow)
  }

  /** The attempts for a seat made in [fromMs, toMs]: the wakes that concerned one queued message. */
  wakesBetween (handle: string, fromMs: number, toMs: number): WakeRow[] {
    return (this.s.get('SELECT * FROM wakes WHERE handle = ? AND at_ms >= ? AND at_ms <= ? ORDER BY id').all(handle, fromMs, toMs) as WakeDbRow[]).map(wakeFromRow)
  }

  // ---- clock samples for the doctor ----

  /**
   * Receipts and messages signed by actors not hosted here, since a time: how far their clocks can be from ours. Per
   * actor, only those that arrived within `recentMs` of its newest: a clock that was set since is judged by what it
   * says now, not hidden behind an older sample (a clock that fell behind) nor blamed for one it no longer says (one
   * that was ahead and was set right).
   */
  clockSamples (sinceMs: number, recentMs = Infinity): ClockSample[] {
    return (this.s.get(`WITH s AS (
        SELECT actor AS handle, received_at_ms AS t, received_at_ms - at_ms AS delta FROM receipts WHERE received_at_ms >= @since
          AND actor NOT IN (SELECT handle FROM actors WHERE hosted = 1)
        UNION ALL
        SELECT from_handle AS handle, stored_at_ms AS t, stored_at_ms - sent_at_ms AS delta FROM messages WHERE stored_at_ms >= @since AND local_from = 0
      ), newest AS (SELECT handle, max(t) AS t FROM s GROUP BY handle)
      SELECT s.handle, min(s.delta) AS min_delta, count(*) AS n FROM s JOIN newest ON newest.handle = s.handle
        WHERE s.t >= newest.t - @recent GROUP BY s.handle ORDER BY s.handle`).all({ since: sinceMs, recent: Number.isFinite(recentMs) ? recentMs : Number.MAX_SAFE_INTEGER }) as Array<{ handle: string, min_delta: number, n: number }>)
      .map(r => ({ handle: r.handle, minDeltaMs: r.min_delta, samples: r.n }))
  }
}
