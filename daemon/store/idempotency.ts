// Idempotency keys: which obligation a seat's key names, and a hash of the request it was given for.
import { u8, type Statements } from './statements.js'

export interface IdempotencyRow {
  seat: string
  key: string
  requestHash: Uint8Array
  messageId: Uint8Array
  createdAtMs: number
}

export class IdempotencyStore {
  constructor (private readonly s: Statements) {}

  /** The key's row when it was written at or after `notBeforeMs` (older rows are expired, pruned or not). */
  find (seat: string, key: string, notBeforeMs: number): IdempotencyRow | undefined {
    const r = this.s.get('SELECT * FROM idempotency_keys WHERE seat = ? AND key = ? AND created_at_ms >= ?').get(seat, key, notBeforeMs) as
      { seat: string, key: string, request_hash: Buffer, message_id: Buffer, created_at_ms: number } | undefined
    return r === undefined ? undefined : { seat: r.seat, key: r.key, requestHash: u8(r.request_hash), messageId: u8(r.message_id), createdAtMs: r.created_at_ms }
  }

  /**
   * Writes the key's row (replacing an expired one); false when a row written at or after `notBeforeMs` holds the key.
   * Runs inside the transaction that stores the message.
   */
  claim (row: IdempotencyRow, notBeforeMs: number): boolean {
    return this.s.get(`INSERT INTO idempotency_keys (seat, key, request_hash, message_id, created_at_ms) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (seat, key) DO UPDATE SET request_hash = excluded.request_hash, message_id = excluded.message_id, created_at_ms = excluded.created_at_ms
      WHERE idempotency_keys.created_at_ms < ?`)
      .run(row.seat, row.key, row.requestHash, row.messageId, row.createdAtMs, notBeforeMs).changes === 1
  }

  /** Deletes the key's row: the request it named was undone in the same commit. */
  release (seat: string, key: string): void {
    this.s.get('DELETE FROM idempotency_keys WHERE seat = ? AND key = ?').run(seat, key)
  }

  /** Deletes up to `limit` rows written before `beforeMs`, oldest first; returns how many. */
  prune (beforeMs: number, limit: number): number {
    return this.s.get('DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at_ms < ? ORDER BY created_at_ms LIMIT ?)')
      .run(beforeMs, limit).changes
  }

  count (): number {
    return this.s.get('SELECT count(*) FROM idempotency_keys').pluck().get() as number
  }
}
