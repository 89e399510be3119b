// The fuzzing harness itself: a slow input fails its property (a one-off pause of the machine does not), an
// untyped exception is a crash, and the seed is new every run unless AIOS_FUZZ_SEED names one.
import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { FuzzFailure, FuzzTally, fuzzSeed } from './harness.js'

const busy = (ms: number): void => { const end = performance.now() + ms; while (performance.now() < end) { /* spin */ } }
const SLOW = 0x42
/** A decoder that is slow on inputs starting with SLOW, as a quadratic path would be on its bad input. */
const slowDecoder = (bytes: Uint8Array): number => { if (bytes[0] === SLOW) busy(30); return bytes.byteLength }
const inputs = fc.uint8Array({ minLength: 1, maxLength: 8 })
const params = { seed: 1, numRuns: 300, endOnFailure: true }

/** Why a property failed: fast-check's error carries the property's own error as its cause. */
async function failure (run: () => unknown): Promise<string> {
  try {
    await run()
  } catch (err) {
    return `${String((err as Error).message)}\n${String(((err as Error).cause as Error)?.message)}`
  }
  return 'passed'
}

describe('fuzz harness', () => {
  it('an input slower than the limit, twice, fails the property and is counted slow', async () => {
    const t = new FuzzTally('harness', 'slow decoder', new Set(), 10)
    const run = (): void => fc.assert(fc.property(inputs.map(b => { b[0] = b.byteLength > 4 ? SLOW : b[0]; return b }), t.timed(b => { t.run(() => slowDecoder(b)) })), params)
    expect(await failure(run)).toMatch(/slow input: .* ms, then .* ms \(limit 10 ms\)/)
    expect(t.slow).toBeGreaterThan(0)
    expect(t.maxMs).toBeGreaterThan(10)
  })

  it('the same decoder without the slow input passes, and a one-off pause (not the input) is forgiven', () => {
    const t = new FuzzTally('harness', 'paused once', new Set(), 10)
    let paused = false
    fc.assert(fc.property(inputs.filter(b => b[0] !== SLOW), t.timed(b => {
      t.run(() => slowDecoder(b))
      if (!paused) { paused = true; busy(30) } // a GC or another process, once
    })), params)
    expect(t.slow).toBe(0)
    expect(t.inputs).toBe(300) // the timed-again run is not counted
  })

  it('an async input over the limit fails the property', async () => {
    const t = new FuzzTally('harness', 'slow handler', new Set(), 10)
    const run = async (): Promise<void> => await fc.assert(fc.asyncProperty(inputs, t.timedAsync(async b => {
      await t.outcomeAsync(async () => { if (b[0] === SLOW || b.byteLength > 6) await new Promise(resolve => setTimeout(resolve, 30)); return b })
    })), { ...params, numRuns: 100 })
    expect(await failure(run)).toMatch(/slow input: .* ms \(limit 10 ms\)/)
    expect(t.slow).toBeGreaterThan(0)
  })

  it('an untyped exception or an unknown code is a crash; a known code is an outcome', () => {
    const t = new FuzzTally('harness', 'codes', new Set(['KNOWN']))
    expect(t.outcome(() => { throw Object.assign(new Error('x'), { code: 'KNOWN' }) })).toBe('KNOWN')
    expect(() => t.outcome(() => { throw new TypeError('boom') })).toThrow(FuzzFailure)
    expect(() => t.outcome(() => ({ ok: false, code: 'OTHER' }))).toThrow(/unknown code OTHER/)
    expect(t.crashes).toBe(2)
  })

  it('the seed is new every run, unless AIOS_FUZZ_SEED names one', async () => {
    const saved = process.env.AIOS_FUZZ_SEED
    try {
      delete process.env.AIOS_FUZZ_SEED
      const seeds = new Set<number>()
      for (let i = 0; i < 3; i++) { // the harness loaded afresh, as in a new run
        vi.resetModules()
        seeds.add((await import('./harness.js')).fuzzSeed())
      }
      expect(seeds.size).toBe(3)
      expect(Number.isSafeInteger(fuzzSeed())).toBe(true)
      process.env.AIOS_FUZZ_SEED = '12345'
      expect(fuzzSeed()).toBe(12345)
    } finally {
      if (saved === undefined) delete process.env.AIOS_FUZZ_SEED
      else process.env.AIOS_FUZZ_SEED = saved
    }
  })
})
