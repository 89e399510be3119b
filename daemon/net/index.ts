// net: the libp2p node (transports, encryption, the trust gate), protocol ids, timings and the frame limit.
export { createNode, DHT_PROTOCOL, DHT_NAMESPACE, type MeshNode, type NodeOptions } from './node.js'
export { TrustGate } from './trust-gate.js'
export * from './constants.js'
export { Dialer, ADDRESS_TIMEOUT_MS, RELAY_ADDRESS_TIMEOUT_MS, STAGGER_MS, DIAL_BUDGET_MS } from './dialer.js'
export { AddressRanking, type AddressRank } from './address-rank.js'
export { type LanStats } from './lan-discovery.js'
