// Retention's SQL: which obligations are final and old enough to archive, what one archived or purged obligation
// leaves behind, the fact-log entries that no longer say anything, and the ids that must never come back.
import { u8, type Statements } from './statements.js'

export type FinalState = 'AUDITED' | 'COMPLETE' | 'REJECTED' | 'CANCELED' | 'EXPIRED' | 'FAILED'

/** One obligation found final, with what the archive keeps of it. */
export interface ArchivedRow {
  messageId: Uint8Array
  hash: Uint8Array
  from: string
  to: string
  state: FinalState
  /** The signed receipt of the final state (carries its sender-signed header); absent for EXPIRED and FAILED. */
  finalReceipt?: Uint8Array
  signerKey?: Uint8Array
  evidenceSha256?: Uint8Array
  sentAtMs?: number
  finalAtMs: number
  archivedAtMs: number
  local: boolean
}

export interface StoreSize {
  /** The database file with its write-ahead log. */
  bytes: number
  pages: number
  freePages: number
  /** 0 none, 1 full, 2 incremental: only 2 lets a compaction give pages back without a whole VACUUM. */
  autoVacuum: number
}

const opt = (b: Buffer | null): Uint8Array | undefined => (b === null ? undefined : u8(b))

interface ArchivedDbRow {
  message_id: Buffer, hash: Buffer, from_handle: string, to_handle: string, state: string, final_receipt: Buffer | null, signer_key: Buffer | null,
  evidence_sha256: Buffer | null, sent_at_ms: number | null, final_at_ms: number, archived_at_ms: number, local: number
}

function archivedFromRow (r: ArchivedDbRow): ArchivedRow {
  return {
    messageId: u8(r.message_id), hash: u8(r.hash), from: r.from_handle, to: r.to_handle, state: r.state as FinalState,
    finalReceipt: opt(r.final_receipt), signerKey: opt(r.signer_key), evidenceSha256: opt(r.evidence_sha256),
    ...(r.sent_at_ms === null ? {} : { sentAtMs: r.sent_at_ms }), finalAtMs: r.final_at_ms, archivedAtMs: r.archived_at_ms, local: r.local === 1
  }
}

// The ids one archive or purge step works on, inside its transaction.
const WORK = 'temp.retention_work'

export class RetentionStore {
  constructor (private readonly s: Statements) {}

  /**
   * The terminal receipts (COMPLETE, REJECTED, CANCELED) among the receipts rows after `afterRowid`, `window` rows at
   * most: the table read in the order it was written (oldest first, page after page), never in id order, which on a
   * store larger than the OS's cache turns every row into a disk read. Returns them and where the window ended.
   */
  terminalReceipts (afterRowid: number, window: number): { rows: Array<{ messageId: Uint8Array, atMs: number }>, next: number, end: boolean } {
    const rows = (this.s.get(`SELECT rowid AS r, message_id, state, at_ms FROM receipts WHERE rowid > ? AND rowid <= ? ORDER BY rowid`)
      .all(afterRowid, afterRowid + window) as Array<{ r: number, message_id: Buffer, state: string, at_ms: number }>)
    const last = this.s.get('SELECT coalesce(max(rowid), 0) FROM receipts').pluck().get() as number
    return {
      // an audited obligation's final word is a passing verdict (AUDITED, or AUDITED#n from round 2 on)
      rows: rows.filter(r => r.state === 'COMPLETE' || r.state === 'REJECTED' || r.state === 'CANCELED' || r.state === 'AUDITED' || r.state.startsWith('AUDITED#')).map(r => ({ messageId: u8(r.message_id), atMs: r.at_ms })),
      next: afterRowid + window,
      end: afterRowid + window >= last
    }
  }

  /** An obligation's receipts by state and its newest receipt's time (from the index and the rows beside it). */
  receiptSummary (id: Uint8Array): { states: Array<{ state: string, actor: string }>, lastAtMs: number } {
    const states = this.s.get('SELECT state, actor, at_ms FROM receipts WHERE message_id = ?').all(id) as Array<{ state: string, actor: string, at_ms: number }>
    return { states, lastAtMs: states.reduce((n, r) => Math.max(n, r.at_ms), 0) }
  }

