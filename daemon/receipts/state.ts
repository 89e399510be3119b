// The receipt lattice as data, and deriveState: a pure, order-independent function of the receipts held.
import type { ReceiptState } from '../../proto/index.js'

export type ObligationState = 'DELIVERY_PENDING' | ReceiptState

/** Ranked: a later state implies the earlier ones. REJECTED is terminal beside them. */
export const LATTICE: readonly ObligationState[] = ['DELIVERY_PENDING', 'DELIVERED', 'READ', 'CONSUMED', 'COMPLETE']

export function rank (state: string): number {
  return LATTICE.indexOf(state as ObligationState)
}

/**
 * The obligation's state from its receipts: the highest in the lattice. A REJECTED receipt is terminal and wins
 * over everything below COMPLETE; should both COMPLETE and REJECTED be held (signed by the same recipient),
 * COMPLETE wins, since it carries evidence. A late or duplicate receipt never moves the state back.
 */
export function deriveState (receipts: ReadonlyArray<{ state: string }>): ObligationState {
  let best: ObligationState = 'DELIVERY_PENDING'
  let rejected = false
  for (const r of receipts) {
    if (r.state === 'REJECTED') rejected = true
    else if (rank(r.state) > rank(best)) best = r.state as ObligationState
  }
  if (best === 'COMPLETE') return 'COMPLETE'
  return rejected ? 'REJECTED' : best
}

export function isFinal (state: string): boolean {
  return state === 'COMPLETE' || state === 'REJECTED'
}
