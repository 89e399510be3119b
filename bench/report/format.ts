// Number formatting for the report: one style per unit, and "median (min–max)" cells.
import type { Spread } from '../stats.js'
import type { Unit } from '../results.js'

export function num (v: number, unit: Unit | undefined): string {
  if (!Number.isFinite(v)) return '–'
  switch (unit) {
    case 'msgs/s': return Math.round(v).toLocaleString('en-US')
    case 'ms': return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)
    case 's': return v.toFixed(2)
    case 'MiB': return v.toFixed(1)
    case 'x': return `${v.toFixed(2)}×`
    case 'B': case 'n': return Math.round(v).toLocaleString('en-US')
    default: return String(v)
  }
}

export function withUnit (v: number, unit: Unit | undefined): string {
  const n = num(v, unit)
  if (n === '–' || unit === 'x' || unit === 'n' || unit === undefined) return n
  return `${n} ${unit}`
}

/** "median (min–max)"; a single run shows just its value; no runs shows "–". */
export function cell (s: Spread, unit: Unit | undefined): string {
  if (s.runs === 0) return '–'
  if (s.runs === 1 || s.min === s.max) return num(s.median, unit)
  return `${num(s.median, unit)} (${num(s.min, unit)}–${num(s.max, unit)})`
}