  /**
   * Messages that will never be delivered or answered: their expiry passed before `beforeMs` without a terminal
   * receipt (EXPIRED), or their delivery was refused for good before it and nobody signed for them (FAILED: role work
   * that one seat's node refused and another took is not).
   */
  givenUp (beforeMs: number, limit: number): Array<{ messageId: Uint8Array, state: 'EXPIRED' | 'FAILED', atMs: number }> {
    // each by its own index (messages_expiry, outbox_due): no scan of the messages
    const expired = (this.s.get(`SELECT id, expires_at_ms AS at FROM messages WHERE expires_at_ms IS NOT NULL AND expires_at_ms < ?
      AND state NOT IN ('COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED') LIMIT ?`).all(beforeMs, limit) as Array<{ id: Buffer, at: number }>)
      .map(r => ({ messageId: u8(r.id), state: 'EXPIRED' as const, atMs: r.at }))
    const failed = (this.s.get(`SELECT m.id, min(o.created_at_ms) AS at FROM outbox o JOIN messages m ON m.id = o.ref
      WHERE o.status = 'failed' AND o.kind = 'message' AND o.created_at_ms < ? AND m.state = 'DELIVERY_PENDING' AND m.expires_at_ms IS NULL
        AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.kind = 'message' AND p.ref = m.id AND +p.status = 'pending')
      GROUP BY m.id LIMIT ?`).all(beforeMs, limit) as Array<{ id: Buffer, at: number }>)
      .map(r => ({ messageId: u8(r.id), state: 'FAILED' as const, atMs: r.at }))
    return [...expired, ...failed]
  }

  /**
   * Whether anything about the obligation still waits to leave this node: its message or one of its receipts in
   * the outbox, or in the mailbox this node keeps for others. Such an obligation is not archived yet.
   */
  inFlight (id: Uint8Array): boolean {
    // one arm per (kind, ref) so that each is a lookup in that table's unique index, never a scan of what waits
    return this.s.get(`SELECT 1 FROM outbox WHERE kind = 'message' AND ref = @id AND +status = 'pending'
      UNION ALL SELECT 1 FROM outbox WHERE kind = 'receipt' AND ref IN (SELECT hash FROM receipts WHERE message_id = @id) AND +status = 'pending'
      UNION ALL SELECT 1 FROM mailbox WHERE kind = 'message' AND ref = @id
      UNION ALL SELECT 1 FROM mailbox WHERE kind = 'receipt' AND ref IN (SELECT hash FROM receipts WHERE message_id = @id) LIMIT 1`).get({ id }) !== undefined
  }

  /** The obligation's message as this node holds it (sent or received), for the archive row. */
  messageOf (id: Uint8Array): { hash: Uint8Array, from: string, to: string, sentAtMs: number, local: boolean, auditor?: string } | undefined {
    const r = this.s.get('SELECT hash, from_handle, to_handle, sent_at_ms, local_from, local_to, auditor FROM messages WHERE id = ?').get(id) as
      { hash: Buffer, from_handle: string, to_handle: string, sent_at_ms: number, local_from: number, local_to: number, auditor: string | null } | undefined
    return r === undefined ? undefined : { hash: u8(r.hash), from: r.from_handle, to: r.to_handle, sentAtMs: r.sent_at_ms, local: r.local_from === 1 || r.local_to === 1, ...(r.auditor === null ? {} : { auditor: r.auditor }) }
  }

  /** The receipt envelopes held for an obligation in a state (in any round: the slot's state, not a FAIL verdict). */
  receiptsIn (id: Uint8Array, state: string): Uint8Array[] {
    return (this.s.get("SELECT envelope FROM receipts WHERE message_id = ? AND (state = ? OR state LIKE ? || '#%') ORDER BY at_ms DESC").all(id, state, state) as Array<{ envelope: Buffer }>).map(r => u8(r.envelope))
  }

