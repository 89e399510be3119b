// The truth plane's protocol ids and limits.
export const SYNC_PROTOCOL = '/aios-comm/sync/1'
export const FACTS_TOPIC = '/aios-comm/facts/1'
export const SYNC_PAGE_FACTS = 256 // facts per sync page
export const SYNC_PAGE_BYTES = 512 * 1024 // bytes per sync page, well under the 1 MiB frame limit
export const MAX_FACT_BYTES = 256 * 1024 // a card (64 KiB), a receipt (96 KiB, messaging/limits.ts) or a revocation is smaller
export const MAX_GOSSIP_DATA_BYTES = MAX_FACT_BYTES + 64 // a gossiped Fact: the fact, its kind, a seq and the length prefixes
