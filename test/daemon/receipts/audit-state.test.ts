// deriveState with audits: still a pure function of the set of receipts held. A FAIL verdict voids the COMPLETE of its
// round, a PASS counts only beside the COMPLETE of its round, by another seat than the auditor, and FAIL wins over PASS
// for one round; every arrival order of every subset of an audited obligation's receipts gives one state.
import { describe, expect, it } from 'vitest'
import { deriveState, isFinal, parseSlot, slotOf } from '../../../daemon/receipts/index.js'

interface R { state: string, actor: string }
const r = (state: string, actor = 'agent-b'): R => ({ state, actor })
const verdict = (v: 'PASS' | 'FAIL', round = 1, actor = 'agent-c'): R => ({ state: slotOf({ state: 'AUDITED', verdict: v, round }), actor })
const complete = (round = 1, actor = 'agent-b'): R => ({ state: slotOf({ state: 'COMPLETE', round }), actor })

function permutations<T> (xs: T[]): T[][] {
  if (xs.length <= 1) return [xs]
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map(p => [x, ...p]))
}

function subsets<T> (xs: T[]): T[][] {
  return xs.reduce<T[][]>((acc, x) => [...acc, ...acc.map(s => [...s, x])], [[]])
}

/** The rule written out for a set, independently of deriveState's fold: what the state must be. */
function expected (set: R[]): string {
  const slots = set.map(x => ({ ...parseSlot(x.state), actor: x.actor }))
  const failed = new Set(slots.filter(s => s.state === 'AUDITED' && s.fail).map(s => s.round))
  const standing = slots.filter(s => s.state === 'COMPLETE' && !failed.has(s.round))
  if (slots.some(s => s.state === 'AUDITED' && !s.fail && standing.some(c => c.round === s.round && c.actor !== s.actor))) return 'AUDITED'
  if (standing.length > 0) return 'COMPLETE'
  for (const t of ['REJECTED', 'CANCELED']) if (slots.some(s => s.state === t)) return t
  for (const t of ['CONSUMED', 'READ', 'DELIVERED']) if (slots.some(s => s.state === t)) return t
  return 'DELIVERY_PENDING'
}

describe('deriveState with audits', () => {
  const history = [r('DELIVERED'), r('READ'), r('CONSUMED'), complete(1), verdict('FAIL', 1), complete(2), verdict('PASS', 2)]

  it('the story in order: COMPLETE, reopened by FAIL, COMPLETE again, AUDITED', () => {
    const seen = history.map((_, i) => deriveState(history.slice(0, i + 1)))
    expect(seen).toEqual(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'CONSUMED', 'COMPLETE', 'AUDITED'])
  })

  it('every arrival order of every subset of the history gives the state the rule says, whatever the order', () => {
    let checked = 0
    for (const set of subsets(history)) {
      const want = expected(set)
      for (const order of permutations(set)) {
        expect(deriveState(order), order.map(x => x.state).join(' + ')).toBe(want)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(13_000)
  })

  it('a PASS counts only with its round COMPLETE held, by another seat, and not failed', () => {
    expect(deriveState([r('CONSUMED'), verdict('PASS', 1)])).toBe('CONSUMED') // AUDITED before COMPLETE counts for nothing
    expect(deriveState([complete(1), verdict('PASS', 2)])).toBe('COMPLETE') // a verdict on another round
    expect(deriveState([complete(1, 'agent-c'), verdict('PASS', 1, 'agent-c')])).toBe('COMPLETE') // its own work
    expect(deriveState([r('CONSUMED'), complete(1), verdict('PASS', 1), verdict('FAIL', 1)])).toBe('CONSUMED') // FAIL wins
    expect(deriveState([r('CONSUMED'), complete(1), verdict('FAIL', 1), r('REJECTED')])).toBe('REJECTED')
    expect(deriveState([complete(1), verdict('PASS', 1), r('CANCELED', 'agent-a')])).toBe('AUDITED')
  })

  it('slots round-trip, and an audited COMPLETE is not final', () => {
    for (const s of ['COMPLETE', 'COMPLETE#2', 'AUDITED', 'AUDITED/FAIL', 'AUDITED/FAIL#3', 'AUDITED#12']) {
      const p = parseSlot(s)
      expect(slotOf({ state: p.state, round: p.round, verdict: p.state === 'AUDITED' ? (p.fail ? 'FAIL' : 'PASS') : undefined })).toBe(s)
    }
    expect(isFinal('COMPLETE')).toBe(true)
    expect(isFinal('COMPLETE', true)).toBe(false)
    expect(isFinal('AUDITED', true)).toBe(true)
  })
})
