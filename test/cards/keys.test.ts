// Key text forms, key ids and key files, including damaged ones.
import { describe, expect, it } from 'vitest'
import { MeshError, generateKeyPair, keyId, keyText, parseKeyFile, parseKeyText, serializeKeyFile } from '../../cards/index.js'

describe('keys', () => {
  it('round-trips the text form and the key file', () => {
    const k = generateKeyPair()
    expect(parseKeyText(keyText(k.publicKey))).toEqual(k.publicKey)
    const back = parseKeyFile(serializeKeyFile(k))
    expect(back.seed).toEqual(k.seed)
    expect(back.publicKey).toEqual(k.publicKey)
    expect(keyId(k.publicKey)).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('rejects key texts that are not 32-byte Ed25519 keys', () => {
    for (const bad of ['', 'ed25519:', 'ed25519:abc', 'rsa:AAAA', `ed25519:${'A'.repeat(44)}`, 'ed25519:!!!']) {
      expect(parseKeyText(bad)).toBeUndefined()
    }
  })

  const damaged: Array<[string, (s: string) => string]> = [
    ['truncated', s => s.slice(0, 20)],
    ['not JSON', () => 'hello'],
    ['wrong type', s => s.replace('aios-comm/ed25519-key', 'other')],
    ['seed changed', s => s.replace(/"seed": "(.)/, (_m, c) => `"seed": "${c === 'A' ? 'B' : 'A'}`)],
    ['seed too short', s => s.replace(/"seed": "[^"]+"/, '"seed": "AAAA"')]
  ]
  for (const [name, mutate] of damaged) {
    it(`a ${name} key file is KEY_CORRUPT`, () => {
      const text = mutate(serializeKeyFile(generateKeyPair()))
      let err: unknown
      try {
        parseKeyFile(text)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(MeshError)
      expect((err as MeshError).code).toBe('KEY_CORRUPT')
    })
  }
})
