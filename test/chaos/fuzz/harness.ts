// The fuzzing harness: a new random seed every run (printed; AIOS_FUZZ_SEED replays it), a budget per target
// (100,000 inputs under AIOS_CHAOS=full), a time limit per input, and the outcome of one input — a result, a
// refusal's code or a typed error's code from the target's known set — with the tally.
import { randomInt } from 'node:crypto'
import { relative } from 'node:path'
import { expect } from 'vitest'
import fc from 'fast-check'
import { chaosLevel, recordTally } from '../report.js'

export const FULL_RUNS = 100_000 // inputs per target under AIOS_CHAOS=full

// Per-input time limits. A decoder or verifier answers an input of a few hundred bytes in well under a
// millisecond (a card, the slowest, in a few); 50 ms is two orders of magnitude above that, and an input that
// makes the code go quadratic or backtrack shows up far above it. Synchronous code is timed in CPU time, so the
// other processes on two shared cores do not count; a handler (async: it waits on streams and the store) in wall
// time, so an input that makes it wait counts too.
export const DECODER_LIMIT_MS = 50
// A frame through a protocol handler (stream, trust check, rate limit, signature checks, a store commit) takes a
// few milliseconds; 1 s is far above that and still well below the seconds a peer could use to hold a stream.
export const HANDLER_LIMIT_MS = 1000
// An input over its limit is run again, up to this many times, and fails only if every run is over: its time is
// the fastest of its runs. A pause of the machine (a major GC, other processes on two shared cores — pauses of half
// a second were seen under load) is not the input's doing; an input slow by its nature is slow every time. For a
// handler that keeps state the same frame again is a retry, which goes through the same decoding and checks.
export const SLOW_RUNS = 3

// One seed per test file and run: random unless AIOS_FUZZ_SEED names one, so each run tries new inputs and any
// run can be replayed. Targets of a file share it, as some share a node whose state earlier targets changed. Kept by
// file: a worker runs many files on this one module (npm test does not isolate them).
const runSeeds = new Map<string, number>()

export function fuzzSeed (): number {
  const env = process.env.AIOS_FUZZ_SEED
  if (env !== undefined && env !== '') return Number(env)
  const file = expect.getState().testPath ?? ''
  let seed = runSeeds.get(file)
  if (seed === undefined) runSeeds.set(file, seed = randomInt(1, 2 ** 31 - 1))
  return seed
}

/** The command that replays this file's run. */
function replayCommand (seed: number): string {
  const file = expect.getState().testPath
  return `AIOS_FUZZ_SEED=${seed} npm run test:chaos -- ${file === undefined ? 'test/chaos/fuzz' : relative(process.cwd(), file)}`
}

/** Inputs for a target: `fast` in `npm test`, FULL_RUNS under AIOS_CHAOS=full (AIOS_FUZZ_RUNS overrides both). */
export function fuzzRuns (fast: number): number {
  const env = Number(process.env.AIOS_FUZZ_RUNS)
  if (Number.isSafeInteger(env) && env > 0) return env
  return chaosLevel() === 'full' ? FULL_RUNS : fast
}

/**
 * fast-check parameters for one target, the seed printed first; AIOS_FUZZ_PATH (with the seed, from a failure's
 * message) replays only the failing input.
 */
export function fuzzParams (target: string, fast: number): fc.Parameters<unknown> {
  const numRuns = fuzzRuns(fast)
  const seed = fuzzSeed()
  const path = process.env.AIOS_FUZZ_PATH
  console.log(`fuzz ${target}: seed ${seed}, ${numRuns} runs; replay: ${replayCommand(seed)}`)
  return { seed, numRuns, endOnFailure: false, ...(path !== undefined && path !== '' ? { path } : {}) }
}

