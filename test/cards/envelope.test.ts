// Signed envelopes: single signatures and batch proofs, valid and tampered.
import { describe, expect, it } from 'vitest'
import { generateKeyPair, signBatch, signEnvelope, utf8, verifyEnvelope, type Envelope } from '../../cards/index.js'
import { envelopeFromWire, envelopeToWire } from '../../proto/index.js'

const key = generateKeyPair()

describe('signed envelopes', () => {
  it('verifies what it signs, after a wire round trip', () => {
    const env = envelopeFromWire(envelopeToWire(signEnvelope(key, 'aios-comm/test', utf8('hello'))))
    expect(verifyEnvelope(env, 'aios-comm/test').ok).toBe(true)
  })

  it('refuses a changed payload, type or signer', () => {
    const env = signEnvelope(key, 'aios-comm/test', utf8('hello'))
    const cases: Array<[Envelope, string]> = [
      [{ ...env, payload: utf8('hellp') }, 'BAD_SIGNATURE'],
      [{ ...env, payloadType: 'aios-comm/other' }, 'BAD_SIGNATURE'],
      [{ ...env, signer: generateKeyPair().publicKey }, 'BAD_SIGNATURE'],
      [{ ...env, signer: new Uint8Array(31) }, 'ENVELOPE_BAD_SIGNER'],
      [{ ...env, signature: undefined }, 'ENVELOPE_NO_PROOF']
    ]
    for (const [e, code] of cases) {
      const r = verifyEnvelope(e)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.code).toBe(code)
    }
    const typed = verifyEnvelope(env, 'aios-comm/receipt')
    expect(typed.ok === false && typed.code).toBe('ENVELOPE_WRONG_TYPE')
  })

  it('uses a domain: a signature over the bare payload does not verify', () => {
    const env = signEnvelope(key, 't', utf8('x'))
    const other = signEnvelope(key, 't', utf8('y'))
    expect(verifyEnvelope({ ...env, signature: other.signature }).ok).toBe(false)
  })

  for (const n of [1, 2, 3, 5, 8, 17, 256]) {
    it(`batch of ${n}: every item verifies alone, after a wire round trip`, () => {
      const items = Array.from({ length: n }, (_, i) => ({ payloadType: 'aios-comm/test', payload: utf8(`item ${i}`) }))
      const envs = signBatch(key, items)
      expect(new Set(envs.map(e => Buffer.from(e.batch!.signature).toString('hex'))).size).toBe(1)
      for (const e of envs) expect(verifyEnvelope(envelopeFromWire(envelopeToWire(e))).ok).toBe(true)
    })
  }

  it('batch: a moved item, a changed path or a changed root fails', () => {
    const envs = signBatch(key, Array.from({ length: 6 }, (_, i) => ({ payloadType: 't', payload: utf8(`i${i}`) })))
    const e = envs[3]
    expect(verifyEnvelope({ ...e, payload: envs[2].payload }).ok).toBe(false)
    expect(verifyEnvelope({ ...e, batch: { ...e.batch!, index: 2 } }).ok).toBe(false)
    expect(verifyEnvelope({ ...e, batch: { ...e.batch!, path: e.batch!.path.slice(1) } }).ok).toBe(false)
    expect(verifyEnvelope({ ...e, batch: { ...e.batch!, count: 1_000_000_000 } }).ok).toBe(false)
    const root = Uint8Array.from(e.batch!.root)
    root[0] ^= 1
    expect(verifyEnvelope({ ...e, batch: { ...e.batch!, root } }).ok).toBe(false)
  })

  it('batch: a tampered sibling, an extra or a missing path element, a wrong index or count fails', () => {
    const envs = signBatch(key, Array.from({ length: 13 }, (_, i) => ({ payloadType: 't', payload: utf8(`s${i}`) })))
    for (const e of envs) {
      const b = e.batch!
      expect(verifyEnvelope(e).ok).toBe(true)
      for (let level = 0; level < b.path.length; level++) {
        for (const bit of [0, 7, 255]) {
          const path = b.path.map(p => Uint8Array.from(p))
          path[level][bit >> 3] ^= 1 << (bit & 7)
          const r = verifyEnvelope({ ...e, batch: { ...b, path } })
          expect(r.ok === false && r.code).toBe('BAD_SIGNATURE')
        }
        const swapped = b.path.slice()
        if (level + 1 < swapped.length) {
          [swapped[level], swapped[level + 1]] = [swapped[level + 1], swapped[level]]
          expect(verifyEnvelope({ ...e, batch: { ...b, path: swapped } }).ok).toBe(false)
        }
        expect(verifyEnvelope({ ...e, batch: { ...b, path: b.path.filter((_, i) => i !== level) } }).ok).toBe(false)
        expect(verifyEnvelope({ ...e, batch: { ...b, path: [...b.path.slice(0, level), new Uint8Array(31), ...b.path.slice(level + 1)] } }).ok).toBe(false)
      }
      expect(verifyEnvelope({ ...e, batch: { ...b, path: [...b.path, b.path[0]] } }).ok).toBe(false)
      expect(verifyEnvelope({ ...e, batch: { ...b, index: (b.index + 1) % 13 } }).ok).toBe(false)
      expect(verifyEnvelope({ ...e, batch: { ...b, count: 14 } }).ok).toBe(false)
      expect(verifyEnvelope({ ...e, batch: { ...b, count: 12 } }).ok).toBe(false)
      expect(verifyEnvelope({ ...e, batch: { ...b, index: -1 } }).ok).toBe(false)
      expect(verifyEnvelope({ ...e, batch: { ...b, index: 0.5 } }).ok).toBe(false)
    }
  })

  it('batch: with two batches checked in turn, a path of one never passes for the other', () => {
    const a = signBatch(key, Array.from({ length: 8 }, (_, i) => ({ payloadType: 't', payload: utf8(`a${i}`) })))
    const other = generateKeyPair()
    const b = signBatch(other, Array.from({ length: 8 }, (_, i) => ({ payloadType: 't', payload: utf8(`b${i}`) })))
    for (let i = 0; i < 8; i++) {
      expect(verifyEnvelope(a[i]).ok).toBe(true)
      expect(verifyEnvelope(b[i]).ok).toBe(true)
    }
    for (let i = 0; i < 8; i++) {
      expect(verifyEnvelope({ ...a[i], batch: { ...b[i].batch!, index: a[i].batch!.index } }).ok).toBe(false)
      expect(verifyEnvelope({ ...a[i], batch: { ...a[i].batch!, path: b[i].batch!.path } }).ok).toBe(false)
      expect(verifyEnvelope({ ...a[i], signer: other.publicKey }).ok).toBe(false)
      expect(verifyEnvelope({ ...b[i], payload: a[i].payload }).ok).toBe(false)
      expect(verifyEnvelope({ ...b[i], batch: { ...b[i].batch!, signature: a[i].batch!.signature } }).ok).toBe(false)
    }
  })

  it('batch: once a root verified, a wrong signature, signer or root for it still fails', () => {
    const envs = signBatch(key, Array.from({ length: 4 }, (_, i) => ({ payloadType: 't', payload: utf8(`c${i}`) })))
    expect(verifyEnvelope(envs[0]).ok).toBe(true) // the root's signature is now known good
    const e = envs[1]
    const signature = Uint8Array.from(e.batch!.signature)
    signature[5] ^= 1
    expect(verifyEnvelope({ ...e, batch: { ...e.batch!, signature } }).ok).toBe(false)
    expect(verifyEnvelope({ ...e, signer: generateKeyPair().publicKey }).ok).toBe(false)
    expect(verifyEnvelope({ ...e, payload: utf8('forged') }).ok).toBe(false)
    expect(verifyEnvelope(e).ok).toBe(true)
  })
})
