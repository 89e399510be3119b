// access: who may act as which seat — callers, seat tokens and the one check every seat action passes.
export { NODE_CALLER, type Caller } from './caller.js'
export { newSeatToken, hashSeatToken, tokenMatches, SEAT_TOKEN_BYTES } from './seat-token.js'
export { checkSeatAccess, checkObligationAccess, maySeat, seatOfToken } from './check.js'
