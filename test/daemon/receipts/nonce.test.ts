// Message nonces come from a block of random bytes: each is 16 bytes, none is handed out twice (across blocks too),
// and a nonce handed out does not change when later ones are taken.
import { describe, expect, it } from 'vitest'
import { freshNonce, NONCE_BYTES } from '../../../daemon/receipts/index.js'

describe('fresh nonces', () => {
  it('10,000 nonces, over several blocks, are all different and stay as handed out', () => {
    const first = freshNonce()
    const kept = Uint8Array.from(first)
    const seen = new Set<string>()
    for (let i = 0; i < 10_000; i++) {
      const n = freshNonce()
      expect(n.byteLength).toBe(NONCE_BYTES)
      seen.add(Buffer.from(n).toString('hex'))
    }
    expect(seen.size).toBe(10_000)
    expect(seen.has(Buffer.from(first).toString('hex'))).toBe(false)
    expect(first).toEqual(kept)
  })
})
