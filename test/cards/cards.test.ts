// The card corpus (test/fixtures/cards.json) run in a loop, and our cards checked by the A2A SDK and by jose.
import { describe, expect, it } from 'vitest'
import * as jose from 'jose'
import { verifyAgentCardSignature } from '@a2a-js/sdk'
import corpus from '../fixtures/cards.json' with { type: 'json' }
import {
  acceptCard, b64url, buildCard, generateKeyPair, jcs, keyId, keyText, parseKeyText, signCard, signEndorsement, utf8, verifyCardJson,
  type AgentCard, type KeyPair
} from '../../cards/index.js'

describe('card corpus', () => {
  for (const c of corpus.cases) {
    it(`${c.name} → ${c.expect}`, () => {
      const v = verifyCardJson(c.card)
      const ctx = c.context as { trusted: string[], revoked: Array<[string, string]>, nowMs: number, held?: { actorKey: string, seq: number, json: string, meshKey: string } }
      const revocations = new Map<string, Set<string>>()
      for (const [mesh, key] of ctx.revoked) revocations.set(key, new Set([...(revocations.get(key) ?? []), mesh]))
      const verdict = v.ok
        ? acceptCard(v.card, {
          trustedMeshes: new Set(ctx.trusted),
          revocations,
          nowMs: ctx.nowMs,
          held: ctx.held === undefined ? undefined : { ...ctx.held, actorKey: parseKeyText(ctx.held.actorKey)! }
        })
        : v
      expect(verdict.ok ? verdict.status : verdict.code).toBe(c.expect)
      if (!verdict.ok) expect(verdict.reason).not.toContain('\n')
    })
  }
})

function freshCard (): { card: AgentCard, actor: KeyPair } {
  const mesh = generateKeyPair()
  const actor = generateKeyPair()
  const now = Date.now()
  const card = signCard(buildCard(actor.publicKey, {
    handle: 'agent-a',
    peerId: '12D3KooWQt4y3xVmDemucd4d8W3JY1K8Q2ijJRj3GcTkunUjLiR2',
    multiaddrs: ['/ip4/127.0.0.1/tcp/7733'],
    seq: 4,
    carrier: 'codex',
    model: 'gpt-5',
    updatedAtMs: now,
    endorsement: signEndorsement(mesh, 'agent-a', actor.publicKey, now)
  }), actor)
  return { card, actor }
}

const jwkOf = (pub: Uint8Array): jose.JWK => ({ kty: 'OKP', crv: 'Ed25519', x: b64url(pub) })

describe('A2A interoperability', () => {
  it('@a2a-js/sdk verifyAgentCardSignature accepts our card, and refuses it tampered', async () => {
    const { card, actor } = freshCard()
    const kids: string[] = []
    const verify = verifyAgentCardSignature(async kid => { kids.push(kid); return jwkOf(actor.publicKey) })
    await expect(verify(card as never)).resolves.toBeUndefined()
    expect(kids).toEqual([keyId(actor.publicKey)])
    const tampered = { ...card, description: 'changed' }
    const quiet = console.debug
    console.debug = () => {}
    try {
      await expect(verify(tampered as never)).rejects.toThrow()
    } finally {
      console.debug = quiet
    }
  })

  it('jose verifies the detached JWS over JCS(card without signatures)', async () => {
    const { card, actor } = freshCard()
    const { signatures, ...body } = card
    const sig = signatures![0]
    const key = await jose.importJWK(jwkOf(actor.publicKey), 'EdDSA')
    const r = await jose.flattenedVerify({ protected: sig.protected, signature: sig.signature, payload: b64url(utf8(jcs(body))) }, key)
    expect(r.protectedHeader).toEqual({ alg: 'EdDSA', kid: keyId(actor.publicKey), typ: 'JOSE' })
  })

  it('our verifier accepts what it signs and names the facts', () => {
    const { card, actor } = freshCard()
    const v = verifyCardJson(JSON.stringify(card))
    expect(v.ok).toBe(true)
    if (v.ok) {
      expect(keyText(v.card.actorKey)).toBe(keyText(actor.publicKey))
      expect(v.card.seq).toBe(4)
      expect(v.card.carrier).toBe('codex')
    }
  })
})
