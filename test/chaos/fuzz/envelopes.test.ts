// Fuzzing signed envelopes (plain and Merkle batch proofs) and the trust facts built on them: generated and
// mutated bytes never crash a verifier, and nothing verifies as signed by a key unless it is a genuine envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  bytesEqual, keyPairFromSeed, signBatch, signEnvelope, utf8, verifyAdmissionRequest, verifyEndorsement, verifyEnvelope,
  verifyRevocation, type KeyPair
} from '../../../cards/index.js'
import { envelopeFromWire, envelopeToWire, type Envelope } from '../../../proto/index.js'
import { FuzzTally, fuzzParams, runFuzz } from './harness.js'
import { bytesFor, mutated } from './mutate.js'
import { createWorld, hexOf, type World } from './world.js'
import { chaosLevel } from '../report.js'

const TIMEOUT = chaosLevel() === 'full' ? 900_000 : 60_000
const ENVELOPE_CODES = new Set(['WIRE_MALFORMED', 'ENVELOPE_WRONG_TYPE', 'ENVELOPE_BAD_SIGNER', 'BAD_SIGNATURE', 'ENVELOPE_NO_PROOF'])
const FACT_CODES = new Set(['ENDORSEMENT_MALFORMED', 'ENDORSEMENT_BAD_SIGNATURE', 'REVOCATION_MALFORMED', 'REVOCATION_BAD_SIGNATURE', 'REQUEST_MALFORMED', 'REQUEST_BAD_SIGNATURE'])

const victim = keyPairFromSeed(new Uint8Array(32).fill(41))
const other = keyPairFromSeed(new Uint8Array(32).fill(42))

/** Genuine envelopes by the victim: plain, and batches of 1, 2, 3, 5 and 8. */
function genuine (): Envelope[] {
  const plain = [0, 1, 2].map(i => signEnvelope(victim, 'aios-comm/message', utf8(`payload ${i}`)))
  const batches = [1, 2, 3, 5, 8].flatMap(n => signBatch(victim, Array.from({ length: n }, (_, i) => ({ payloadType: 'aios-comm/receipt', payload: utf8(`b${n}.${i}`) }))))
  return [...plain, ...batches]
}

/** Field-level edits of a genuine envelope: swapped fields, another proof, re-signed by another key. */
function edited (envs: Envelope[]): fc.Arbitrary<Uint8Array> {
  return fc.tuple(fc.nat({ max: envs.length - 1 }), fc.nat({ max: envs.length - 1 }), fc.nat({ max: 9 }), fc.nat({ max: 1 << 16 })).map(([i, j, kind, n]) => {
    const e = envs[i]
    const f = envs[j]
    const x: Envelope = { ...e, batch: e.batch === undefined ? undefined : { ...e.batch, path: [...e.batch.path] } }
    switch (kind) {
      case 0: x.payload = f.payload; break // another payload under this proof
      case 1: x.payloadType = f.payloadType; break
      case 2: x.signature = f.signature; x.batch = f.batch; break // another envelope's proof
      case 3: if (x.batch !== undefined) x.batch.index = n % (x.batch.count + 2); break
      case 4: if (x.batch !== undefined) x.batch.count = n % 12; break
      case 5: if (x.batch !== undefined) x.batch.path.reverse(); break
      case 6: if (x.batch !== undefined) x.batch.root = f.batch?.root ?? x.batch.root; break
      case 7: return envelopeToWire(signEnvelope(other, e.payloadType, e.payload)) // honest, by another key
      case 8: return envelopeToWire({ ...signEnvelope(other, e.payloadType, e.payload), signer: victim.publicKey })
      default: x.signature = e.signature ?? new Uint8Array(64); x.batch = e.batch // both proofs at once
    }
    return envelopeToWire(x)
  })
}

/** A fact's payload edited (a byte of it changed) and kept under its old signature, or re-signed by a rogue key. */
function resigned (samples: Uint8Array[], rogue: KeyPair): fc.Arbitrary<Uint8Array> {
  return fc.tuple(fc.nat({ max: samples.length - 1 }), fc.nat(), fc.nat({ max: 255 }), fc.boolean()).map(([i, at, value, resign]) => {
    const e = envelopeFromWire(samples[i])
    const payload = e.payload.slice()
    payload[at % payload.byteLength] = value
    return envelopeToWire(resign ? signEnvelope(rogue, e.payloadType, payload) : { ...e, payload })
  })
}

describe('fuzz: envelopes and batch proofs', () => {
  it('never crash, never accept a forged envelope, answer the same code twice', () => {
    const envs = genuine()
    const wires = envs.map(envelopeToWire)
    const originals = new Set(wires.map(hexOf))
    const t = new FuzzTally('envelopes and facts', 'envelopes', ENVELOPE_CODES)
    runFuzz(t, () => {
      fc.assert(fc.property(fc.oneof(bytesFor(wires), edited(envs)), fc.boolean(), t.timed((bytes, typed) => {
        const code = t.stable(() => verifyEnvelope(envelopeFromWire(bytes), typed ? 'aios-comm/message' : undefined))
        if (code !== 'ok') return
        const env = envelopeFromWire(bytes)
        if (bytesEqual(env.signer, victim.publicKey) && !originals.has(hexOf(bytes))) t.forged(`envelope ${hexOf(bytes)}`)
      })), fuzzParams('envelopes', 1000))
    })
    expect(t.forgedAccepted).toBe(0)
    expect(t.seen.get('ok')).toBeGreaterThan(0) // the generator does reach valid envelopes
  }, TIMEOUT)
})

// Each verifier of a trust fact is its own target, fed its own kind's samples and the others' (a fact of the wrong kind).
const FACT_VERIFIERS: Array<[string, (bytes: Uint8Array) => unknown, (w: World) => Uint8Array[]]> = [
  ['endorsement', verifyEndorsement, w => w.endorsements],
  ['revocation', verifyRevocation, w => w.revocations],
  ['admission request', verifyAdmissionRequest, w => w.admissions]
]

describe('fuzz: trust facts (endorsements, revocations, admission requests)', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  for (const [name, verify, own] of FACT_VERIFIERS) {
    it(`${name}: never crash, never accept a forged fact`, () => {
      const mine = own(w)
      const all = [...w.endorsements, ...w.revocations, ...w.admissions]
      const originals = new Set(all.map(hexOf))
      const honest = [w.owner.publicKey, ...w.admissions.map(a => envelopeFromWire(a).signer)]
      const t = new FuzzTally('envelopes and facts', name, FACT_CODES)
      const input = fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(...mine) },
        { weight: 4, arbitrary: bytesFor(mine) },
        { weight: 3, arbitrary: resigned(mine, w.rogue) },
        { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...all), bytesFor(all)) } // another kind of fact
      )
      runFuzz(t, () => {
        fc.assert(fc.property(input, t.timed(bytes => {
          const code = t.stable(() => verify(bytes))
          if (code !== 'ok') return
          // a fact verifies only as signed by the key it names: the mesh owner's (or a seat's) must be genuine
          const signer = envelopeFromWire(bytes).signer
          if (honest.some(h => bytesEqual(h, signer)) && !originals.has(hexOf(bytes))) t.forged(`${name} ${hexOf(bytes)}`)
        })), fuzzParams(name, 400))
      })
      expect(t.forgedAccepted).toBe(0)
      expect(t.seen.get('ok')).toBeGreaterThan(0)
    }, TIMEOUT)
  }
})
