// directory: who is who — the current card of every handle and the DHT that finds cards this node lacks.
export { Directory, matchesCapability, type CapabilityQuery, type Current, type KeyCheck } from './directory.js'
export { CardDht, cardKey, validateCardRecord, selectCardRecord, DHT_TIMEOUT_MS, REPUBLISH_MS } from './dht.js'
export { acceptCardJson, importCardJson, cardFieldsTooLarge, type CardIngest, type ImportStatus } from './ingest.js'
