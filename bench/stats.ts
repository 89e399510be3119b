// Percentiles and formatting for benchmark results.
export function percentile (sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p / 100 * sorted.length) - 1))
  return sorted[i]
}

export function summarize (latenciesMs: number[]): { p50: number, p99: number, p999: number, max: number } {
  const s = [...latenciesMs].sort((a, b) => a - b)
  return { p50: percentile(s, 50), p99: percentile(s, 99), p999: percentile(s, 99.9), max: s[s.length - 1] }
}

export const ms = (v: number): string => `${v.toFixed(2)} ms`
