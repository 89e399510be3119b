// A seat's skills manifest (actor add --skills FILE) is checked strictly: each bad one is SKILLS_INVALID in one line
// naming what is wrong, for a new seat and an existing one, and changes nothing — no seat, no card, no new seq.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MeshError } from '../../../cards/index.js'
import { actorAdd, actorList, cardShow, initHome, meshCreate } from '../../../daemon/index.js'
import { tempDir } from '../../helpers/cli.js'
import { withCtx } from '../../helpers/mesh.js'

const review = { id: 'code-review', name: 'Code review', description: 'Reviews TypeScript changes', tags: ['typescript', 'review'] }
const manifest = { skills: [review], mcp: [{ server: 'github', tools: ['create_issue'] }], model: 'opus' }
const skill = (i: number): object => ({ id: `s-${i}`, name: `s ${i}`, description: 'd', tags: ['t'] })

const bad: Array<[string, unknown]> = [
  ['not JSON', '{"skills": ['],
  ['not an object', '[]'],
  ['a field outside the shape', { ...manifest, owner: 'me' }],
  ['a skill field outside the shape', { skills: [{ ...review, inputModes: ['text'] }] }],
  ['a skill without a name', { skills: [{ description: 'd', tags: [] }] }],
  ['tags that are not text', { skills: [{ name: 'x', tags: [1] }] }],
  ['a tag that is no word', { skills: [{ name: 'x', tags: ['Two Words'] }] }],
  ['an id that is no id', { skills: [{ id: 'Bad Id', name: 'x' }] }],
  ['a name that makes no id', { skills: [{ name: '!!!' }] }],
  ['an id twice', { skills: [review, review] }],
  ['notify, which every seat has', { skills: [{ id: 'notify', name: 'notify' }] }],
  ['33 skills', { skills: Array.from({ length: 33 }, (_, i) => skill(i)) }],
  ['a long description', { skills: [{ name: 'x', description: 'd'.repeat(513) }] }],
  ['5 examples', { skills: [{ name: 'x', examples: ['1', '2', '3', '4', '5'] }] }],
  ['a tool name with a space', { mcp: [{ server: 'github', tools: ['create issue'] }] }],
  ['a server field outside the shape', { mcp: [{ server: 'github', command: 'rm -rf /' }] }],
  ['17 MCP servers', { mcp: Array.from({ length: 17 }, (_, i) => ({ server: `s${i}` })) }],
  ['a model that is no text', { model: 7 }],
  ['a model over 256 bytes', { model: 'm'.repeat(257) }],
  ['a file over 64 KiB', { skills: [{ name: 'x', description: 'd'.repeat(70_000) }] }]
]

async function home (): Promise<string> {
  const dir = tempDir()
  await initHome(dir, { listen: ['/ip4/127.0.0.1/tcp/0'] })
  await withCtx(dir, ctx => meshCreate(ctx))
  return dir
}

describe('skills manifests', () => {
  it('a good manifest states the skills, the MCP servers and the model', async () => {
    const dir = await home()
    const file = join(dir, 'm.json')
    writeFileSync(file, JSON.stringify(manifest))
    const r = await withCtx(dir, async ctx => await actorAdd(ctx, 'agent-a', { skillsFile: file }))
    expect(r).toMatchObject({ skills: ['code-review'], mcp: ['github'] })
    const card = await withCtx(dir, async ctx => await cardShow(ctx, 'agent-a')) as any
    expect(card.skills[1]).toEqual(review)
    expect(card.capabilities.extensions[0].params).toMatchObject({ model: 'opus', mcp: manifest.mcp })
  })

  it('every bad manifest is SKILLS_INVALID in one line and changes nothing', async () => {
    const dir = await home()
    const good = join(dir, 'm.json')
    writeFileSync(good, JSON.stringify(manifest))
    await withCtx(dir, async ctx => await actorAdd(ctx, 'agent-a', { skillsFile: good }))
    const file = join(dir, 'bad.json')
    for (const [what, m] of bad) {
      writeFileSync(file, typeof m === 'string' ? m : JSON.stringify(m))
      for (const handle of ['agent-a', 'agent-new']) {
        const err = await withCtx(dir, async ctx => await actorAdd(ctx, handle, { skillsFile: file, model: 'other' }).then(() => undefined, (e: unknown) => e))
        expect(err, `${what} (${handle})`).toBeInstanceOf(MeshError)
        expect((err as MeshError).code, what).toBe('SKILLS_INVALID')
        expect((err as MeshError).message, what).not.toContain('\n')
        expect((err as MeshError).message.length, what).toBeLessThan(400)
      }
    }
    const seats = await withCtx(dir, ctx => actorList(ctx))
    expect(seats.map(a => [a.handle, a.model, a.skills, a.mcp, a.cardSeq])).toEqual([['agent-a', 'opus', [review], manifest.mcp, 1]])
    const card = await withCtx(dir, async ctx => await cardShow(ctx, 'agent-a')) as any
    expect(card.capabilities.extensions[0].params).toMatchObject({ seq: 1, model: 'opus' })
  })
})
