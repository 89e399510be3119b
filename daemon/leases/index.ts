// leases: role work taken by one seat at a time. The sender's node grants (authority), seats ask (seat), peers speak
// /aios-comm/lease/1 (protocol), and an expired lease offers the work again (watch).
export { DEFAULT_LEASE_MS, MAX_LEASE_MS, MIN_LEASE_MS, REOFFER_FIRST_MS, decideLease } from './authority.js'
export { LEASE_PROTOCOL, askLease, serveLease } from './protocol.js'
export { claim, renew, release, type LeaseView } from './seat.js'
export { LeaseWatch } from './watch.js'
