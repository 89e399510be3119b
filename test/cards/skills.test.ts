// Skills and MCP servers in cards: signed after the notify skill and in the mesh extension, read back, checked by the
// A2A SDK; a card that states too many, too large or malformed ones is refused as CARD_MALFORMED, though its signature holds.
import { describe, expect, it } from 'vitest'
import { verifyAgentCardSignature } from '@a2a-js/sdk'
import {
  MAX_CAPABILITY_BYTES, MAX_MCP_SERVERS, MAX_MCP_TOOLS, MAX_SKILLS_PER_SEAT, MAX_SKILL_DESCRIPTION_BYTES, b64url, buildCard, generateKeyPair, signCard,
  signEndorsement, verifyCardJson, type AgentCard, type CardFacts, type KeyPair, type SeatSkill
} from '../../cards/index.js'

const actor = generateKeyPair()
const mesh = generateKeyPair()

function facts (extra: Partial<CardFacts> = {}): CardFacts {
  const now = Date.now()
  return {
    handle: 'agent-a', peerId: '12D3KooWQt4y3xVmDemucd4d8W3JY1K8Q2ijJRj3GcTkunUjLiR2', multiaddrs: ['/ip4/127.0.0.1/tcp/7733'], seq: 4, carrier: 'codex',
    updatedAtMs: now, endorsement: signEndorsement(mesh, 'agent-a', actor.publicKey, now), ...extra
  }
}

/** A card signed by its own actor key: whatever is refused below is refused for what it states, not its signature. */
function signed (extra: Partial<CardFacts> = {}, edit?: (card: any) => void, key: KeyPair = actor): string {
  const card = buildCard(key.publicKey, facts(extra)) as any
  edit?.(card)
  return JSON.stringify(signCard(card as AgentCard, key))
}

const skill = (i: number, extra: Partial<SeatSkill> = {}): SeatSkill => ({ id: `skill-${i}`, name: `Skill ${i}`, description: `does thing ${i}`, tags: ['work'], ...extra })
const review = { id: 'code-review', name: 'Code review', description: 'Reviews TypeScript changes', tags: ['typescript', 'review'], examples: ['review PR 12'] }

describe('skills in cards', () => {
  it('are signed after the notify skill with the MCP servers in the mesh extension, and read back', async () => {
    const json = signed({ skills: [review], mcp: [{ server: 'github', tools: ['create_issue', 'list_prs'] }, { server: 'fs' }] })
    const v = verifyCardJson(json)
    expect(v.ok).toBe(true)
    if (!v.ok) return
    expect(v.card.skills).toEqual([review])
    expect(v.card.mcp).toEqual([{ server: 'github', tools: ['create_issue', 'list_prs'] }, { server: 'fs' }])
    expect((v.card.card.skills as SeatSkill[]).map(s => s.id)).toEqual(['notify', 'code-review'])
    const verify = verifyAgentCardSignature(async () => ({ kty: 'OKP', crv: 'Ed25519', x: b64url(actor.publicKey) }))
    await expect(verify(JSON.parse(json))).resolves.toBeUndefined()
    const tampered = JSON.parse(json)
    tampered.skills[1].tags.push('admin')
    const quiet = console.debug
    console.debug = () => {}
    try {
      await expect(verify(tampered)).rejects.toThrow()
    } finally {
      console.debug = quiet
    }
    expect(verifyCardJson(JSON.stringify(tampered))).toMatchObject({ ok: false, code: 'CARD_BAD_SIGNATURE' })
  })

  it('a card without skills states only notify and no mcp field, and reads back none', () => {
    const v = verifyCardJson(signed({ skills: [], mcp: [] }))
    expect(v.ok && [v.card.skills, v.card.mcp, (v.card.card.skills as unknown[]).length, 'mcp' in (v.card.card.capabilities as any).extensions[0].params])
      .toEqual([undefined, undefined, 1, false])
  })

  const many = Array.from({ length: 100_000 }, (_, i) => skill(i))
  const hostile: Array<[string, string]> = [
    ['100k skills', signed({ skills: many })],
    [`${MAX_SKILLS_PER_SEAT + 1} skills`, signed({ skills: many.slice(0, MAX_SKILLS_PER_SEAT + 1) })],
    ['a huge description', signed({ skills: [skill(1, { description: 'x'.repeat(MAX_SKILL_DESCRIPTION_BYTES + 1) })] })],
    ['a huge name', signed({ skills: [skill(1, { name: 'n'.repeat(65) })] })],
    ['a field outside the schema', signed({ skills: [{ ...skill(1), inputModes: ['text/plain'] } as SeatSkill] })],
    ['an id that is no id', signed({ skills: [skill(1, { id: 'Not An Id' })] })],
    ['a second notify', signed({ skills: [skill(1, { id: 'notify' })] })],
    ['an id twice', signed({ skills: [skill(1), skill(1)] })],
    ['a tag that is no word', signed({ skills: [skill(1, { tags: ['two words'] })] })],
    ['17 tags', signed({ skills: [skill(1, { tags: Array.from({ length: 17 }, (_, i) => `t${i}`) })] })],
    ['notify not first', signed({ skills: [skill(1)] }, c => { c.skills.reverse() })],
    ['skills not a list', signed({}, c => { c.skills = { id: 'notify' } })],
    [`${MAX_MCP_SERVERS + 1} MCP servers`, signed({ mcp: Array.from({ length: MAX_MCP_SERVERS + 1 }, (_, i) => ({ server: `s${i}` })) })],
    [`${MAX_MCP_TOOLS + 1} MCP tools`, signed({ mcp: [0, 1].map(i => ({ server: `s${i}`, tools: Array.from({ length: 129 }, (_, j) => `tool_${j}`) })) })],
    ['a tool name with a space', signed({ mcp: [{ server: 'github', tools: ['create issue'] }] })],
    ['an MCP server twice', signed({ mcp: [{ server: 'github' }, { server: 'github' }] })],
    ['an MCP field outside the schema', signed({ mcp: [{ server: 'github', url: 'file:///etc/passwd' } as never] })],
    [`more than ${MAX_CAPABILITY_BYTES} bytes of skills`, signed({
      skills: Array.from({ length: MAX_SKILLS_PER_SEAT }, (_, i) => skill(i, { description: 'd'.repeat(500), examples: ['e'.repeat(250), 'f'.repeat(250), 'g'.repeat(250), 'h'.repeat(250)] }))
    })]
  ]
  for (const [what, json] of hostile) {
    it(`a card with ${what} is refused as CARD_MALFORMED in one line`, () => {
      const v = verifyCardJson(json)
      expect(v.ok ? 'accepted' : v.code).toBe('CARD_MALFORMED')
      if (!v.ok) expect(v.reason).not.toContain('\n')
    })
  }
})
