// Capabilities end to end: `actor add --skill/--skills FILE` signs a seat's skills and MCP tools into its card, a bad
// manifest changes nothing; on a chain of three nodes `find` at one end answers from cards that came through the
// middle node, reachable seats first, then the newest; `notify --to skill:ID` goes to the best seat that is not the
// sender; a card with hostile capabilities is refused and found by nobody.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildCard, cardJson, generateKeyPair, signCard, signEndorsement } from '../../cards/index.js'
import { cli, errorCode, ok, tempDir } from '../helpers/cli.js'
import { createMesh, waitFor, withCtx } from '../helpers/mesh.js'

const LISTEN = ['--listen', '/ip4/127.0.0.1/tcp/0']
const SPREAD_MS = 20_000 // gossip between loopback daemons takes about a second a hop; this bounds a slow, shared machine
const MESH_TEST_MS = 150_000 // three daemons' start and a dozen bounded waits, on a shared machine
const HEALTHY = ['--carrier', 'command', '--command', 'true'] // a carrier that needs nothing: the seat is healthy on its node

const review = { id: 'code-review', name: 'Code review', description: 'Reviews TypeScript changes', tags: ['typescript', 'review'] }
const manifest = { skills: [review], mcp: [{ server: 'github', tools: ['create_issue', 'list_prs'] }], model: 'opus' }

function file (dir: string, name: string, value: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value))
  return path
}

async function params (home: string, handle: string): Promise<any> {
  return (await cardOf(home, handle)).capabilities.extensions[0].params
}

async function cardOf (home: string, handle: string): Promise<any> {
  return JSON.parse(await ok(home, ['card', 'show', handle, '--a2a']))
}

describe('capabilities without a daemon', () => {
  it('actor add --skills FILE and --skill sign skills and MCP tools into the card; a change gets seq + 1, the same none', async () => {
    const home = tempDir()
    await ok(home, ['init', ...LISTEN])
    await ok(home, ['mesh', 'create'])
    const added = await ok(home, ['actor', 'add', 'agent-a', '--skills', file(home, 'm.json', manifest), '--json'])
    expect(added).toMatchObject({ skills: ['code-review'], mcp: ['github'] })
    const card = await cardOf(home, 'agent-a')
    expect(card.skills.map((s: { id: string }) => s.id)).toEqual(['notify', 'code-review'])
    expect(card.skills[1]).toEqual(review)
    expect(await params(home, 'agent-a')).toMatchObject({ seq: 1, model: 'opus', mcp: manifest.mcp })
    await ok(home, ['actor', 'add', 'agent-a', '--skills', file(home, 'm.json', manifest)])
    expect((await params(home, 'agent-a')).seq).toBe(1)

    await ok(home, ['actor', 'add', 'agent-a', '--skill', 'Lint:runs eslint on the tree', '--skill', 'deploy', '--tag', 'ci'])
    const next = await cardOf(home, 'agent-a')
    expect(next.skills.slice(1)).toEqual([
      { id: 'lint', name: 'Lint', description: 'runs eslint on the tree', tags: ['ci'] }, { id: 'deploy', name: 'deploy', description: 'deploy', tags: ['ci'] }])
    expect(next.capabilities.extensions[0].params).toMatchObject({ seq: 2, mcp: manifest.mcp }) // --skill keeps the MCP servers
    await ok(home, ['actor', 'add', 'agent-a', '--no-skills'])
    const none = await cardOf(home, 'agent-a')
    expect(none.skills.map((s: { id: string }) => s.id)).toEqual(['notify'])
    expect(none.capabilities.extensions[0].params.seq).toBe(3)
    expect(none.capabilities.extensions[0].params).not.toHaveProperty('mcp')
  })

  it('a bad manifest through the command line is SKILLS_INVALID in one line, exit 1, and changes nothing', async () => {
    const home = tempDir()
    await ok(home, ['init', ...LISTEN])
    await ok(home, ['mesh', 'create'])
    await ok(home, ['actor', 'add', 'agent-a', '--skills', file(home, 'm.json', manifest)])
    const r = await cli(home, ['actor', 'add', 'agent-a', '--model', 'other', '--skills', file(home, 'bad.json', { skills: [{ ...review, inputModes: ['text'] }] })])
    expect(errorCode(r)).toBe('SKILLS_INVALID')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/bad\.json: skills\[0\]: Unrecognized key: "inputModes"/)
    expect(errorCode(await cli(home, ['actor', 'add', 'agent-new', '--skill', ':no name']))).toBe('SKILLS_INVALID')
    expect(errorCode(await cli(home, ['actor', 'add', 'agent-a', '--tag', 'ci']))).toBe('USAGE')
    const seats = await ok(home, ['actor', 'list', '--json'])
    expect(seats.map((a: { handle: string }) => [a.handle, a.model, a.skills])).toEqual([['agent-a', 'opus', [review]]])
    expect(await params(home, 'agent-a')).toMatchObject({ seq: 1, model: 'opus' })
  })
})

