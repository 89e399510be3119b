// sync: how facts spread — gossip of new facts, the sync protocol that fills gaps, and applying a fact once received;
// skills as DHT provider records and /aios-comm/cards/1, which answers a provider's cards.
export { TruthPlane } from './truth-plane.js'
export { FactGossip, factMessageId, type GossipStats } from './gossip.js'
export { applyFact, type FactVerdict } from './apply.js'
export { serveSync, syncLimit, TAIL_DELAY_MS } from './sync-server.js'
export { SyncClient, type SyncStats } from './sync-client.js'
export * from './constants.js'
export { ExpiryWatch } from './expiry-watch.js'
export { SkillDht, skillCid, MAX_PROVIDERS_ASKED, type SkillSearch } from './skill-dht.js'
export { CARDS_PROTOCOL, MAX_CARDS_ANSWER, askCards, hostedCards, serveCards } from './cards-protocol.js'
