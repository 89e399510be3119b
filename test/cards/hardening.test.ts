// Verifiers that must answer with a code, whatever they are given: a batch proof moved to another (index,
// count) its tree allows, and a card nested deep enough to exhaust a recursive walker.
import { describe, expect, it } from 'vitest'
import { generateKeyPair, signBatch, utf8, verifyCardJson, verifyEnvelope } from '../../cards/index.js'

describe('batch proofs bind the position and the size', () => {
  it('refuses every other (index, count) for every item of batches of 2 to 9', () => {
    const key = generateKeyPair()
    let tried = 0
    for (let n = 2; n <= 9; n++) {
      const envs = signBatch(key, Array.from({ length: n }, (_, i) => ({ payloadType: 't', payload: utf8(`item ${i}`) })))
      for (const e of envs) {
        expect(verifyEnvelope(e).ok).toBe(true)
        for (let count = 1; count <= 12; count++) {
          for (let index = 0; index < count; index++) {
            if (count === e.batch?.count && index === e.batch.index) continue
            expect(verifyEnvelope({ ...e, batch: { ...e.batch!, count, index } }).ok).toBe(false)
            tried++
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(1000)
  })
})

describe('deeply nested cards', () => {
  it('are CARD_MALFORMED, not a stack overflow', () => {
    for (const depth of [17, 5000, 30000]) {
      const json = '{"name":"agent-a","description":"d","supportedInterfaces":' + '['.repeat(depth) + '1' + ']'.repeat(depth) +
        ',"version":"1","capabilities":{"a":1},"defaultInputModes":["a"],"defaultOutputModes":["a"],"skills":[1]}'
      const v = verifyCardJson(json)
      expect(v).toMatchObject({ ok: false, code: 'CARD_MALFORMED' })
    }
  })
})
