// What a benchmark run collected: one value per round for every figure, and the groups that could not run.
import { pairedRatios, spread, summarize, type Spread } from './stats.js'
import type { MicroResult } from './micro/types.js'
import type { StageCosts } from './stages/costs.js'
import type { RetentionPlan } from './plan.js'

/** B: bytes; n: a count (of facts, say) */
export type Unit = 'msgs/s' | 'ms' | 's' | 'MiB' | 'x' | 'B' | 'n'

export interface Series {
  key: string
  unit: Unit
  /** index = round; NaN where the round produced no value */
  values: number[]
}

export interface RunResult { seconds: number, latencies: number[] }

/**
 * When and how the retention figures were measured (bench/retention.ts): with `npm run bench`, or alone and merged
 * into a saved run; its figures are series like the others (keys.ts, retention*).
 */
export interface RetentionRun {
  date: string
  seconds: number
  quick: boolean
  plan: RetentionPlan
  /** the seeded messages' body size */
  bodyBytes: number
  /** what the reader should know about how it went (a catch-up that timed out, a slow compaction) */
  notes: string[]
}

export class Results {
  readonly series = new Map<string, Series>()
  /** group name → why it did not run (e.g. the JetStream server could not be installed) */
  readonly unavailable = new Map<string, string>()
  /** what the reader should know about how this run went (e.g. a mesh that did not fully connect) */
  readonly notes: string[] = []
  /** each stage alone (bench/micro): what one item costs in that stage, so a regression in one stage shows */
  readonly micro: MicroResult[] = []
  /** the pair's CPU profiles summed by stage (bench/stages.ts) */
  stages?: StageCosts
  /** the retention benchmark's run, when there was one (bench/retention.ts) */
  retention?: RetentionRun

  constructor (readonly rounds: number) {}

  record (key: string, unit: Unit, round: number, value: number): void {
    let s = this.series.get(key)
    if (s === undefined) this.series.set(key, s = { key, unit, values: Array.from({ length: this.rounds }, () => NaN) })
    s.values[round] = value
  }

  /** A load run: its rate and latency percentiles under `${key}.rate|p50|p99|p999`. */
  recordRun (key: string, round: number, r: RunResult): void {
    const l = summarize(r.latencies)
    this.record(`${key}.rate`, 'msgs/s', round, r.latencies.length / r.seconds)
    this.record(`${key}.p50`, 'ms', round, l.p50)
    this.record(`${key}.p99`, 'ms', round, l.p99)
    this.record(`${key}.p999`, 'ms', round, l.p999)
  }

  values (key: string): number[] {
    return this.series.get(key)?.values ?? []
  }

  unit (key: string): Unit | undefined {
    return this.series.get(key)?.unit
  }

  spread (key: string): Spread {
    return spread(this.values(key))
  }

  ratio (numerator: string, denominator: string): Spread {
    return spread(pairedRatios(this.values(numerator), this.values(denominator)))
  }

  toJSON (): unknown {
    return { rounds: this.rounds, series: [...this.series.values()], unavailable: Object.fromEntries(this.unavailable), notes: this.notes, micro: this.micro, stages: this.stages, retention: this.retention }
  }

  static fromJSON (j: { rounds: number, series: Series[], unavailable?: Record<string, string>, notes?: string[], micro?: MicroResult[], stages?: StageCosts, retention?: RetentionRun }): Results {
    const r = new Results(j.rounds)
    for (const s of j.series) r.series.set(s.key, { ...s, values: s.values.map(v => (v === null ? NaN : v)) })
    for (const [k, v] of Object.entries(j.unavailable ?? {})) r.unavailable.set(k, v)
    r.notes.push(...(j.notes ?? []))
    r.micro.push(...(j.micro ?? []))
    r.stages = j.stages
    r.retention = j.retention
    return r
  }
}
