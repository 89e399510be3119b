// The chaos summary: report lines (one ChaosTally per JSON line, see report.ts) summed per suite, as one table.

/** Columns in print order: [field of ChaosTally, header]. */
export const COLUMNS = [
  ['cycles', 'cycles'], ['messages', 'messages'], ['faults', 'faults injected'], ['ok', 'ok'], ['lost', 'lost'],
  ['duplicated', 'duplicated'], ['unknown', 'unknown'], ['refused', 'refused'], ['retried', 'retried'], ['stuck', 'stuck'],
  ['unmatched', 'unmatched'], ['receiptsWrong', 'receipts wrong'], ['forgedAccepted', 'forged accepted'], ['slow', 'slow'], ['crashes', 'crashes']
]

/** Any of these non-zero fails the run. */
export const FATAL = ['lost', 'duplicated', 'stuck', 'unmatched', 'receiptsWrong', 'forgedAccepted', 'slow', 'crashes']

/**
 * The share of a suite's messages that may end unknown. A lost answer is retried with its idempotency key, so an op
 * stays unknown only when its daemon died on every attempt; a few percent covers a run that kills the sender in
 * every cycle, while a suite where answers are lost wholesale (and nothing it sent is really checked) fails.
 */
export const UNKNOWN_LIMIT = 0.05

/** Sums the tallies of each suite, in order of first appearance; unreadable lines are returned apart. A field that
 * no line of a suite carries stays undefined (not measured) and prints "-"; the total sums measured suites only. */
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
    const sum = suites.get(t.suite) ?? Object.fromEntries(COLUMNS.map(([k]) => [k, undefined]))
    for (const [k] of COLUMNS) if (Number.isFinite(t[k])) sum[k] = (sum[k] ?? 0) + t[k]
    suites.set(t.suite, sum)
  }
  const total = Object.fromEntries(COLUMNS.map(([k]) => {
    const measured = [...suites.values()].filter(x => x[k] !== undefined)
    return [k, measured.length === 0 ? undefined : measured.reduce((s, x) => s + x[k], 0)]
  }))
  return { suites, total, bad }
}

/** What fails the run, one line each: a fatal column non-zero, or a suite with too many unknown outcomes. */
export function problems ({ suites, total, bad }) {
  const out = []
  if (suites.size === 0) out.push('no suite reported a tally')
  if (bad.length > 0) out.push(`${bad.length} unreadable report lines`)
  for (const k of FATAL) if ((total[k] ?? 0) > 0) out.push(`${k}: ${total[k]}`)
  for (const [name, sum] of suites) {
    if ((sum.unknown ?? 0) > UNKNOWN_LIMIT * (sum.messages ?? 0)) out.push(`${name}: ${sum.unknown} of ${sum.messages} unknown (limit ${UNKNOWN_LIMIT * 100} %)`)
  }
  return out
}

export function formatTable ({ suites, total }) {
  const cell = v => (v === undefined ? '-' : String(v))
  const rows = [['suite', ...COLUMNS.map(([, h]) => h)]]
  for (const [name, sum] of suites) rows.push([name, ...COLUMNS.map(([k]) => cell(sum[k]))])
  rows.push(['total', ...COLUMNS.map(([k]) => cell(total[k]))])
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)))
  const line = r => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  const rule = widths.map(w => '-'.repeat(w)).join('  ')
  return [line(rows[0]), rule, ...rows.slice(1, -1).map(line), rule, line(rows[rows.length - 1])].join('\n')
}
