// wake: making a waiting carrier look at its inbox — the tmux driver, the command hook, and the service that
// debounces, serializes per pane, records and retries.
export { WakeService } from './service.js'
export { wakeLine } from './line.js'
export { probePane, typeLine, TMUX_TIMEOUT_MS, type PaneRef, type PaneState } from '../carriers/index.js'
export { seatHealth, seatsHealth, recentWakes, obligationWake, wakeView, type SeatHealth, type WakeView, type ObligationWake } from './views.js'
export { QUIET_MS, MAX_WAIT_MS, MIN_INTERVAL_MS, RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs } from './constants.js'
