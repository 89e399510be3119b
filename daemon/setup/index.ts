// setup: the identity and trust operations behind `init`, `mesh …`, `actor …` and `card …`.
export { HomeContext } from '../home/context.js'
export { initHome, type InitResult } from './init.js'
export { meshCreate, meshShow, meshTrust, meshAdmit, meshRevoke } from './mesh.js'
export { actorAdd, actorEndorse, actorList, tmuxFromEnv, type ActorOptions, type ActorAddResult, type ActorView } from './actors.js'
export { refreshLocalCard, cardShow, cardVerify, cardImport, acceptCardJson, configuredAddresses, type CardVerdict, type ImportStatus } from './cards.js'
export { actorExport, actorImport, releaseSeat } from './seat-move.js'
export { settleConflicts } from './conflicts.js'
export { isolateSeat, seatToken, type SeatTokenResult } from './seat-tokens.js'