  /**
   * Archives obligations (inside the caller's transaction): each keeps its compact row; its message, receipts,
   * leases, evidence, wake rows, settled outbox rows and fact-log entries go (every statement a lookup by index). The newest fact of
   * the log is never dropped, so the log's head (and every peer's checkpoint into it) keeps its meaning.
   */
  archive (rows: ArchivedRow[]): number {
    if (rows.length === 0) return 0
    this.fillWork(rows.map(r => r.messageId))
    const insert = this.s.get(`INSERT OR IGNORE INTO archived (message_id, hash, from_handle, to_handle, state, final_receipt, signer_key, evidence_sha256,
      sent_at_ms, final_at_ms, archived_at_ms, local) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    for (const r of rows) {
      insert.run(r.messageId, r.hash, r.from, r.to, r.state, r.finalReceipt ?? null, r.signerKey ?? null, r.evidenceSha256 ?? null, r.sentAtMs ?? null, r.finalAtMs, r.archivedAtMs, r.local ? 1 : 0)
    }
    const head = this.s.get('SELECT coalesce(max(seq), 0) FROM facts').pluck().get() as number
    // a receipt's fact is kept under its message id, a lease's under its hash alone (migration 024)
    const facts = this.s.get(`DELETE FROM facts WHERE seq < ? AND ref IN (SELECT id FROM ${WORK})`).run(head).changes +
      this.s.get(`DELETE FROM facts WHERE seq < ? AND ref = X'' AND hash IN (SELECT hash FROM leases WHERE message_id IN (SELECT id FROM ${WORK}))`).run(head).changes
    for (const sql of [
      `DELETE FROM outbox WHERE kind = 'receipt' AND ref IN (SELECT hash FROM receipts WHERE message_id IN (SELECT id FROM ${WORK}))`,
      `DELETE FROM outbox WHERE kind = 'message' AND ref IN (SELECT id FROM ${WORK})`,
      `DELETE FROM receipts WHERE message_id IN (SELECT id FROM ${WORK})`,
      `DELETE FROM leases WHERE message_id IN (SELECT id FROM ${WORK})`,
      `DELETE FROM evidence WHERE message_id IN (SELECT id FROM ${WORK})`,
      `DELETE FROM wake_queue WHERE message_id IN (SELECT id FROM ${WORK})`,
      `DELETE FROM trace_spans WHERE message_id IN (SELECT id FROM ${WORK})`,
      `DELETE FROM equivocations WHERE message_id IN (SELECT id FROM ${WORK})`,
      `DELETE FROM messages WHERE id IN (SELECT id FROM ${WORK})`
    ]) this.s.get(sql).run()
    return facts
  }

  /** Archived obligations final before `beforeMs`, oldest first. */
  purgeable (beforeMs: number, limit: number): Uint8Array[] {
    return (this.s.get('SELECT message_id FROM archived WHERE final_at_ms < ? ORDER BY final_at_ms LIMIT ?').all(beforeMs, limit) as Array<{ message_id: Buffer }>).map(r => u8(r.message_id))
  }

  /** Purges archived obligations (inside the caller's transaction): only their ids stay, so they never come back. */
  purge (ids: Uint8Array[], nowMs: number): number {
    if (ids.length === 0) return 0
    this.fillWork(ids)
    this.s.get(`INSERT OR IGNORE INTO forgotten (message_id, purged_at_ms) SELECT id, ? FROM ${WORK}`).run(nowMs)
    return this.s.get(`DELETE FROM archived WHERE message_id IN (SELECT id FROM ${WORK})`).run().changes
  }

  /** Card facts of the log, oldest first after `afterSeq`, for the superseded-card scan. */
  cardFacts (afterSeq: number, limit: number): Array<{ seq: number, bytes: Uint8Array }> {
    return (this.s.get("SELECT seq, bytes FROM facts WHERE kind = 'card' AND seq > ? ORDER BY seq LIMIT ?").all(afterSeq, limit) as Array<{ seq: number, bytes: Buffer }>)
      .map(r => ({ seq: r.seq, bytes: u8(r.bytes) }))
  }

  /** Endorsement facts of the log: superseded by a renewal held for the same key, or run out, they say nothing. */
  endorsementFacts (): Array<{ seq: number, hash: Uint8Array }> {
    return (this.s.get("SELECT seq, hash FROM facts WHERE kind = 'endorsement' ORDER BY seq").all() as Array<{ seq: number, hash: Buffer }>).map(r => ({ seq: r.seq, hash: u8(r.hash) }))
  }

  /** Drops fact-log entries by seq (never the newest: see archive). */
  dropFacts (seqs: number[]): number {
    const head = this.s.get('SELECT coalesce(max(seq), 0) FROM facts').pluck().get() as number
    const del = this.s.get('DELETE FROM facts WHERE seq = ? AND seq < ?')
    let n = 0
    for (const seq of seqs) n += del.run(seq, head).changes
    return n
  }

  /** Local history that ages out with the archive horizon: wake attempts, spent invitations, seen equivocations, idempotency keys. */
  pruneHistory (beforeMs: number): number {
    let n = this.s.get('DELETE FROM wakes WHERE at_ms < ?').run(beforeMs).changes
    n += this.s.get('DELETE FROM invites WHERE expires_at_ms < ?').run(beforeMs).changes
    n += this.s.get('DELETE FROM equivocations WHERE seen_at_ms < ?').run(beforeMs).changes
    // a key answers a retry within a day; one older than the horizon names nothing anyone will send again
    n += this.s.get('DELETE FROM idempotency_keys WHERE created_at_ms < ?').run(beforeMs).changes
    return n
  }

  /** Whether an obligation was archived or purged here: what an old peer still holds of it is not taken back. */
  gone (id: Uint8Array): 'archived' | 'purged' | undefined {
    // one statement: every message delivered here and every receipt gossiped asks this
    return this.s.get(`SELECT 'archived' FROM archived WHERE message_id = @id UNION ALL SELECT 'purged' FROM forgotten WHERE message_id = @id LIMIT 1`)
      .pluck().get({ id }) as 'archived' | 'purged' | undefined
  }

  archived (id: Uint8Array): ArchivedRow | undefined {
    const r = this.s.get('SELECT * FROM archived WHERE message_id = ?').get(id) as ArchivedDbRow | undefined
    return r === undefined ? undefined : archivedFromRow(r)
  }

  purgedAt (id: Uint8Array): number | undefined {
    return this.s.get('SELECT purged_at_ms FROM forgotten WHERE message_id = ?').pluck().get(id) as number | undefined
  }

  counts (): { archived: number, purged: number } {
    return {
      archived: this.s.get('SELECT count(*) FROM archived').pluck().get() as number,
      purged: this.s.get('SELECT count(*) FROM forgotten').pluck().get() as number
    }
  }

  /**
   * When the oldest obligation still held in full was stored here: the first row of the messages and of the receipts
   * (rows are written in the order they arrive, so this is two reads, not a scan of a table that may hold millions).
   */
  oldestRetainedMs (): number | undefined {
    const m = this.s.get('SELECT stored_at_ms FROM messages ORDER BY rowid LIMIT 1').pluck().get() as number | undefined ?? null
    const r = this.s.get('SELECT received_at_ms FROM receipts ORDER BY rowid LIMIT 1').pluck().get() as number | undefined ?? null
    const all = [m, r].filter((v): v is number => v !== null)
    return all.length === 0 ? undefined : Math.min(...all)
  }

  size (): StoreSize {
    const pageSize = this.s.get('PRAGMA page_size').pluck().get() as number
    const pages = this.s.get('PRAGMA page_count').pluck().get() as number
    const freePages = this.s.get('PRAGMA freelist_count').pluck().get() as number
    const autoVacuum = this.s.get('PRAGMA auto_vacuum').pluck().get() as number
    return { bytes: pages * pageSize, pages, freePages, autoVacuum }
  }

  /** Gives up to `pages` free pages back to the file system (incremental auto-vacuum only). */
  vacuumSome (pages: number): void {
    this.s.database.pragma(`incremental_vacuum(${Math.max(1, Math.floor(pages))})`)
  }

  /**
   * Rewrites the whole file with incremental auto-vacuum on (a store made before it had none): every free page is
   * given back and later compactions shrink the file. Blocks for as long as the copy takes: only with no daemon.
   */
  vacuumWhole (): void {
    this.s.database.pragma('auto_vacuum = INCREMENTAL')
    this.s.database.exec('VACUUM')
    this.truncateLog()
  }

  /**
   * How many pages the log may hold before a commit copies it back into the file (SQLite's default is 1000). A
   * compaction touches many pages once each: copying the log back after every few batches costs it two thirds of
   * its time (measured: 14.8 s against 4.6 s for 20,000 obligations), so it runs with a larger log. Returns the
   * setting it replaced, for the caller to put back.
   */
  logCheckpointPages (pages: number): number {
    const before = this.s.database.pragma('wal_autocheckpoint', { simple: true }) as number
    this.s.database.pragma(`wal_autocheckpoint = ${Math.max(1, Math.floor(pages))}`)
    return before
  }

  /** Writes the log back into the file and empties it (a reader or writer in the way just leaves it for later). */
  truncateLog (): void {
    this.s.database.pragma('wal_checkpoint(TRUNCATE)')
  }

  private fillWork (ids: Uint8Array[]): void {
    this.s.database.exec(`CREATE TEMP TABLE IF NOT EXISTS retention_work (id BLOB PRIMARY KEY); DELETE FROM ${WORK};`)
    const add = this.s.get(`INSERT OR IGNORE INTO ${WORK} (id) VALUES (?)`)
    for (const id of ids) add.run(id)
  }
}
