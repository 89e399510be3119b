// Limits of the observation surfaces, each with its reason.
export const RECENT_EVENTS = 500 // a web page or a late watcher sees the last minutes of a busy node, not its history
export const MAX_SUBSCRIBER_BUFFER_BYTES = 1 << 20 // about 5000 events unread: a reader that far behind is dropped, the daemon never waits for it
export const SLOW_READER_GRACE_MS = 5_000 // after the final line, a reader that still reads nothing is cut off
export const RECENT_OBLIGATIONS = 50 // what the web page lists
export const RECENT_WAKES = 20
export const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300] // loopback pings (ms) to a delivery that waited out a restart (minutes)
export const MAX_TIMED_DELIVERIES = 10_000 // sent messages awaiting DELIVERED whose send time is kept; beyond that the oldest go untimed
