// Pure statistics for benchmark results: percentiles of one run, and the spread (median, min, max) over runs.
export function percentile (sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  // nearest rank; the epsilon keeps 99.9 % of 1000 at rank 999 despite 0.999 * 1000 = 999.0000000000001
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length / 100 - 1e-9) - 1))
  return sorted[i]
}

export interface LatencySummary { p50: number, p99: number, p999: number, max: number }

export function summarize (latenciesMs: number[]): LatencySummary {
  const s = [...latenciesMs].sort((a, b) => a - b)
  return { p50: percentile(s, 50), p99: percentile(s, 99), p999: percentile(s, 99.9), max: s.length === 0 ? NaN : s[s.length - 1] }
}

/** The median of the finite values (the mean of the middle two when their count is even); NaN when none. */
export function median (values: number[]): number {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const mid = s.length >> 1
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

export interface Spread { median: number, min: number, max: number, runs: number }

/** Median, min and max over runs; runs that produced no value (NaN) are left out and not counted. */
export function spread (values: number[]): Spread {
  const ok = values.filter(Number.isFinite)
  if (ok.length === 0) return { median: NaN, min: NaN, max: NaN, runs: 0 }
  return { median: median(ok), min: Math.min(...ok), max: Math.max(...ok), runs: ok.length }
}

/**
 * Ratios taken pair by pair within the same round (numerator[i] / denominator[i]), then spread over rounds:
 * a round where either side is missing gives no ratio, so drift between rounds does not leak into the ratio.
 */
export function pairedRatios (numerator: number[], denominator: number[]): number[] {
  const out: number[] = []
  const n = Math.min(numerator.length, denominator.length)
  for (let i = 0; i < n; i++) {
    const a = numerator[i]
    const b = denominator[i]
    if (Number.isFinite(a) && Number.isFinite(b) && b !== 0) out.push(a / b)
  }
  return out
}
