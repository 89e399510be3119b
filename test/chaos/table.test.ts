// The chaos summary table: tallies summed per suite and in total; unreadable lines are kept apart, not summed.
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module without types, shared with the runner (test/chaos/run.mjs)
import { aggregate, formatTable, problems, FATAL } from './table.mjs'

describe('chaos summary', () => {
  it('sums report lines per suite and in total, and prints one row each', () => {
    const text = [
      { suite: 'crash', cycles: 2, messages: 10, faults: 2, ok: 9, unknown: 1 },
      { suite: 'fuzz-frames', cycles: 1, messages: 500, forgedAccepted: 0 },
      { suite: 'crash', cycles: 3, messages: 5, faults: 3, ok: 4, lost: 1 }
    ].map(t => JSON.stringify(t)).join('\n') + '\nnot json\n'
    const s = aggregate(text)
    expect(s.suites.get('crash')).toMatchObject({ cycles: 5, messages: 15, faults: 5, ok: 13, lost: 1, unknown: 1 })
    expect(s.total).toMatchObject({ cycles: 6, messages: 515, lost: 1 })
    expect(s.bad).toEqual(['not json'])
    const lines = formatTable(s).split('\n')
    expect(lines[0]).toMatch(/^suite\s+cycles\s+messages\s+faults injected\s+ok\s+lost\s+duplicated\s+unknown\s+refused\s+retried\s+stuck\s+unmatched\s+receipts wrong\s+forged accepted\s+slow\s+crashes$/)
    expect(lines.filter(l => /^(crash|fuzz-frames|total)\b/.test(l))).toHaveLength(3)
    expect(lines[lines.length - 1]).toMatch(/^total\s+6\s+515\s+5\s+13\s+1\s/)
  })

  it('prints "-" where a suite did not measure a column, and the total sums the measured suites only', () => {
    const s = aggregate([
      { suite: 'crash', messages: 10, ok: 10, receiptsWrong: 0 },
      { suite: 'fuzz', messages: 5, forgedAccepted: 2 },
      { suite: 'adversarial', messages: 1, forgedAccepted: 0 }
    ].map(t => JSON.stringify(t)).join('\n'))
    expect(s.suites.get('crash').forgedAccepted).toBeUndefined()
    expect(s.total.forgedAccepted).toBe(2)
    expect(s.total.receiptsWrong).toBe(0)
    const cells = (name: string): string[] => (formatTable(s).split('\n').find((l: string) => l.startsWith(name)) ?? '').trim().split(/\s+/)
    const at = (h: number): number => 1 + h // column index after the suite name
    expect(cells('crash')[at(12)]).toBe('-') // forged accepted
    expect(cells('fuzz')[at(11)]).toBe('-') // receipts wrong
    expect(cells('total')[at(12)]).toBe('2')
  })

  it('fails the run on each fatal column, and on a suite with more than 5 % unknown', () => {
    expect(FATAL).toEqual(['lost', 'duplicated', 'stuck', 'unmatched', 'receiptsWrong', 'forgedAccepted', 'slow', 'crashes'])
    for (const k of FATAL) expect(problems(aggregate(JSON.stringify({ suite: 'x', messages: 100, [k]: 1 })))).toEqual([`${k}: 1`])
    expect(problems(aggregate(JSON.stringify({ suite: 'x', messages: 100, unknown: 5, refused: 30 })))).toEqual([])
    expect(problems(aggregate(JSON.stringify({ suite: 'x', messages: 100, unknown: 6 })))).toEqual(['x: 6 of 100 unknown (limit 5 %)'])
    expect(problems(aggregate(''))).toEqual(['no suite reported a tally'])
  })
})
