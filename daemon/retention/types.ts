// Retention: how long history is kept, and what one compaction did.

export interface RetentionPolicy {
  /** Final obligations (COMPLETE, REJECTED, CANCELED, or given up: EXPIRED, FAILED) older than this are archived. */
  archiveAfterMs: number
  /** Archived obligations older than this (since they became final) are purged; undefined: never. */
  purgeAfterMs?: number
}

export const DEFAULT_RETENTION: RetentionPolicy = { archiveAfterMs: 30 * 24 * 3600_000 }

export interface CompactionReport {
  /** Obligations archived by this run: body, receipts but the final one, evidence content and fact-log entries dropped. */
  archived: number
  /** Archived obligations purged by this run (even their compact row gone). */
  purged: number
  /** Fact-log entries dropped: superseded cards, receipts and leases of archived obligations. */
  factsDropped: number
  /** When the oldest obligation still held in full became final or was sent (undefined: none held). */
  oldestRetainedMs?: number
  durationMs: number
}
