// The one rule for acting as a seat: an isolated seat needs its token; on the seat socket a token acts only as
// its own seat and sees only that seat's obligations. Every route that acts as a seat comes through here.
import { MeshError } from '../../cards/index.js'
import type { MessageStore, SeatTokenStore } from '../store/index.js'
import type { Caller } from './caller.js'
import { tokenMatches } from './seat-token.js'

/** Throws SEAT_TOKEN_REQUIRED / SEAT_TOKEN_INVALID unless the caller may act as this seat. */
export function checkSeatAccess (tokens: SeatTokenStore, handle: string, caller: Caller): void {
  if (caller.via === 'seat') {
    if (caller.seat !== handle) throw new MeshError('SEAT_TOKEN_INVALID', `the seat token presented is ${caller.seat}'s; it cannot act as ${handle}`)
    return
  }
  const stored = tokens.hash(handle)
  if (stored === undefined) return // a shared seat: the control socket's user acts as it, as always
  if (caller.seatToken === undefined || caller.seatToken === '') {
    throw new MeshError('SEAT_TOKEN_REQUIRED', `${handle} is an isolated seat: present its token (AIOS_SEAT_TOKEN or --seat-token-file; seatToken in a control request)`)
  }
  if (!tokenMatches(caller.seatToken, stored)) throw new MeshError('SEAT_TOKEN_INVALID', `the seat token presented is not ${handle}'s (rotated? see aios-comm actor token ${handle})`)
}

/** May the caller act as this seat? The same rule, as a yes or no (for lists such as the inbox of all seats). */
export function maySeat (tokens: SeatTokenStore, handle: string, caller: Caller): boolean {
  try {
    checkSeatAccess(tokens, handle, caller)
    return true
  } catch {
    return false
  }
}

/** The hosted isolated seat a token belongs to, if any: every stored hash is compared, with no early exit. */
export function seatOfToken (tokens: SeatTokenStore, token: string): string | undefined {
  let seat: string | undefined
  for (const t of tokens.hosted()) if (tokenMatches(token, t.hash) && seat === undefined) seat = t.handle
  return seat
}

/** On the seat socket an obligation exists only for its sender or recipient seat; elsewhere nothing is hidden. */
export function checkObligationAccess (messages: MessageStore, id: Uint8Array, ob: string, caller: Caller): void {
  if (caller.via !== 'seat') return
  const m = messages.message(id)
  if (m === undefined || (m.from !== caller.seat && m.to !== caller.seat && m.auditor !== caller.seat)) {
    throw new MeshError('OBLIGATION_UNKNOWN', `no obligation ${ob} of ${caller.seat} is held on this node`)
  }
}
