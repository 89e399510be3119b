// The truth plane's protocol ids and limits.
export const SYNC_PROTOCOL = '/aios-comm/sync/1'
export const FACTS_TOPIC = '/aios-comm/facts/1'
export const SYNC_PAGE_FACTS = 256 // facts per sync page
export const SYNC_PAGE_BYTES = 512 * 1024 // bytes per sync page, well under the 1 MiB frame limit
export const MAX_FACT_BYTES = 256 * 1024 // a card, receipt (with inline evidence) or revocation is far smaller
