// A receipt's slot: the one place it takes among a message's receipts, stored as the receipts row's `state`. A
// signer holds one receipt per slot (the store's unique index), and on every obligation without an auditor the
// slot is the state itself. An audit adds rounds: the COMPLETE after a FAIL verdict on round n is round n + 1, a
// slot of its own, and a verdict names its round and whether it passed, so an auditor that signed both for one
// round has both held everywhere (deriveState lets FAIL win) instead of whichever arrived first.
import type { ReceiptData, ReceiptState } from '../../proto/index.js'

const FAIL_MARK = '/FAIL'
const ROUND_MARK = '#'
const STATES = new Set<string>(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'REJECTED', 'CANCELED', 'AUDITED'])

export interface Slot {
  state: ReceiptState
  /** 1 for the first COMPLETE and every step that is not a COMPLETE or a verdict. */
  round: number
  /** An AUDITED receipt with a FAIL verdict. */
  fail: boolean
}

/** The slot a receipt takes: its state, then "/FAIL" for a failing verdict, then "#n" from round 2 on. */
export function slotOf (r: Pick<ReceiptData, 'state' | 'round' | 'verdict'>): string {
  const round = r.round ?? 1
  const fail = r.state === 'AUDITED' && r.verdict === 'FAIL' ? FAIL_MARK : ''
  return `${r.state}${fail}${round > 1 ? `${ROUND_MARK}${round}` : ''}`
}

/** A stored slot read back. A text that is not a slot (no receipt could have written it) reads as its own state. */
export function parseSlot (slot: string): Slot {
  if (STATES.has(slot)) return { state: slot as ReceiptState, round: 1, fail: false }
  let rest = slot
  let round = 1
  const at = rest.indexOf(ROUND_MARK)
  if (at >= 0) {
    round = Number(rest.slice(at + 1))
    rest = rest.slice(0, at)
  }
  const fail = rest.endsWith(FAIL_MARK)
  if (fail) rest = rest.slice(0, -FAIL_MARK.length)
  return { state: rest as ReceiptState, round: Number.isSafeInteger(round) && round > 0 ? round : 1, fail }
}

/** The state a slot is of, for every view that shows a receipt's step. */
export function stepOf (slot: string): ReceiptState {
  return parseSlot(slot).state
}
