// carriers: carrier kinds and their defaults, a seat's resolved carrier settings, and the fail-closed contract check.
export { CARRIERS, CARRIER_KINDS, carrierKind, DEFAULT_COMMAND_TIMEOUT_MS, PROBE_TIMEOUT_MS, MAX_WAKE_DELAY_MS, MAX_COMMAND_TIMEOUT_MS, type Carrier, type CarrierKind, type WakeVia } from './kinds.js'
export { seatCarrier, fingerprint, wakeTarget, type SeatCarrier } from './seat.js'
export { checkContract, findProgram, type ContractItem, type ContractVerdict } from './contract.js'
export { runShell, runFailure, lastLine, type RunOutcome } from './run.js'
export { mergeContract, type ContractOptions } from './options.js'
export { probePane, typeLine, TMUX_TIMEOUT_MS, type PaneRef, type PaneState } from './tmux.js'
