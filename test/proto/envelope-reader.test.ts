// Signed envelopes are read by hand, in one pass that is also the canonical-encoding check (proto/index.ts). The rule
// it must keep is the one it replaced: decode with the generated class, encode the result again, and take the bytes
// only when they are exactly the ones read. This holds the reader to that rule on envelopes built field by field
// (fields left out, empty, repeated, out of order, unknown, with another wire type, lengths as longer varints, both
// proofs, batch proofs with the same faults) and on random byte mutations of valid ones: both take the same bytes,
// to the same envelope, and refuse the same bytes.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { generateKeyPair, signBatch, signEnvelope, utf8 } from '../../cards/index.js'
import { WireError, envelopeFromWire, envelopeToWire, type Envelope } from '../../proto/index.js'
import { aioscomm } from '../../proto/gen/mesh.js'
import { mutated } from '../chaos/fuzz/mutate.js'

const view = (b: Uint8Array | null | undefined): Uint8Array => (b == null ? new Uint8Array(0) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength))

/** The rule as it was: the generated decoder, then the same bytes again from the encoder, or refused. */
function reference (bytes: Uint8Array): Envelope | undefined {
  try {
    const m = aioscomm.v1.SignedEnvelope.decode(bytes)
    const env: Envelope = { payloadType: m.payloadType, payload: view(m.payload), signer: view(m.signer) }
    if (m.proof === 'signature') env.signature = view(m.signature)
    if (m.proof === 'batch' && m.batch != null) {
      env.batch = { root: view(m.batch.root), index: m.batch.index ?? 0, count: m.batch.count ?? 0, path: (m.batch.path ?? []).map(view), signature: view(m.batch.signature) }
    }
    return Buffer.compare(envelopeToWire(env), bytes) === 0 ? env : undefined
  } catch {
    return undefined
  }
}

function read (bytes: Uint8Array): Envelope | undefined {
  try {
    return envelopeFromWire(bytes)
  } catch (err) {
    expect(err).toBeInstanceOf(WireError) // refused the one way, never with another error
    return undefined
  }
}

/** An envelope as plain values, so that two reads compare by content. */
function plain (env: Envelope | undefined): unknown {
  if (env === undefined) return 'refused'
  const b = env.batch
  return {
    payloadType: env.payloadType,
    payload: [...env.payload],
    signer: [...env.signer],
    ...(env.signature === undefined ? {} : { signature: [...env.signature] }),
    ...(b === undefined ? {} : { batch: { root: [...b.root], index: b.index, count: b.count, path: b.path.map(p => [...p]), signature: [...b.signature] } })
  }
}

function sameRead (bytes: Uint8Array): void {
  const expected = plain(reference(bytes))
  if (JSON.stringify(plain(read(bytes))) !== JSON.stringify(expected)) {
    throw new Error(`bytes ${Buffer.from(bytes).toString('hex')}: the reader gave ${JSON.stringify(plain(read(bytes)))}, the rule ${JSON.stringify(expected)}`)
  }
}

// ---- envelopes built field by field ----

/** A deterministic generator (mulberry32): the same cases on every run. */
function prng (seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function varint (n: number, extra: number): number[] {
  const out: number[] = []
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0))
    n = Math.floor(n / 128)
  } while (n > 0)
  // a longer form of the same number: continuation bits and zero groups
  for (let i = 0; i < extra; i++) {
    out[out.length - 1] |= 0x80
    out.push(0)
  }
  return out
}

type Pick = <T>(xs: readonly T[]) => T

/** How one case is built: `fault()` says, at each place a fault can go, whether one does (at that case's rate). */
interface Build { pick: Pick, rnd: () => number, fault: () => boolean }

function field (b: Build, no: number, content: Uint8Array | number): number[] {
  const wire = typeof content === 'number' ? 0 : 2
  const type = b.fault() ? b.pick([0, 1, 2, 5]) : wire // now and then another wire type
  const tag = varint((no << 3) | type, b.fault() ? 1 : 0)
  if (typeof content === 'number') return [...tag, ...varint(content, b.fault() ? 1 : 0)]
  return [...tag, ...varint(content.byteLength, b.fault() ? b.pick([1, 2]) : 0), ...content]
}

