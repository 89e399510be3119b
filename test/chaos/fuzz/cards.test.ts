// Fuzzing Agent Cards: JWS over JCS verification and the mesh's acceptance rules, on generated text, byte and
// JSON mutations of genuine cards, cards re-signed by a key the mesh never endorsed, and rolled-back cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { acceptCard, jcs, parseKeyText, signCard, verifyCardJson, cardJson, keyText, type AgentCard } from '../../../cards/index.js'
import { chaosLevel } from '../report.js'
import { FuzzTally, fuzzParams, runFuzz } from './harness.js'
import { bytesFor, mutatedJson } from './mutate.js'
import { card, createWorld, type World } from './world.js'

const TIMEOUT = chaosLevel() === 'full' ? 900_000 : 60_000
const STABLE_EVERY = 8 // a card costs a slow (noble) verification: the same-code check runs on a sample
const CARD_CODES = new Set(['CARD_MALFORMED', 'CARD_NOT_CANONICAL', 'CARD_NOT_ENDORSED', 'CARD_BAD_SIGNATURE', 'CARD_REVOKED', 'CARD_EXPIRED', 'CARD_STALE_SEQ', 'HANDLE_CONFLICT'])

describe('fuzz: agent cards', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  it('never crash, never accept a forged or rolled-back card, answer the same code twice', () => {
    const now = Date.now()
    const genuine = [...w.cards, card(w.owner, w.b, 4, now), card(w.owner, w.c, 2, now)]
    // what a card's signature covers: the card without its signatures (extra signature entries change nothing)
    const signedPart = (doc: AgentCard): string => { const { signatures: _s, ...body } = doc; return jcs(body) }
    const canonical = new Set(genuine.map(j => signedPart(JSON.parse(j))))
    const docs = genuine.map(j => JSON.parse(j) as AgentCard)
    // a card edited, then signed by a key the mesh never endorsed, naming that key or keeping the victim's
    const resigned = fc.tuple(mutatedJson(docs), fc.boolean()).map(([text, ownKey]) => {
      let doc: AgentCard
      try {
        doc = JSON.parse(text)
        const ext = (doc.capabilities as any)?.extensions?.[0]?.params
        if (ownKey && ext !== undefined) ext.actorKey = keyText(w.rogue.publicKey)
        return cardJson(signCard(doc, w.rogue))
      } catch {
        return text
      }
    })
    const text = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...genuine) },
      { weight: 3, arbitrary: mutatedJson(docs) },
      { weight: 2, arbitrary: resigned },
      { weight: 2, arbitrary: bytesFor(genuine.map(j => new TextEncoder().encode(j))).map(b => Buffer.from(b).toString('utf8')) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) }
    )
    const t = new FuzzTally('cards', 'cards', CARD_CODES)
    const check = (json: string): { ok: boolean, code?: string, status?: string, canonical?: string } => {
      const v = verifyCardJson(json)
      if (!v.ok) return v
      const stored = w.ctx.store.identity.card(v.card.handle)
      const held = stored === undefined ? undefined : { actorKey: parseKeyText(stored.actorKey) as Uint8Array, seq: stored.seq, json: stored.json, meshKey: w.ctx.store.identity.meshes()[0].meshKey }
      const a = acceptCard(v.card, { ...w.ctx.trustContext(now), held })
      return a.ok ? { ok: true, status: a.status, canonical: signedPart(v.card.card) } : a
    }
    runFuzz(t, () => {
      fc.assert(fc.property(text, t.timed(json => {
        const { code, value: r } = t.run(() => check(json), STABLE_EVERY)
        if (code !== 'ok' || r === undefined) return
        if (!canonical.has(r.canonical as string)) t.forged(`card ${json.slice(0, 200)}`)
        const seq = JSON.parse(json).capabilities.extensions[0].params.seq as number
        const held = w.ctx.store.identity.card(JSON.parse(json).name)
        if (held !== undefined && seq < held.seq) t.forged(`card rolled back to seq ${seq}`)
      })), fuzzParams('cards', 300))
    })
    expect(t.forgedAccepted).toBe(0)
    expect(t.seen.get('ok')).toBeGreaterThan(0)
    expect(t.seen.get('CARD_STALE_SEQ')).toBeGreaterThan(0)
  }, TIMEOUT)
})
