// deriveState with the sender's withdrawal: a pure function of the set of receipts, whatever order they arrive in.
// CANCELED is terminal; the recipient's own terminal word (COMPLETE, then REJECTED) wins over it when both are held.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deriveState, isFinal } from '../../../daemon/receipts/index.js'

const STATES = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'REJECTED', 'CANCELED'] as const

/** The expected state, said the other way round from deriveState: by what the set holds, not by a running best. */
function expected (held: ReadonlySet<string>): string {
  for (const s of ['COMPLETE', 'REJECTED', 'CANCELED', 'CONSUMED', 'READ', 'DELIVERED']) if (held.has(s)) return s
  return 'DELIVERY_PENDING'
}

describe('deriveState with CANCELED', () => {
  it('any set of receipts, in any order and with duplicates, gives one state', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...STATES), { maxLength: 12 }), fc.infiniteStream(fc.nat()), (states, seeds) => {
      const shuffled = [...states]
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = seeds.next().value % (i + 1)
        ;[shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]]
      }
      const a = deriveState(states.map(state => ({ state })))
      expect(deriveState(shuffled.map(state => ({ state })))).toBe(a)
      expect(a).toBe(expected(new Set(states)))
    }), { numRuns: 500 })
  })

  it('CANCELED is terminal, and the recipient\'s COMPLETE or REJECTED wins over it', () => {
    expect(deriveState([{ state: 'DELIVERED' }, { state: 'READ' }, { state: 'CANCELED' }])).toBe('CANCELED')
    expect(deriveState([{ state: 'CANCELED' }, { state: 'COMPLETE' }])).toBe('COMPLETE')
    expect(deriveState([{ state: 'CANCELED' }, { state: 'REJECTED' }])).toBe('REJECTED')
    expect(isFinal('CANCELED')).toBe(true)
  })
})
