// The truth plane's protocol ids and limits.
export const SYNC_PROTOCOL = '/aios-comm/sync/1'
// One fact per gossip message: what daemons before batches publish and read; still read and, while a peer reads
// only it, still published.
export const FACTS_TOPIC = '/aios-comm/facts/1'
// A FactBatch per gossip message: the facts a node made, published together.
export const FACT_BATCH_TOPIC = '/aios-comm/facts/2'
export const GOSSIP_BATCH_FACTS = 128 // facts per batch at most
export const GOSSIP_BATCH_BYTES = 128 * 1024 // fact bytes per batch, but for a batch of one larger fact
// A node's own facts leave (by gossip, and by each sync tail) at once when none left in the last FACT_FLUSH_MS, else
// together at the end of that window: a steady trickle goes out as batches instead of a message (a socket write and
// a wake-up at each peer) per commit, while a fact after a quiet spell waits for nothing.
export const FACT_FLUSH_MS = 20
export const SYNC_PAGE_FACTS = 256 // facts per sync page
export const SYNC_PAGE_BYTES = 512 * 1024 // bytes per sync page, well under the 1 MiB frame limit
// Flow control on a sync stream: a client asks for SYNC_WINDOW pages ahead of its acks (one ack per page it has
// applied), and reads with a buffer that holds them all; a server keeps to at most MAX_SYNC_WINDOW, whatever it is
// asked. Without it a server sent pages as fast as the transport took them (yamux grants its window as data arrives,
// not as it is read) and a client slower to apply them than the server to read them overran its 4 MiB read buffer:
// the session ended, the pages buffered were thrown away and asked for again a second later.
export const SYNC_WINDOW = 4
export const MAX_SYNC_WINDOW = 8
export const MAX_FACT_BYTES = 256 * 1024 // a card (64 KiB), a receipt (96 KiB, messaging/limits.ts) or a revocation is smaller
export const MAX_GOSSIP_DATA_BYTES = MAX_FACT_BYTES + 64 // a gossiped Fact: the fact, its kind, a seq and the length prefixes
// a gossiped FactBatch: one fact at its limit, or a batch's bytes, each fact with its kind and length prefixes
export const MAX_GOSSIP_BATCH_DATA_BYTES = MAX_FACT_BYTES + GOSSIP_BATCH_FACTS * 32
