// The receipt lattice as data, and deriveState: a pure, order-independent function of the receipts held.
import type { ReceiptState } from '../../proto/index.js'

export type ObligationState = 'DELIVERY_PENDING' | ReceiptState

/** Ranked: a later state implies the earlier ones. REJECTED and CANCELED are terminal beside them. */
export const LATTICE: readonly ObligationState[] = ['DELIVERY_PENDING', 'DELIVERED', 'READ', 'CONSUMED', 'COMPLETE']

/**
 * The terminal words, strongest first, when more than one is held. The recipient's own word wins over the sender's
 * withdrawal: a COMPLETE or REJECTED signed on a partitioned recipient node while the sender canceled is work done
 * (or refused) by the party that owed it, and COMPLETE carries evidence; CANCELED only says the sender stopped
 * wanting it. Both signatures stay held and shown.
 */
const TERMINAL: readonly ObligationState[] = ['COMPLETE', 'REJECTED', 'CANCELED']

export function rank (state: string): number {
  return LATTICE.indexOf(state as ObligationState)
}

/**
 * The obligation's state from its receipts: the strongest terminal word held (COMPLETE > REJECTED > CANCELED),
 * else the highest step in the lattice. A late or duplicate receipt never moves the state back.
 */
export function deriveState (receipts: ReadonlyArray<{ state: string }>): ObligationState {
  let best: ObligationState = 'DELIVERY_PENDING'
  let terminal = TERMINAL.length
  for (const r of receipts) {
    const t = TERMINAL.indexOf(r.state as ObligationState)
    if (t >= 0) terminal = Math.min(terminal, t)
    else if (rank(r.state) > rank(best)) best = r.state as ObligationState
  }
  return terminal < TERMINAL.length ? TERMINAL[terminal] : best
}

/**
 * The state after one more receipt, from the state before it: deriveState's fold, one step. The state alone is
 * enough: once a terminal word is held the lattice step no longer shows, and a stronger terminal word replaces a
 * weaker one. Equal to deriveState over all receipts held (test/daemon/receipts/next-state.test.ts).
 */
export function nextState (current: ObligationState, incoming: string): ObligationState {
  const t = TERMINAL.indexOf(incoming as ObligationState)
  const held = TERMINAL.indexOf(current)
  if (t >= 0) return held >= 0 && held < t ? current : TERMINAL[t]
  if (held >= 0) return current
  return rank(incoming) > rank(current) ? incoming as ObligationState : current
}

export function isFinal (state: string): boolean {
  return TERMINAL.includes(state as ObligationState)
}
