// retention: how long history is kept; compaction of the store and the fact log; the policy in config.json.
export type { RetentionPolicy, CompactionReport, RetentionView } from './types.js'
export { DEFAULT_RETENTION } from './types.js'
export { parsePolicy, checkPolicy, MIN_ARCHIVE_AFTER_MS } from './policy.js'
export { compact, COMPACT_BATCH } from './compact.js'
export { RetentionService, retentionView, FIRST_COMPACTION_MS, COMPACT_EVERY_MS } from './service.js'
