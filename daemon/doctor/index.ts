// doctor: every check that says whether this node will deliver and wake — home, keys, daemon, network, seats'
// carrier contracts, clock, service — each OK or FAIL with a one-line fix.
export { runDoctor, type ControlCall } from './run.js'
export { daemonDoctor, seatCheck, type DaemonDoctor, type DoctorNodeView } from './node.js'
export { homeChecks } from './home.js'
export { clockCheck, skewCheck, MAX_SKEW_MS, RECENT_SAMPLES_MS, SAMPLE_WINDOW_MS } from './clock.js'
export { serviceChecks } from './service.js'
export { report, type DoctorCheck, type DoctorReport } from './types.js'
export { endorsementChecks, EXPIRY_WARNING_MS } from './endorsement.js'
