// sync: how facts spread — gossip of new facts, the sync protocol that fills gaps, and applying a fact once received.
export { TruthPlane } from './truth-plane.js'
export { FactGossip, factMessageId, type GossipStats } from './gossip.js'
export { applyFact, type FactVerdict } from './apply.js'
export { serveSync, syncLimit, TAIL_DELAY_MS } from './sync-server.js'
export { SyncClient, type SyncStats } from './sync-client.js'
export * from './constants.js'
export { ExpiryWatch } from './expiry-watch.js'
