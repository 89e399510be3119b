// Limits of the observation surfaces, each with its reason.
export const RECENT_EVENTS = 500 // a web page or a late watcher sees the last minutes of a busy node, not its history
export const MAX_SUBSCRIBER_BUFFER_BYTES = 1 << 20 // about 5000 events unread: a reader that far behind is dropped, the daemon never waits for it
export const SLOW_READER_GRACE_MS = 5_000 // after the final line, a reader that still reads nothing is cut off
export const RECENT_OBLIGATIONS = 50 // what the web page lists
export const RECENT_WAKES = 20