/** Adds a seat on a node that does not own the mesh: its admission request is admitted by the owner and endorsed. */
async function addSeat (owner: string, home: string, handle: string, args: string[]): Promise<void> {
  const added = await ok(home, ['actor', 'add', handle, ...args, '--json'])
  if (added.endorsed === true) return
  const admitted = await ok(owner, ['mesh', 'admit', added.request, '--out', join(home, `${handle}.endorsement.json`), '--json'])
  await ok(home, ['actor', 'endorse', handle, admitted.path])
}

describe('capabilities of a moved seat', () => {
  it('actor import hosts the seat with the skills and MCP servers its card states and signs them into its new card', async () => {
    const [a, b] = await createMesh(2, { start: false })
    await ok(a.home, ['actor', 'add', 'agent-a', '--skills', file(a.home, 'm.json', manifest)])
    const { path } = await ok(a.home, ['actor', 'export', 'agent-a', '--json'])
    const imported = await ok(b.home, ['actor', 'import', path, '--json'])
    const seat = (await ok(b.home, ['actor', 'list', '--json'])).find((x: { handle: string }) => x.handle === 'agent-a')
    expect(seat).toMatchObject({ skills: [review], mcp: manifest.mcp })
    const card = await cardOf(b.home, 'agent-a')
    expect(card.skills[1]).toEqual(review)
    expect(card.capabilities.extensions[0].params).toMatchObject({ seq: imported.seq, mcp: manifest.mcp })
  })
})

interface Found { handle: string, peerId: string, local: boolean, healthy: boolean, seq: number, skills: string[], tools: string[] }

