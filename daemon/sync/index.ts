// sync: how facts spread — gossip of new facts, the sync protocol that fills gaps, and applying a fact once received.
export { TruthPlane } from './truth-plane.js'
export { FactGossip, factMessageId, type GossipStats } from './gossip.js'
export { applyFact, type FactVerdict } from './apply.js'
export { serveSync, SyncClient, syncLimit, TAIL_DELAY_MS, type SyncStats } from './sync-protocol.js'
export * from './constants.js'
