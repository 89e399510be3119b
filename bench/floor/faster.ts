// The floor of a round: for each figure, the faster of the Noise and the TLS floor in that same round (the higher
// msgs/s, the lower latency), so that a ratio against "the floor" is against the best the network stack did.
import { FASTER_FLOOR, FLOORS, OUTSTANDING, SIZES, load } from '../keys.js'
import type { Results } from '../results.js'

const FIGURES = [['rate', Math.max], ['p50', Math.min], ['p99', Math.min], ['p999', Math.min]] as const

/** Records the faster floor's figures for `round` from both floors' runs; a floor missing in the round is skipped. */
export function recordFasterFloor (r: Results, round: number): void {
  for (const size of SIZES) {
    for (const c of OUTSTANDING) {
      for (const [fig, pick] of FIGURES) {
        const vals = FLOORS.map(f => r.values(`${load(f, size.key, c)}.${fig}`)[round]).filter(v => Number.isFinite(v))
        if (vals.length > 0) r.record(`${load(FASTER_FLOOR, size.key, c)}.${fig}`, fig === 'rate' ? 'msgs/s' : 'ms', round, pick(...vals))
      }
    }
  }
}