describe('capabilities across a mesh', () => {
  it('find at the end of a chain answers from cards spread through the middle node, best first; notify --to skill:ID goes to the best other seat', async () => {
    const nodes = await createMesh(3, { topology: 'chain', start: false })
    const [a, b, c] = nodes
    // a hostile card of a seat the mesh owner endorsed: too many skills (each valid), and 100k of them
    const hostile = await withCtx(a.home, async ctx => {
      const owner = ctx.meshOwnerKey()!
      const evil = generateKeyPair()
      const now = Date.now()
      const facts = { handle: 'evil', peerId: await ctx.peerId(), multiaddrs: [], seq: 1, carrier: 'shell', updatedAtMs: now, endorsement: signEndorsement(owner, 'evil', evil.publicKey, now) }
      const skills = (n: number): any[] => Array.from({ length: n }, (_, i) => ({ id: `code-review-${i}`, name: `r${i}`, description: 'd', tags: ['typescript'] }))
      return [33, 100_000].map(n => cardJson(signCard(buildCard(evil.publicKey, { ...facts, skills: skills(n) }), evil)))
    })
    await Promise.all([a, b].map(async x => await x.daemon.start()))
    const peerOf = async (home: string): Promise<string> => (await ok(home, ['status', '--json'])).peerId
    const [aPeer, bPeer] = [await peerOf(a.home), await peerOf(b.home)]
    const find = async (home: string, ...q: string[]): Promise<Found[]> => (await ok(home, ['find', ...q, '--json'])).seats
    const holds = async (home: string, handle: string): Promise<boolean> => (await find(home, '--skill', 'code-review')).some(s => s.handle === handle)

    // cards signed in this order: rev-1 on b, rev-far on a (its node then stops), rev-2 on b
    await addSeat(a.home, b.home, 'rev-1', [...HEALTHY, '--skill', 'code-review:reviews changes', '--tag', 'typescript'])
    await ok(a.home, ['actor', 'add', 'rev-far', ...HEALTHY, '--skills', file(a.home, 'm.json', manifest)])
    await waitFor('rev-far at b', async () => await holds(b.home, 'rev-far'), h => h, SPREAD_MS)
    await a.daemon.stop()
    await addSeat(a.home, b.home, 'rev-2', [...HEALTHY, '--skills', file(b.home, 'm.json', manifest)])

    // c starts only now: rev-far's node is down, so rev-far's card can reach c only through b
    await c.daemon.start()
    const seats = await waitFor('three reviewers at c', async () => await find(c.home, '--skill', 'code-review'), s => s.length === 3, SPREAD_MS)
    const cPeers = await ok(c.home, ['peers', '--json'])
    expect(cPeers.filter((p: { connected: boolean }) => p.connected).map((p: { peerId: string }) => p.peerId)).toEqual([bPeer])
    // reachable first (rev-far's card is newer than rev-1's), then the newest card (rev-2 before rev-1)
    expect(seats.map(s => [s.handle, s.healthy, s.peerId])).toEqual([['rev-2', true, bPeer], ['rev-1', true, bPeer], ['rev-far', false, aPeer]])
    expect(seats[0]).toMatchObject({ local: false, skills: ['code-review'], tools: ['github/create_issue', 'github/list_prs'] })
    expect(await ok(c.home, ['where', 'rev-far', '--json'])).toMatchObject({ skills: ['code-review'], tools: ['github/create_issue', 'github/list_prs'] })
    expect(await ok(c.home, ['where', 'rev-far'])).toMatch(/\nskills code-review\ntools github\/create_issue, github\/list_prs\n/)
    expect((await find(c.home, '--skill', 'CODE review')).map(s => s.handle)).toEqual(['rev-2', 'rev-far']) // by name in any case (rev-1's is code-review)
    expect((await find(c.home, '--tool', 'github/list_prs')).map(s => s.handle)).toEqual(['rev-2', 'rev-far'])
    expect((await find(c.home, '--tool', 'create_issue', '--tag', 'review')).map(s => s.handle)).toEqual(['rev-2', 'rev-far'])
    expect(await find(c.home, '--tag', 'typescript', '--tool', 'nothing')).toEqual([])
    const table = await ok(c.home, ['find', '--skill', 'code-review'])
    if (process.env.AIOS_TRANSCRIPT === '1') console.log(`c's peers: ${JSON.stringify(cPeers.map((p: { peerId: string, connected: boolean }) => [p.peerId === bPeer ? 'b' : p.peerId === aPeer ? 'a' : p.peerId, p.connected]))}\n$ aios-comm --home $C find --skill code-review\n${table as string}`)
    expect(table).toMatch(/^HANDLE +NODE +SKILLS +TOOLS +CARRIER +MODEL +CARD AGE +HEALTH\nrev-2 /)
    expect(errorCode(await cli(c.home, ['find', '--tag', 'Not A Tag']))).toBe('SKILLS_INVALID')
    expect(errorCode(await cli(c.home, ['find']))).toBe('USAGE')

    // c's own seat states the skill and ranks first here (healthy, newest); notify as it goes to the best other seat
    await ok(c.home, ['actor', 'add', c.handle, ...HEALTHY, '--skill', 'code-review'])
    expect((await find(c.home, '--skill', 'code-review')).map(s => s.handle)).toEqual([c.handle, 'rev-2', 'rev-1', 'rev-far'])
    const sent = await ok(c.home, ['notify', '--as', c.handle, '--to', 'skill:code-review', '--text', 'review PR 12', '--wait', 'DELIVERED', '--json'])
    expect(sent).toMatchObject({ from: c.handle, to: 'rev-2', state: 'DELIVERED' })
    const inbox = await ok(b.home, ['inbox', '--as', 'rev-2', '--json'])
    expect(inbox.map((m: { obligation: string }) => m.obligation)).toContain(sent.obligation)
    // the signed message names the seat: its status on b says so
    expect(await ok(b.home, ['status', sent.obligation, '--json'])).toMatchObject({ from: c.handle, to: 'rev-2' })

    // the choice is made per message: once rev-1's card is newer it is chosen; a key sent again still returns the first
    const keyed = ['notify', '--as', c.handle, '--to', 'skill:code-review', '--text', 'review PR 13', '--idempotency-key', 'pr-13', '--json']
    const first = await ok(c.home, keyed)
    expect(first.to).toBe('rev-2')
    await ok(b.home, ['actor', 'add', 'rev-1', '--model', 'newer'])
    await waitFor('rev-1 before rev-2 at c', async () => (await find(c.home, '--skill', 'code-review')).map(s => s.handle), h => h.indexOf('rev-1') >= 0 && h.indexOf('rev-1') < h.indexOf('rev-2'), SPREAD_MS)
    expect((await ok(c.home, ['notify', '--as', c.handle, '--to', 'skill:code-review', '--text', 'review PR 14', '--json'])).to).toBe('rev-1')
    expect(await ok(c.home, keyed)).toMatchObject({ obligation: first.obligation, to: 'rev-2', replayed: true })

    // no seat other than the sender states it: NO_SKILL_MATCH, nothing sent
    const before = (await ok(c.home, ['outbox', '--all', '--json'])).length
    await ok(c.home, ['actor', 'add', c.handle, '--skill', 'only-here'])
    for (const to of ['skill:only-here', 'skill:nothing']) {
      const r = await cli(c.home, ['notify', '--as', c.handle, '--to', to, '--text', 'x'])
      expect(errorCode(r), to).toBe('NO_SKILL_MATCH')
      expect(r.code).toBe(3)
    }
    expect(errorCode(await cli(c.home, ['notify', '--to', 'skill:Bad Id', '--text', 'x']))).toBe('HANDLE_INVALID')
    expect((await ok(c.home, ['outbox', '--all', '--json'])).length).toBe(before)

    // an existing seat changes its skills: its card is signed again and spreads
    await ok(b.home, ['actor', 'add', 'rev-1', '--no-skills'])
    await waitFor('rev-1 without skills at c', async () => await find(c.home, '--skill', 'code-review'), s => !s.some(x => x.handle === 'rev-1'), SPREAD_MS)

    // hostile cards are refused with the code, and find does not list them
    for (const [i, json] of hostile.entries()) {
      expect(errorCode(await cli(c.home, ['card', 'import', file(c.home, `evil-${i}.json`, json)]))).toBe('CARD_MALFORMED')
    }
    expect((await find(c.home, '--tag', 'typescript')).map(s => s.handle)).toEqual(['rev-2', 'rev-far'])
  }, MESH_TEST_MS)
})
