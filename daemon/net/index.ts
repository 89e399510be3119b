// net: the libp2p node (transports, encryption, the trust gate), protocol ids, timings and the frame limit.
export { createNode, DHT_PROTOCOL, DHT_NAMESPACE, type MeshNode, type NodeOptions } from './node.js'
export { TrustGate } from './trust-gate.js'
export * from './constants.js'
export { relayWanted, isRelayed, RELAY_RESERVATIONS, MAX_RELAY_STRANGERS } from './relay.js'
export { DirectPreference, DIRECT_RETRY_MS } from './direct.js'
export { honestAddresses, expandListen, addressKind, ipKind, hostKind, multiaddrIp, type AddressKind, type AddressFacts } from './addresses.js'
export { DialBack, DIALBACK_PROTOCOL, DIALBACK, dialBackRefusal } from './dialback.js'
export { AddressWatch, ADDRESS_CHECK_MS } from './address-watch.js'
