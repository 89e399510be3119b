// directory: who is who — the current card of every handle, and the DHT that finds cards this node lacks (by handle,
// or by the skills seats state, whose providers answer /aios-comm/cards/1).
export { Directory, matchesCapability, type CapabilityQuery, type Current, type KeyCheck } from './directory.js'
export { CardDht, cardKey, validateCardRecord, selectCardRecord, DHT_TIMEOUT_MS, REPUBLISH_MS } from './dht.js'
export { acceptCardJson, importCardJson, cardFieldsTooLarge, type CardIngest, type ImportStatus } from './ingest.js'
export { SkillDht, skillCid, MAX_PROVIDERS_ASKED, type SkillSearch } from './skill-dht.js'
export { CARDS_PROTOCOL, MAX_CARDS_ANSWER, askCards, hostedCards, serveCards } from './cards-protocol.js'
