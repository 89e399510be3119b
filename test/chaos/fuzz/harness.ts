// The fuzzing harness: a fixed seed (AIOS_FUZZ_SEED overrides it), run counts per chaos level, and the outcome
// of one input — a result, a refusal's code or a typed error's code from the target's known set — with the tally.
import fc from 'fast-check'
import { chaosLevel, recordTally } from '../report.js'

export const DEFAULT_SEED = 20261129
export const FULL_RUNS = 100_000 // inputs per target under AIOS_CHAOS=full

export function fuzzSeed (): number {
  const env = process.env.AIOS_FUZZ_SEED
  return env !== undefined && env !== '' ? Number(env) : DEFAULT_SEED
}

/** fast-check parameters: `fast` runs in `npm test`, FULL_RUNS under AIOS_CHAOS=full; the seed is printed. */
export function fuzzParams (target: string, fast: number): fc.Parameters<unknown> {
  const numRuns = chaosLevel() === 'full' ? FULL_RUNS : fast
  const seed = fuzzSeed()
  console.log(`fuzz ${target}: seed ${seed} (AIOS_FUZZ_SEED), ${numRuns} runs`)
  return { seed, numRuns, endOnFailure: false }
}

/** A property failed because of a crash (an untyped exception) or a forged object accepted. */
export class FuzzFailure extends Error {}

const hasCode = (x: unknown): x is { code: string } => typeof (x as { code?: unknown })?.code === 'string'

/** 'ok' for a result, the code of a refusal ({ ok: false, code }). */
function codeOf (r: unknown): string {
  return r !== null && typeof r === 'object' && (r as { ok?: unknown }).ok === false && hasCode(r) ? r.code : 'ok'
}

export class FuzzTally {
  inputs = 0
  forgedAccepted = 0
  crashes = 0
  readonly seen = new Map<string, number>()

  constructor (readonly suite: string, private readonly known: ReadonlySet<string>) {}

  /**
   * Runs one input: 'ok' for a result, the code of a refusal ({ ok: false, code }) or of a thrown typed error.
   * An exception without a code, or a code outside the known set, is a crash and fails the property.
   */
  outcome (fn: () => unknown): string {
    return this.note(this.classify(fn))
  }

  async outcomeAsync (fn: () => Promise<unknown>): Promise<string> {
    let code: string
    try {
      code = codeOf(await fn())
    } catch (err) {
      code = this.thrown(err)
    }
    return this.note(code)
  }

  /**
   * Runs one input and gives its code and value; every `stableEvery`-th input runs twice and must give the same
   * code (expensive targets check a sample, cheap ones every input).
   */
  run<T> (fn: () => T, stableEvery = 1): { code: string, value?: T } {
    let value: T | undefined
    const once = (): string => this.classify(() => (value = fn()))
    const a = once()
    if (this.inputs % stableEvery === 0) {
      const b = this.classify(fn)
      if (a !== b) this.crash(`unstable outcome: ${a} then ${b}`)
    }
    return { code: this.note(a), value }
  }

  /** Runs one input twice: the same input must give the same outcome. */
  stable (fn: () => unknown): string {
    const a = this.classify(fn)
    const b = this.classify(fn)
    if (a !== b) this.crash(`unstable outcome: ${a} then ${b}`)
    return this.note(a)
  }

  /** Counts a forged object that was accepted and fails the property. */
  forged (what: string): never {
    this.forgedAccepted++
    throw new FuzzFailure(`forged ${what} accepted`)
  }

  /** Fails the property with a crash of this input. */
  crash (what: string): never {
    this.crashes++
    throw new FuzzFailure(what)
  }

  record (): void {
    recordTally({ suite: `fuzz ${this.suite}`, cycles: 1, messages: this.inputs, forgedAccepted: this.forgedAccepted, crashes: this.crashes })
    console.log(`fuzz ${this.suite}: ${this.inputs} inputs, outcomes ${JSON.stringify(Object.fromEntries([...this.seen].sort((a, b) => b[1] - a[1])))}`)
  }

  private classify (fn: () => unknown): string {
    try {
      return codeOf(fn())
    } catch (err) {
      return this.thrown(err)
    }
  }

  private thrown (err: unknown): string {
    if (err instanceof FuzzFailure) throw err
    if (hasCode(err) && this.known.has(err.code)) return err.code
    this.crashes++
    throw new FuzzFailure(`untyped exception: ${(err as Error)?.stack ?? String(err)}`)
  }

  private note (code: string): string {
    this.inputs++
    if (code !== 'ok' && !this.known.has(code)) {
      this.crashes++
      throw new FuzzFailure(`unknown code ${code}`)
    }
    this.seen.set(code, (this.seen.get(code) ?? 0) + 1)
    return code
  }
}

/** Runs a property and records the tally whatever the result. */
export function runFuzz (tally: FuzzTally, check: () => void): void {
  try {
    check()
  } finally {
    tally.record()
  }
}

export async function runFuzzAsync (tally: FuzzTally, check: () => Promise<void>): Promise<void> {
  try {
    await check()
  } finally {
    tally.record()
  }
}
