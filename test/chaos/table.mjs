// The chaos summary: report lines (one ChaosTally per JSON line, see report.ts) summed per suite, as one table.

/** Columns in print order: [field of ChaosTally, header]. */
export const COLUMNS = [
  ['cycles', 'cycles'], ['messages', 'messages'], ['faults', 'faults injected'], ['ok', 'ok'], ['lost', 'lost'],
  ['duplicated', 'duplicated'], ['unknown', 'unknown'], ['stuck', 'stuck'], ['forgedAccepted', 'forged accepted'], ['crashes', 'crashes']
]

/** Any of these non-zero fails the run. */
export const FATAL = ['lost', 'duplicated', 'stuck', 'forgedAccepted', 'crashes']

/** Sums the tallies of each suite, in order of first appearance; unreadable lines are returned apart. */
export function aggregate (text) {
  const suites = new Map()
  const bad = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let t
    try {
      t = JSON.parse(line)
    } catch {
      bad.push(line)
      continue
    }
    if (typeof t?.suite !== 'string') {
      bad.push(line)
      continue
    }
    const sum = suites.get(t.suite) ?? Object.fromEntries(COLUMNS.map(([k]) => [k, 0]))
    for (const [k] of COLUMNS) sum[k] += Number.isFinite(t[k]) ? t[k] : 0
    suites.set(t.suite, sum)
  }
  const total = Object.fromEntries(COLUMNS.map(([k]) => [k, [...suites.values()].reduce((s, x) => s + x[k], 0)]))
  return { suites, total, bad }
}

export function formatTable ({ suites, total }) {
  const rows = [['suite', ...COLUMNS.map(([, h]) => h)]]
  for (const [name, sum] of suites) rows.push([name, ...COLUMNS.map(([k]) => String(sum[k]))])
  rows.push(['total', ...COLUMNS.map(([k]) => String(total[k]))])
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)))
  const line = r => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')
  const rule = widths.map(w => '-'.repeat(w)).join('  ')
  return [line(rows[0]), rule, ...rows.slice(1, -1).map(line), rule, line(rows[rows.length - 1])].join('\n')
}
