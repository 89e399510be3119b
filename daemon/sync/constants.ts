// The truth plane's protocol ids and limits.
export const SYNC_PROTOCOL = '/aios-comm/sync/1'
export const FACTS_TOPIC = '/aios-comm/facts/1'
export const SYNC_PAGE_FACTS = 256 // facts per sync page
export const SYNC_PAGE_BYTES = 512 * 1024 // bytes per sync page, well under the 1 MiB frame limit
export const MAX_FACT_BYTES = 256 * 1024 // a card (64 KiB), a receipt (96 KiB, messaging/limits.ts) or a revocation is smaller
export const MAX_GOSSIP_DATA_BYTES = MAX_FACT_BYTES + 64 // a gossiped Fact: the fact, its kind, a seq and the length prefixes

/**
 * Facts learned from a peer (gossip, sync pages) are stored by a relaxed commit: no fsync of their own. They promise
 * nothing to anyone, and a power cut that takes one back takes back with it the sync checkpoint written in the same
 * commit (or a later one, which a write-ahead log cannot keep without it), so it is learned again. The fact log's
 * watermark serves them on by sequence only once a durable commit covers them (one is made within 100 ms when a peer
 * tails this log). Fsynced, every hop of the live spread waited on the disk, which every daemon of a mesh on one
 * machine shares: the fsyncs of 29 daemons for one receipt queued behind each other.
 */
export const LEARNED_COMMIT = { durable: false } as const
