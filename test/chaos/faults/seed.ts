// Seeded randomness for chaos runs: the seed is printed, and AIOS_CHAOS_SEED=<seed> replays the same choices.
import { randomInt } from 'node:crypto'

export interface Rng {
  seed: number
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [lo, hi]. */
  int: (lo: number, hi: number) => number
  pick: <T>(list: readonly T[]) => T
}

/** mulberry32: tiny, fast and good enough to spread faults; not for anything secret. */
export function rngFrom (seed: number): Rng {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1))
  return { seed, next, int, pick: list => list[int(0, list.length - 1)] }
}

/** The run's seed (from AIOS_CHAOS_SEED, else fresh), printed with the suite's name so a failure can be replayed. */
export function chaosRng (suite: string): Rng {
  const fromEnv = process.env.AIOS_CHAOS_SEED
  const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : randomInt(1, 2 ** 31)
  if (!Number.isInteger(seed)) throw new Error(`AIOS_CHAOS_SEED=${String(fromEnv)} is not an integer`)
  process.stdout.write(`[chaos] ${suite}: seed ${seed} (replay with AIOS_CHAOS_SEED=${seed})\n`)
  return rngFrom(seed)
}
