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
  /** Archived obligations purged by this run (even their compact row gone; their ids kept so they never return). */
  purged: number
  /** Fact-log entries dropped: superseded cards and endorsements, receipts and leases of archived obligations. */
  factsDropped: number
  /** Local history rows dropped: wake attempts, spent invitations, seen equivocations older than the horizon. */
  historyDropped: number
  /** Final obligations old enough that were kept because something about them still waits to leave this node. */
  heldInFlight: number
  /** The store's size before and after (bytes, the database file without its write-ahead log). */
  bytesBefore: number
  bytesAfter: number
  startedAt: string
  durationMs: number
}

/** What `retention` and `doctor` show: the policy, the store's size and age, and the compactions. */
export interface RetentionView {
  policy: RetentionPolicy
  store: {
    /** The database file and its write-ahead log, on disk now. */
    bytes: number
    walBytes: number
    freeBytes: number
    incrementalVacuum: boolean
    facts: number
    messages: number
    archived: number
    purged: number
  }
  /** When the oldest obligation still held in full was stored here (absent: none held). */
  oldestRetained?: string
  lastCompaction?: CompactionReport
  nextCompaction?: string
}
