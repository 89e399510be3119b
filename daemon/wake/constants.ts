// Wake timing. Each number carries its reason; the per-seat delay between the line and Enter is carrier config.
export const QUIET_MS = 150 // a burst of deliveries closer together than this becomes one wake
export const MAX_WAIT_MS = 1_000 // a steady stream still wakes the seat within about a second of its first message
export const MIN_INTERVAL_MS = 2_000 // after a wake lands, the carrier gets this long before the next line is typed at it
export const RETRY_BASE_MS = 1_000 // a failed wake is retried after 1 s, 2 s, 4 s, …
export const RETRY_CAP_MS = 300_000 // … at most every 5 min: registering the pane again retries at once anyway
export const MAX_LISTED_OBLIGATIONS = 64 // AIOS_COMM_OBLIGATIONS lists the newest this many: an environment has a size limit
export const STOP_ABORT_MS = 2_000 // on stop, a running wake command gets this long before it is killed

export function retryDelayMs (failures: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(Math.max(failures - 1, 0), 20))
}