/** A property failed because of a crash (an untyped exception), a slow input or a forged object accepted. */
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
  slow = 0
  /** The slowest input, in ms, and the total time of all inputs. */
  maxMs = 0
  totalMs = 0
  readonly seen = new Map<string, number>()
  private replaying = false
  private readonly startedAt = performance.now()

  /**
   * `suite` is the row of the chaos table (one per file: its cycles count targets, its messages inputs), `target`
   * the decoder or verifier fuzzed, `limitMs` the time one input may take.
   */
  constructor (readonly suite: string, readonly target: string, private readonly known: ReadonlySet<string>, readonly limitMs = DECODER_LIMIT_MS) {}

  /**
   * A property body timed per input: over the limit it is run again (uncounted), and if every one of SLOW_RUNS runs
   * is over, the property fails with a slow input (the table's slow column).
   */
  timed<A extends unknown[]> (fn: (...a: A) => void): (...a: A) => void {
    return (...a: A) => {
      const times = [this.clock(() => fn(...a))]
      this.replaying = true
      try {
        while (Math.min(...times) > this.limitMs && times.length < SLOW_RUNS) times.push(this.clock(() => fn(...a)))
      } finally {
        this.replaying = false
      }
      if (Math.min(...times) > this.limitMs) this.slowInput(times)
    }
  }

  /** An async property body timed per input, as timed(). */
  timedAsync<A extends unknown[]> (fn: (...a: A) => Promise<void>): (...a: A) => Promise<void> {
    return async (...a: A) => {
      const times = [await this.clockAsync(async () => await fn(...a))]
      this.replaying = true
      try {
        while (Math.min(...times) > this.limitMs && times.length < SLOW_RUNS) times.push(await this.clockAsync(async () => await fn(...a)))
      } finally {
        this.replaying = false
      }
      if (Math.min(...times) > this.limitMs) this.slowInput(times)
    }
  }

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
    recordTally({ suite: `fuzz ${this.suite}`, cycles: 1, messages: this.inputs, forgedAccepted: this.forgedAccepted, slow: this.slow, crashes: this.crashes })
    const wall = (performance.now() - this.startedAt) / 1000
    ;(globalThis as { gc?: () => void }).gc?.() // under node --expose-gc the heap printed is what is still held
    const rate = Math.round(this.inputs / Math.max(wall, 1e-3))
    console.log(`fuzz ${this.target}: ${this.inputs} inputs in ${wall.toFixed(1)} s (${rate}/s, ${(this.totalMs / 1000).toFixed(1)} s of it in the target), slowest ${this.maxMs.toFixed(1)} ms ` +
      `(limit ${this.limitMs} ms), slow ${this.slow}, crashes ${this.crashes}, forged ${this.forgedAccepted}, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB, ` +
      `outcomes ${JSON.stringify(Object.fromEntries([...this.seen].sort((a, b) => b[1] - a[1])))}`)
  }

  /** The CPU time (user and system, of this process) one synchronous run takes: what it costs, whoever else runs. */
  private clock (fn: () => void): number {
    const t0 = process.cpuUsage()
    fn()
    const used = process.cpuUsage(t0)
    return this.took((used.user + used.system) / 1000)
  }

  private async clockAsync (fn: () => Promise<void>): Promise<number> {
    const t0 = performance.now()
    await fn()
    return this.took(performance.now() - t0)
  }

  private took (ms: number): number {
    if (!this.replaying) this.account(ms)
    return ms
  }

  private account (ms: number): void {
    this.totalMs += ms
    if (ms > this.maxMs) this.maxMs = ms
  }

  private slowInput (times: number[]): never {
    this.slow++
    throw new FuzzFailure(`slow input: ${times.map(ms => `${ms.toFixed(1)} ms`).join(', then ')} (limit ${this.limitMs} ms)`)
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
    if (code !== 'ok' && !this.known.has(code)) {
      this.crashes++
      throw new FuzzFailure(`unknown code ${code}`)
    }
    if (this.replaying) return code
    this.inputs++
    this.seen.set(code, (this.seen.get(code) ?? 0) + 1)
    return code
  }
}

/** How to replay a failed property: fast-check's seed and path, as AIOS_FUZZ_SEED and AIOS_FUZZ_PATH. */
function printReplay (t: FuzzTally, err: unknown): void {
  const text = String((err as Error)?.message ?? err)
  const seed = /seed: (-?\d+)/.exec(text)?.[1] ?? String(fuzzSeed())
  const path = /path: "([^"]*)"/.exec(text)?.[1]
  const test = expect.getState().currentTestName ?? ''
  console.log(`fuzz ${t.target} FAILED — replay the failing input: AIOS_FUZZ_SEED=${seed}${path === undefined ? '' : ` AIOS_FUZZ_PATH=${path}`} ` +
    `npm run test:chaos -- ${relative(process.cwd(), expect.getState().testPath ?? 'test/chaos/fuzz')} -t ${JSON.stringify(test.split(' > ').pop() ?? '')}`)
}

/** Runs a property and records the tally whatever the result. */
export function runFuzz (tally: FuzzTally, check: () => void): void {
  try {
    check()
  } catch (err) {
    printReplay(tally, err)
    throw err
  } finally {
    tally.record()
  }
}

export async function runFuzzAsync (tally: FuzzTally, check: () => Promise<void>): Promise<void> {
  try {
    await check()
  } catch (err) {
    printReplay(tally, err)
    throw err
  } finally {
    tally.record()
  }
}
