// The receipt lattice as data, and deriveState: a pure, order-independent function of the receipts held.
import type { ReceiptState } from '../../proto/index.js'
import { parseSlot } from './slot.js'

export type ObligationState = 'DELIVERY_PENDING' | ReceiptState

/** Ranked: a later state implies the earlier ones. REJECTED and CANCELED are terminal beside them. */
export const LATTICE: readonly ObligationState[] = ['DELIVERY_PENDING', 'DELIVERED', 'READ', 'CONSUMED', 'COMPLETE']

/**
 * The terminal words, strongest first, when more than one is held. AUDITED is a COMPLETE that another seat checked
 * and passed. The recipient's own word wins over the sender's withdrawal: a COMPLETE or REJECTED signed on a
 * partitioned recipient node while the sender canceled is work done (or refused) by the party that owed it, and
 * COMPLETE carries evidence; CANCELED only says the sender stopped wanting it. Both signatures stay held and shown.
 */
const TERMINAL: readonly ObligationState[] = ['AUDITED', 'COMPLETE', 'REJECTED', 'CANCELED']

export function rank (state: string): number {
  return LATTICE.indexOf(state as ObligationState)
}

/**
 * The obligation's state from its receipts (each `state` is the receipt's slot, see slot.ts): the strongest terminal
 * word held (AUDITED > COMPLETE > REJECTED > CANCELED), else the highest step in the lattice. A late or duplicate
 * receipt never moves the state back, with one rule on audited obligations, which is the point of an audit: a FAIL
 * verdict voids the COMPLETE of its round, so the obligation is back at the recipient's step below it until a
 * COMPLETE of a later round. A PASS counts only with the COMPLETE of its round held, by another seat than the
 * auditor, and not failed; FAIL wins over PASS for one round. Nothing here depends on the order receipts came in.
 */
export function deriveState (receipts: ReadonlyArray<{ state: string, actor?: string }>): ObligationState {
  let best: ObligationState = 'DELIVERY_PENDING'
  let terminal = TERMINAL.length
  let audits: Array<{ round: number, fail: boolean, actor: string }> | undefined
  let completes: Array<{ round: number, actor: string }> | undefined
  for (const r of receipts) {
    const s = parseSlot(r.state)
    if (s.state === 'AUDITED') (audits ??= []).push({ round: s.round, fail: s.fail, actor: r.actor ?? '' })
    else if (s.state === 'COMPLETE') (completes ??= []).push({ round: s.round, actor: r.actor ?? '' })
    else {
      const t = TERMINAL.indexOf(s.state)
      if (t >= 0) terminal = Math.min(terminal, t)
      else if (rank(s.state) > rank(best)) best = s.state
    }
  }
  if (completes !== undefined) {
    const failed = new Set((audits ?? []).filter(a => a.fail).map(a => a.round))
    const standing = completes.filter(c => !failed.has(c.round))
    const passed = (audits ?? []).some(a => !a.fail && standing.some(c => c.round === a.round && c.actor !== a.actor))
    if (passed) return 'AUDITED'
    if (standing.length > 0) terminal = Math.min(terminal, TERMINAL.indexOf('COMPLETE'))
    // a voided COMPLETE still says its ack's READ and CONSUMED were signed (they are held beside it)
  }
  return terminal < TERMINAL.length ? TERMINAL[terminal] : best
}

/**
 * The state after one more receipt, from the state before it: deriveState's fold, one step, for the steps whose
 * effect the state alone decides (every state but AUDITED and a later round's COMPLETE, which need the receipts:
 * callers derive those from all of them). Once a terminal word is held the lattice step no longer shows, and a
 * stronger terminal word replaces a weaker one. Equal to deriveState over all receipts held
 * (test/daemon/receipts/next-state.test.ts).
 */
export function nextState (current: ObligationState, incoming: string): ObligationState {
  const t = TERMINAL.indexOf(incoming as ObligationState)
  const held = TERMINAL.indexOf(current)
  if (t >= 0) return held >= 0 && held < t ? current : TERMINAL[t]
  if (held >= 0) return current
  return rank(incoming) > rank(current) ? incoming as ObligationState : current
}

/** No receipt moves it any more, for an obligation without an auditor; one with an auditor is final only AUDITED. */
export function isFinal (state: string, audited = false): boolean {
  if (audited && state === 'COMPLETE') return false
  return TERMINAL.includes(state as ObligationState)
}
