// The chaos summary table: tallies summed per suite and in total; unreadable lines are kept apart, not summed.
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module without types, shared with the runner (test/chaos/run.mjs)
import { aggregate, formatTable } from './table.mjs'

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
    expect(lines[0]).toMatch(/^suite\s+cycles\s+messages\s+faults injected\s+ok\s+lost\s+duplicated\s+unknown\s+stuck\s+forged accepted\s+crashes$/)
    expect(lines.filter(l => /^(crash|fuzz-frames|total)\b/.test(l))).toHaveLength(3)
    expect(lines[lines.length - 1]).toMatch(/^total\s+6\s+515\s+5\s+13\s+1\s/)
  })
})
