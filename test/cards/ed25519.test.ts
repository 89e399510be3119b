// RFC 8032 vectors: @noble/ed25519 and node:crypto give the same public keys and signatures, and both verify.
import { describe, expect, it } from 'vitest'
import vectors from '../fixtures/rfc8032.json' with { type: 'json' }
import { fastSign, fastVerify, nobleSign, nobleVerify, noblePublicKeyOf, publicKeyOf, hex, fromHex } from '../../cards/index.js'

describe('Ed25519 (RFC 8032)', () => {
  for (const v of vectors.vectors) {
    it(`${v.name}: both implementations match the vector`, () => {
      const seed = fromHex(v.secretKey)!
      const msg = fromHex(v.message)!
      const pub = fromHex(v.publicKey)!
      expect(hex(publicKeyOf(seed))).toBe(v.publicKey)
      expect(hex(noblePublicKeyOf(seed))).toBe(v.publicKey)
      expect(hex(nobleSign(msg, seed))).toBe(v.signature)
      expect(hex(fastSign(msg, seed))).toBe(v.signature)
      expect(nobleVerify(fromHex(v.signature)!, msg, pub)).toBe(true)
      expect(fastVerify(fromHex(v.signature)!, msg, pub)).toBe(true)
    })

    it(`${v.name}: a flipped bit fails in both`, () => {
      const sig = fromHex(v.signature)!
      sig[5] ^= 1
      const msg = fromHex(v.message)!
      const pub = fromHex(v.publicKey)!
      expect(nobleVerify(sig, msg, pub)).toBe(false)
      expect(fastVerify(sig, msg, pub)).toBe(false)
    })
  }

  it('refuses wrong lengths without throwing', () => {
    expect(fastVerify(new Uint8Array(63), new Uint8Array(0), new Uint8Array(32))).toBe(false)
    expect(nobleVerify(new Uint8Array(64), new Uint8Array(0), new Uint8Array(31))).toBe(false)
  })
})
