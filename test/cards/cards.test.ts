// The card corpus (test/fixtures/cards.json) run in a loop, and our cards checked by the A2A SDK and by jose.
import { describe, expect, it } from 'vitest'
import * as jose from 'jose'
import { verifyAgentCardSignature } from '@a2a-js/sdk'
import corpus from '../fixtures/cards.json' with { type: 'json' }
import { freshCard } from '../helpers/cards.js'
import {
  MAX_ROLES_PER_SEAT, acceptCard, b64url, buildCard, generateKeyPair, isValidRole, jcs, keyId, keyText, parseKeyText, roleOf, signCard, signEndorsement, utf8,
  verifyCardJson
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

  it('@a2a-js/sdk verifyAgentCardSignature accepts our card with roles, and refuses it with a role added', async () => {
    const { card, actor } = freshCard({ roles: ['reviewer', 'builder'] })
    const verify = verifyAgentCardSignature(async () => jwkOf(actor.publicKey))
    await expect(verify(card as never)).resolves.toBeUndefined()
    const tampered = JSON.parse(JSON.stringify(card))
    tampered.capabilities.extensions[0].params.roles.push('root')
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

/** A card whose mesh params are edited after building, then signed: a card another implementation might send. */
function signedWithParams (edit: (params: Record<string, unknown>) => void): string {
  const actor = generateKeyPair()
  const mesh = generateKeyPair()
  const now = Date.now()
  const card = buildCard(actor.publicKey, {
    handle: 'agent-a', peerId: '12D3KooWQt4y3xVmDemucd4d8W3JY1K8Q2ijJRj3GcTkunUjLiR2', multiaddrs: ['/ip4/127.0.0.1/tcp/7733'], seq: 1, carrier: 'shell',
    updatedAtMs: now, endorsement: signEndorsement(mesh, 'agent-a', actor.publicKey, now)
  })
  edit((card.capabilities as { extensions: Array<{ params: Record<string, unknown> }> }).extensions[0].params)
  return JSON.stringify(signCard(card, actor))
}

describe('roles in cards', () => {
  it('names a role by the rule and reads role:NAME addresses', () => {
    for (const ok of ['a', 'reviewer', 'code-review2', 'r'.repeat(32)]) expect(isValidRole(ok), ok).toBe(true)
    for (const bad of ['', 'Reviewer', '2nd', '-x', 'a_b', 'a.b', 'r'.repeat(33), 'rév', 'role:x']) expect(isValidRole(bad), bad).toBe(false)
    expect(roleOf('role:reviewer')).toBe('reviewer')
    expect(roleOf('role:Bad')).toBeUndefined()
    expect(roleOf('role:')).toBeUndefined()
    expect(roleOf('reviewer')).toBeUndefined()
    expect(roleOf('agent-a')).toBeUndefined()
  })

  it('signs roles sorted and once each, reads them back, and leaves an empty list out', () => {
    const v = verifyCardJson(JSON.stringify(freshCard({ roles: ['reviewer', 'builder', 'reviewer'] }).card))
    expect(v.ok && v.card.roles).toEqual(['builder', 'reviewer'])
    const none = freshCard({ roles: [] }).card
    expect((none.capabilities as { extensions: Array<{ params: object }> }).extensions[0].params).not.toHaveProperty('roles')
    const n = verifyCardJson(JSON.stringify(none))
    expect(n.ok).toBe(true)
    expect(n.ok && n.card.roles).toBeUndefined()
  })

  it('refuses a signed card whose roles are not role names, too many, unsorted, repeated or empty', () => {
    const many = Array.from({ length: MAX_ROLES_PER_SEAT + 1 }, (_, i) => `r${String(i).padStart(2, '0')}`)
    const cases: Array<[string, unknown, string]> = [
      ['a bad name', ['Reviewer'], 'CARD_MALFORMED'],
      ['a name with a colon', ['role:x'], 'CARD_MALFORMED'],
      ['not strings', [7], 'CARD_MALFORMED'],
      ['not a list', 'reviewer', 'CARD_MALFORMED'],
      ['too many', many, 'CARD_MALFORMED'],
      ['unsorted', ['reviewer', 'builder'], 'CARD_MALFORMED'],
      ['repeated', ['builder', 'builder'], 'CARD_MALFORMED'],
      ['empty', [], 'CARD_NOT_CANONICAL']
    ]
    for (const [name, roles, code] of cases) {
      const v = verifyCardJson(signedWithParams(p => { p.roles = roles }))
      expect(v.ok ? 'ok' : v.code, name).toBe(code)
    }
    const most = verifyCardJson(signedWithParams(p => { p.roles = many.slice(0, MAX_ROLES_PER_SEAT) }))
    expect(most.ok && most.card.roles?.length).toBe(MAX_ROLES_PER_SEAT)
  })
})
