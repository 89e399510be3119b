// RFC 8785 vectors for the JSON canonicalization that card signatures cover.
import { describe, expect, it } from 'vitest'
import vectors from '../fixtures/rfc8785.json' with { type: 'json' }
import { jcs } from '../../cards/index.js'

describe('JCS (RFC 8785)', () => {
  for (const o of vectors.objects) {
    it(o.name, () => {
      expect(jcs(JSON.parse(o.input))).toBe(o.output)
    })
  }
  for (const [bits, text] of vectors.numbers) {
    it(`number 0x${bits} → ${text}`, () => {
      expect(jcs(Buffer.from(bits, 'hex').readDoubleBE(0))).toBe(text)
    })
  }
})
