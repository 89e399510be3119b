// Verifiers that must answer with a code, whatever they are given: a batch proof moved to another (index,
// count) its tree allows, a card nested deep enough to exhaust a recursive walker, and a card whose signature list,
// which nothing signs, was lengthened on its way.
import { describe, expect, it } from 'vitest'
import { generateKeyPair, signBatch, utf8, verifyCardJson, verifyEnvelope } from '../../cards/index.js'
import { freshCard } from '../helpers/cards.js'

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

describe('a card\'s signature list, which nothing signs', () => {
  const { card } = freshCard()
  const [real] = card.signatures ?? []

  it('holds the actor key\'s one signature, which verifies', () => {
    expect(verifyCardJson(JSON.stringify(card)).ok).toBe(true)
  })

  it('padded on the way with entries that name the key, in front of the real one, is CARD_MALFORMED before any is verified', () => {
    // each junk entry names the actor's key id, so a verifier that tries every entry makes the card's canonical form
    // and runs a verify for each: about 200 fit in a card's 64 KiB
    const junk = { protected: real.protected, signature: real.signature.replace(/^./, c => c === 'A' ? 'B' : 'A') }
    const padded = { ...card, signatures: [...Array.from({ length: 200 }, () => junk), real] }
    const json = JSON.stringify(padded)
    expect(json.length).toBeLessThan(64 * 1024)
    expect(verifyCardJson(json)).toMatchObject({ ok: false, code: 'CARD_MALFORMED' })
    expect(verifyCardJson(JSON.stringify({ ...card, signatures: [real, real] }))).toMatchObject({ ok: false, code: 'CARD_MALFORMED' })
  })

  it('with a field added to its entry, which would be stored and passed on, is CARD_MALFORMED', () => {
    const json = JSON.stringify({ ...card, signatures: [{ ...real, header: { note: 'x'.repeat(1000) } }] })
    expect(verifyCardJson(json)).toMatchObject({ ok: false, code: 'CARD_MALFORMED' })
  })
})
