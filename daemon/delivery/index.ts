// delivery: moving signed messages and receipts between nodes — the outbox worker, a session per peer, the deliver
// server that accepts a peer's batches, the deliver frame and the per-peer rate limit.
export { OutboxWorker } from './outbox-worker.js'
export { PeerSession } from './peer-session.js'
export { TimedIdReaders } from './timed-ids.js'
export { SessionPool, type LocalCards } from './session-pool.js'
export { serveDeliver, handleDeliverFrame } from './deliver-server.js'
export { readDeliverFrame, frameCost, writeStreamError, MAX_BATCH_CARDS, MAX_BATCH_HANDOFFS, type FrameRead } from './frame.js'
export { PeerRateLimiter, peerRateFromEnv, PEER_RATE_ITEMS_PER_SECOND, PEER_BURST_ITEMS } from './peer-rate.js'
export { backoffMs, BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './backoff.js'
