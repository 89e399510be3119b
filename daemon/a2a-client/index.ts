// a2a-client: a seat sends to an outside A2A agent; its card key pinned per URL, its answers witnessed by the seat.
import type { Core } from '../core.js'
import { parseObligation } from '../messaging/ids.js'
import type { A2AObligationRow } from '../store/index.js'

import type { a2aGet as Get, a2aSend as Send } from './send.js'
export type { A2ASendParams, A2AResult } from './send.js'
export { a2aPins, a2aForget, type A2APinView, type A2AForgetResult } from './pins.js'
export { a2aStatus, a2aOutbox, type A2AStatus, type A2AInfo } from './view.js'
export type { PinOutcome } from './card-trust.js'
export { DEFAULT_WAIT_MS, MAX_WAIT_MS, WITNESS_CODE } from './constants.js'

/** The A2A obligation with this id, when the id is well formed and names one sent from here. */
export function a2aObligation (core: Core, ob: string): A2AObligationRow | undefined {
  return core.store.a2aClient.obligation(parseObligation(ob))
}

// The sending half loads the A2A SDK's client, imported on its first use: a daemon that never sends to an outside
// agent does not carry it (idle RSS).
export async function a2aSend (...args: Parameters<typeof Send>): ReturnType<typeof Send> {
  return await (await import('./send.js')).a2aSend(...args)
}

export async function a2aGet (...args: Parameters<typeof Get>): ReturnType<typeof Get> {
  return await (await import('./send.js')).a2aGet(...args)
}
