// The retention policy as config.json states it: `retention: { archiveAfterMs, purgeAfterMs }`, checked on load.
import { MeshError } from '../../cards/index.js'
import { DEFAULT_RETENTION, type RetentionPolicy } from './types.js'

/** Below this an obligation could be archived while its parties still act on it (a late READ, a wake, a retry). */
export const MIN_ARCHIVE_AFTER_MS = 3600_000
const MAX_HORIZON_MS = 100 * 365 * 24 * 3600_000

/** The policy from a config value (absent: the default); a bad one is RETENTION_INVALID. */
export function parsePolicy (v: unknown): RetentionPolicy {
  if (v === undefined) return { ...DEFAULT_RETENTION }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalid('retention must be an object { archiveAfterMs, purgeAfterMs }')
  const doc = v as Record<string, unknown>
  const extra = Object.keys(doc).find(k => k !== 'archiveAfterMs' && k !== 'purgeAfterMs')
  if (extra !== undefined) throw invalid(`retention has an unknown setting ${JSON.stringify(extra)}`)
  return checkPolicy({
    archiveAfterMs: (doc.archiveAfterMs ?? DEFAULT_RETENTION.archiveAfterMs) as number,
    ...(doc.purgeAfterMs === undefined ? {} : { purgeAfterMs: doc.purgeAfterMs as number })
  })
}

/** A policy is whole milliseconds, archive after at least an hour, purge (if at all) no sooner than archive. */
export function checkPolicy (p: RetentionPolicy): RetentionPolicy {
  const whole = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= MAX_HORIZON_MS
  if (!whole(p.archiveAfterMs) || p.archiveAfterMs < MIN_ARCHIVE_AFTER_MS) throw invalid(`archiveAfterMs must be whole milliseconds from ${MIN_ARCHIVE_AFTER_MS} (1h) to 100 years`)
  if (p.purgeAfterMs !== undefined && (!whole(p.purgeAfterMs) || p.purgeAfterMs < p.archiveAfterMs)) throw invalid('purgeAfterMs must be whole milliseconds, no shorter than archiveAfterMs')
  return p
}

function invalid (what: string): MeshError {
  return new MeshError('RETENTION_INVALID', what)
}

export function isDefaultPolicy (p: RetentionPolicy | undefined): boolean {
  return p === undefined || (p.archiveAfterMs === DEFAULT_RETENTION.archiveAfterMs && p.purgeAfterMs === undefined)
}
