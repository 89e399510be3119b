// deriveState is a pure function of the set of receipts: every arrival order gives the same state.
import { describe, expect, it } from 'vitest'
import { deriveState } from '../../../daemon/receipts/index.js'

function permutations<T> (xs: T[]): T[][] {
  if (xs.length <= 1) return [xs]
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map(p => [x, ...p]))
}

const cases: Array<[string[], string]> = [
  [[], 'DELIVERY_PENDING'],
  [['DELIVERED'], 'DELIVERED'],
  [['READ'], 'READ'],
  [['DELIVERED', 'READ', 'CONSUMED'], 'CONSUMED'],
  [['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'], 'COMPLETE'],
  [['DELIVERED', 'DELIVERED', 'READ'], 'READ'],
  [['DELIVERED', 'REJECTED'], 'REJECTED'],
  [['DELIVERED', 'READ', 'REJECTED'], 'REJECTED'],
  [['DELIVERED', 'COMPLETE', 'REJECTED'], 'COMPLETE'],
  [['CONSUMED', 'DELIVERED'], 'CONSUMED']
]

describe('deriveState', () => {
  for (const [states, expected] of cases) {
    it(`${states.join(' + ') || 'no receipts'} → ${expected}, in every order`, () => {
      for (const order of permutations(states)) expect(deriveState(order.map(state => ({ state })))).toBe(expected)
    })
  }

  it('a late or duplicate receipt never moves the state back', () => {
    const held = [{ state: 'DELIVERED' }, { state: 'READ' }, { state: 'COMPLETE' }]
    for (const late of ['DELIVERED', 'READ', 'CONSUMED']) expect(deriveState([...held, { state: late }])).toBe('COMPLETE')
  })
})
