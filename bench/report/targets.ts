// The targets the benchmark checks → met / not met: most on the median over runs (or over per-round ratios), the
// ones the issue says must hold "in every run" on the worst run.
import { DRAIN, FASTER_FLOOR, RESOURCES, SIZES, convergence, load } from '../keys.js'
import type { Results, Unit } from '../results.js'
import type { Spread } from '../stats.js'

export interface Target {
  label: string
  /** a series, or a ratio of two series taken round by round */
  subject: { series: string } | { ratio: [string, string] }
  op: '>=' | '<='
  threshold: number
  unit: Unit
  /** 'median': the median of the runs must meet it; 'worst': every run must (the worst one is judged). */
  rule: TargetRule
}

export type TargetRule = 'median' | 'worst'

export type TargetStatus = 'met' | 'not met' | 'not measured'

export interface TargetResult {
  target: Target
  measured: Spread
  /** the figure the rule judged: the median, or the worst run (the max for ≤, the min for ≥) */
  judged: number
  status: TargetStatus
}

export const TARGETS: Target[] = [
  ...SIZES.flatMap((s): Target[] => [
    { label: `notify → DELIVERED msgs/s, ${s.label}, 256 outstanding ≥ 0.5× pipelined floor (the faster of Noise and TLS)`, subject: { ratio: [`${load('aios', s.key, 256)}.rate`, `${load(FASTER_FLOOR, s.key, 256)}.rate`] }, op: '>=', threshold: 0.5, unit: 'x', rule: 'median' },
    { label: `notify → DELIVERED msgs/s, ${s.label}, 256 outstanding ≥ 1.0× JetStream`, subject: { ratio: [`${load('aios', s.key, 256)}.rate`, `${load('js', s.key, 256)}.rate`] }, op: '>=', threshold: 1.0, unit: 'x', rule: 'median' }
  ]),
  { label: 'notify → DELIVERED p50, 1 KB, 1 outstanding ≤ 1 ms', subject: { series: `${load('aios', '1k', 1)}.p50` }, op: '<=', threshold: 1, unit: 'ms', rule: 'median' },
  { label: 'notify → DELIVERED p99, 1 KB, 1 outstanding ≤ 5 ms', subject: { series: `${load('aios', '1k', 1)}.p99` }, op: '<=', threshold: 5, unit: 'ms', rule: 'median' },
  { label: 'reconnect drain ≥ 0.8× steady msgs/s (1 KB, 256 outstanding)', subject: { ratio: [DRAIN.rate, `${load('aios', '1k', 256)}.rate`] }, op: '>=', threshold: 0.8, unit: 'x', rule: 'median' },
  { label: 'a receipt reaches 30 daemons, p99 ≤ 1 s, in every run', subject: { series: convergence(30, 'p99') }, op: '<=', threshold: 1000, unit: 'ms', rule: 'worst' },
  { label: 'idle daemon RSS ≤ 100 MiB', subject: { series: RESOURCES.idleRss }, op: '<=', threshold: 100, unit: 'MiB', rule: 'median' },
  { label: 'daemon RSS with 100k stored messages ≤ 150 MiB', subject: { series: RESOURCES.rss100k }, op: '<=', threshold: 150, unit: 'MiB', rule: 'median' },
  { label: 'start-up with 1M stored messages ≤ 1 s', subject: { series: RESOURCES.startup1m }, op: '<=', threshold: 1000, unit: 'ms', rule: 'median' }
]

export function evaluate (r: Results, t: Target): TargetResult {
  const measured = 'series' in t.subject ? r.spread(t.subject.series) : r.ratio(...t.subject.ratio)
  const judged = t.rule === 'median' ? measured.median : t.op === '>=' ? measured.min : measured.max
  if (measured.runs === 0) return { target: t, measured, judged, status: 'not measured' }
  const ok = t.op === '>=' ? judged >= t.threshold : judged <= t.threshold
  return { target: t, measured, judged, status: ok ? 'met' : 'not met' }
}

export const evaluateAll = (r: Results, targets: Target[] = TARGETS): TargetResult[] => targets.map(t => evaluate(r, t))
