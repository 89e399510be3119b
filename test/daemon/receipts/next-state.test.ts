// nextState (the state after one more receipt, from the state before it) equals deriveState over all receipts held,
// for every sequence of receipts: the store can update a message's state without reading its receipts back.
import { describe, expect, it } from 'vitest'
import { deriveState, nextState, type ObligationState } from '../../../daemon/receipts/index.js'

const STATES = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'REJECTED', 'CANCELED', 'UNKNOWN_WORD']

/** Every sequence of `n` receipt states (repeats included). */
function sequences (n: number): string[][] {
  if (n === 0) return [[]]
  return sequences(n - 1).flatMap(s => STATES.map(x => [...s, x]))
}

function permutations<T> (xs: T[]): T[][] {
  if (xs.length <= 1) return [xs]
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map(p => [x, ...p]))
}

function stepwise (states: string[]): ObligationState {
  let s: ObligationState = 'DELIVERY_PENDING'
  for (const x of states) s = nextState(s, x)
  return s
}

describe('nextState', () => {
  it('after every receipt of every sequence of up to 5 receipts, equals deriveState of all held so far', () => {
    let checked = 0
    for (let n = 1; n <= 5; n++) {
      for (const seq of sequences(n)) {
        let s: ObligationState = 'DELIVERY_PENDING'
        seq.forEach((x, i) => {
          s = nextState(s, x)
          expect(s, seq.slice(0, i + 1).join(' + ')).toBe(deriveState(seq.slice(0, i + 1).map(state => ({ state }))))
          checked++
        })
      }
    }
    expect(checked).toBeGreaterThan(19_000)
  })

  it('every arrival order of all six states ends at COMPLETE; without COMPLETE at REJECTED; with neither at CANCELED', () => {
    const all = STATES.slice(0, 6)
    for (const order of permutations(all)) expect(stepwise(order)).toBe('COMPLETE')
    for (const order of permutations(all.filter(s => s !== 'COMPLETE'))) expect(stepwise(order)).toBe('REJECTED')
    for (const order of permutations(['DELIVERED', 'READ', 'CONSUMED', 'CANCELED'])) expect(stepwise(order)).toBe('CANCELED')
  })
})