function batchBytes (b: Build): Uint8Array {
  const { pick, rnd } = b
  const parts: number[][] = []
  if (rnd() < 0.9) parts.push(field(b, 1, new Uint8Array(b.fault() ? 0 : 32).fill(3)))
  if (rnd() < 0.8) parts.push(field(b, 2, b.fault() ? 0 : pick([1, 5, 200, 2 ** 31, 2 ** 32 - 1])))
  if (rnd() < 0.9) parts.push(field(b, 3, b.fault() ? 0 : pick([1, 2, 256, 300, 2 ** 32 - 1])))
  const paths = pick([0, 1, 3, 8])
  for (let i = 0; i < paths; i++) parts.push(field(b, 4, new Uint8Array(pick([32, 32, 32, 0])).fill(i)))
  if (rnd() < 0.9) parts.push(field(b, 5, new Uint8Array(b.fault() ? 0 : 64).fill(5)))
  if (b.fault()) parts.push(field(b, pick([6, 9, 15, 16]), new Uint8Array([1])))
  if (b.fault() && parts.length > 1) parts.push(parts[Math.floor(rnd() * parts.length)]) // a field twice
  if (b.fault() && parts.length > 1) parts.reverse()
  return new Uint8Array(parts.flat())
}

function built (rnd: () => number): Uint8Array {
  const pick: Pick = xs => xs[Math.floor(rnd() * xs.length)]
  const rate = pick([0, 0, 0.01, 0.05, 0.2])
  const b: Build = { pick, rnd, fault: () => rnd() < rate }
  const parts: number[][] = []
  const types = [utf8('aios-comm/message'), utf8('aios-comm/receipt'), utf8('é—✓'), utf8('\uFEFFaios')]
  const badTypes = [new Uint8Array(0), new Uint8Array([0xc0, 0xaf]), new Uint8Array([0xff]), new Uint8Array([0xed, 0xa0, 0x80])]
  if (rnd() < 0.9) parts.push(field(b, 1, b.fault() ? pick(badTypes) : pick(types)))
  if (rnd() < 0.9) parts.push(field(b, 2, b.fault() ? new Uint8Array(0) : pick([utf8('hello'), new Uint8Array(300).fill(7)])))
  if (rnd() < 0.9) parts.push(field(b, 3, new Uint8Array(b.fault() ? pick([0, 31]) : 32).fill(9)))
  const proof = b.fault() ? pick(['none', 'both', 'batch twice']) : pick(['signature', 'batch'])
  if (proof === 'signature' || proof === 'both') parts.push(field(b, 4, new Uint8Array(pick([64, 64, 0])).fill(4)))
  if (proof === 'batch' || proof === 'both' || proof === 'batch twice') parts.push(field(b, 5, batchBytes(b)))
  if (proof === 'batch twice') parts.push(field(b, 5, batchBytes(b)))
  if (b.fault()) parts.push(field(b, pick([6, 7, 10, 16, 100]), pick<Uint8Array | number>([new Uint8Array([1, 2]), 5])))
  if (b.fault() && parts.length > 1) parts.push(parts[Math.floor(rnd() * parts.length)])
  if (b.fault() && parts.length > 1) {
    const i = Math.floor(rnd() * parts.length)
    const j = Math.floor(rnd() * parts.length);
    [parts[i], parts[j]] = [parts[j], parts[i]]
  }
  return new Uint8Array(parts.flat())
}

// ---- valid envelopes, for the byte mutations ----

const key = generateKeyPair()
const valid: Uint8Array[] = [
  envelopeToWire(signEnvelope(key, 'aios-comm/message', utf8('hello'))),
  envelopeToWire(signEnvelope(key, 'aios-comm/header', new Uint8Array(0))),
  ...[1, 2, 3, 7, 256].map(n => envelopeToWire(signBatch(key, Array.from({ length: n }, (_, i) => ({ payloadType: 'aios-comm/receipt', payload: utf8(`r${i}`) })))[n - 1])),
  envelopeToWire({ payloadType: 'aios-comm/message', payload: utf8('x'), signer: key.publicKey })
]

describe('the envelope reader keeps the canonical-encoding rule', () => {
  it('takes every valid envelope, to what was written', () => {
    for (const bytes of valid) {
      sameRead(bytes)
      expect(read(bytes)).toBeDefined()
    }
  })

  it('reads 30,000 envelopes built field by field as the rule does', () => {
    const rnd = prng(0x5eed)
    let taken = 0
    for (let i = 0; i < 30_000; i++) {
      const bytes = built(rnd)
      sameRead(bytes)
      if (reference(bytes) !== undefined) taken++
    }
    expect(taken).toBeGreaterThan(1000) // the cases reach both verdicts, not only refusals
  })

  it('reads random mutations of valid envelopes as the rule does', () => {
    fc.assert(fc.property(mutated(valid), bytes => { sameRead(bytes) }), { numRuns: 20_000 })
  })
})
