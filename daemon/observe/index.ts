// observe: what an operator sees — the event bus behind `watch`, the node report behind `status`, the journey
// of one obligation, Prometheus metrics and the local web page's servers.
export { ObserveBus, type Listener } from './bus.js'
export type { ObservedEvent, ObservedBody } from './event.js'
export { BoundedWriter } from './bounded.js'
export { nodeReport, type NodeReport, type OutboxDest, type OldestView } from './node-report.js'
export { roleSeats, type RoleReport, type RoleSeat } from './role-seats.js'
export { findSeats, skillSeat, checkQuery, rank, type FindReport, type FoundSeat } from './skill-seats.js'
export { liveness, type Liveness } from './seat-health.js'
export { journey, type Journey, type JourneyStep, type EvidenceVerdict } from './journey.js'
export * from './constants.js'
export { LoopbackHttp, sendJson, requireLoopback, LOOPBACK_HOSTS } from './loopback-http.js'
export { ensureToken, authorize, refuseUnauthorized, type Authorization } from './http-token.js'
// Metrics (and prom-client with it) is loaded by the daemon only when --metrics-port is given: not from here
export type { Metrics } from './metrics.js'
export { metricsServer } from './metrics-server.js'
export { PeerSeen } from './peer-seen.js'
