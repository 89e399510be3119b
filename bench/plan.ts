// How much each scenario does: the full plan fits `npm run bench` in under 15 minutes on 2 cores, but for the
// retention benchmark, whose join over a million facts not compacted may take as long again (it is bounded);
// AIOS_BENCH_QUICK=1 is a smoke run of every scenario at a fraction of the counts.

/** The retention benchmark (bench/retention.ts). */
export interface RetentionPlan {
  /** messages seeded, all final and past the archive horizon, for the bytes per message live, archived, purged */
  messages: number
  /** history facts at A and B (a final message has two receipt facts) for each join catch-up */
  joinFacts: number[]
  /** rounds of each join catch-up, before and after compaction, by history size */
  joinRounds: number[]
  /** the bound on one catch-up wait, by history size: one that hits it is recorded as a timeout */
  joinTimeoutMs: number[]
}

export interface Plan {
  quick: boolean
  rounds: number
  /** messages per load run, by system → size → outstanding */
  counts: Record<'floor' | 'js' | 'aios', Record<'1k' | '64k', Record<1 | 256, number>>>
  warmup: number
  lifecycle: number
  drain: number
  meshSizes: number[]
  convergenceRuns: number
  receiptsPerRun: number
  resourceRuns: number
  seedSmall: number
  seedLarge: number
  retention: RetentionPlan
}

export const FULL: Plan = {
  quick: false,
  rounds: 5,
  counts: {
    floor: { '1k': { 1: 2000, 256: 20_000 }, '64k': { 1: 500, 256: 3000 } },
    js: { '1k': { 1: 1000, 256: 10_000 }, '64k': { 1: 400, 256: 2000 } },
    aios: { '1k': { 1: 1000, 256: 5000 }, '64k': { 1: 300, 256: 1500 } }
  },
  warmup: 1000,
  lifecycle: 200,
  drain: 10_000,
  meshSizes: [5, 10, 30],
  convergenceRuns: 5,
  receiptsPerRun: 6,
  resourceRuns: 5,
  seedSmall: 100_000,
  seedLarge: 1_000_000,
  retention: { messages: 5000, joinFacts: [10_000, 1_000_000], joinRounds: [3, 1], joinTimeoutMs: [10 * 60_000, 30 * 60_000] }
}

export const QUICK: Plan = {
  quick: true,
  rounds: 2,
  counts: {
    floor: { '1k': { 1: 200, 256: 2000 }, '64k': { 1: 50, 256: 300 } },
    js: { '1k': { 1: 100, 256: 1000 }, '64k': { 1: 40, 256: 200 } },
    aios: { '1k': { 1: 100, 256: 500 }, '64k': { 1: 30, 256: 150 } }
  },
  warmup: 200,
  lifecycle: 20,
  drain: 1000,
  meshSizes: [5],
  convergenceRuns: 2,
  receiptsPerRun: 3,
  resourceRuns: 2,
  seedSmall: 10_000,
  seedLarge: 30_000,
  retention: { messages: 1000, joinFacts: [10_000, 30_000], joinRounds: [1, 1], joinTimeoutMs: [5 * 60_000, 10 * 60_000] }
}

export const planFromEnv = (): Plan => (process.env.AIOS_BENCH_QUICK === '1' ? QUICK : FULL)
