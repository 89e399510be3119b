// A card, a revocation or a renewal is stored with its fact, or not at all, and a new seat with its wake contract and,
// when isolated, its token. Each is two or more statements. Had the first been written and the rest not (a crash, a
// full disk), the node would hold what no peer ever hears of (a card looks unchanged at the next start, so it is never
// signed again; a revocation issued again is "already held"), or a seat that wakes without its checks or acts without
// its token. A real store; the second write is made to fail by a trigger.
import '../../../daemon/runtime/polyfill.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildCard, cardJson, keyPairFromSeed, sha256, signCard, signEndorsement } from '../../../cards/index.js'
import { HomeContext, actorAdd, importCardJson, initHome, meshCreate, meshRenew, meshRevoke, refreshLocalCard } from '../../../daemon/index.js'

const FAIL_FACTS = "CREATE TEMP TRIGGER fail_facts BEFORE INSERT ON facts BEGIN SELECT RAISE(ABORT, 'no room for the fact'); END"

describe('setup writes that are one write', () => {
  let dir: string
  let ctx: HomeContext
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aios-card-atomic-'))
    await initHome(dir, { listen: ['/ip4/127.0.0.1/tcp/0'] })
    ctx = HomeContext.open(dir)
    meshCreate(ctx)
    await actorAdd(ctx, 'agent-a')
    await refreshLocalCard(ctx, 'agent-a')
  })
  afterEach(() => {
    ctx?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const factsOf = (kind: string): string[] => (ctx.store.db.prepare('SELECT hash FROM facts WHERE kind = ? ORDER BY seq').all(kind) as Array<{ hash: Buffer }>).map(r => r.hash.toString('hex'))
  const cardFacts = (): string[] => factsOf('card')
  const hashOf = (bytes: Uint8Array): string => Buffer.from(sha256(bytes)).toString('hex')
  const heldHash = (handle: string): string | undefined => {
    const c = ctx.store.identity.card(handle)
    return c === undefined ? undefined : Buffer.from(sha256(new TextEncoder().encode(c.json))).toString('hex')
  }

  it('a seat\'s card re-signed: when its fact cannot be written the held card stays, and the next refresh signs and logs it', async () => {
    const before = ctx.store.identity.card('agent-a')
    const facts = cardFacts()
    ctx.store.db.exec(FAIL_FACTS)
    await expect(refreshLocalCard(ctx, 'agent-a', ['/ip4/127.0.0.1/tcp/4001'])).rejects.toThrow(/no room for the fact/)
    expect(ctx.store.identity.card('agent-a')).toEqual(before)
    expect(cardFacts()).toEqual(facts)
    ctx.store.db.exec('DROP TRIGGER fail_facts')
    const card = await refreshLocalCard(ctx, 'agent-a', ['/ip4/127.0.0.1/tcp/4001'])
    expect(card.seq).toBe(before!.seq + 1)
    expect(cardFacts().at(-1)).toBe(heldHash('agent-a'))
  })

  it('a peer\'s card: when its fact cannot be written the card is not held either', () => {
    const b = keyPairFromSeed(new Uint8Array(32).fill(9))
    const now = Date.now()
    const json = cardJson(signCard(buildCard(b.publicKey, {
      handle: 'agent-b', peerId: '12D3KooWLRPJAA5o6Z6g5uTmptPkNDxHDzUr3qWrbXRUQPFMxJpz', multiaddrs: ['/ip4/127.0.0.1/tcp/1'], seq: 1, carrier: 'shell', model: 'm', updatedAtMs: now,
      endorsement: signEndorsement(ctx.requireMeshOwnerKey(), 'agent-b', b.publicKey, now)
    }), b))
    ctx.store.db.exec(FAIL_FACTS)
    expect(() => importCardJson(ctx, json)).toThrow(/no room for the fact/)
    expect(ctx.store.identity.card('agent-b')).toBeUndefined()
    ctx.store.db.exec('DROP TRIGGER fail_facts')
    expect(importCardJson(ctx, json).status).toBe('new')
    expect(cardFacts().at(-1)).toBe(heldHash('agent-b'))
  })

  it('a revocation: when its fact cannot be written it is not held, and issued again it is held and logged', async () => {
    await actorAdd(ctx, 'agent-c')
    ctx.store.db.exec(FAIL_FACTS)
    expect(() => meshRevoke(ctx, 'agent-c', 'lost laptop')).toThrow(/no room for the fact/)
    expect(ctx.store.identity.revocations()).toEqual([])
    ctx.store.db.exec('DROP TRIGGER fail_facts')
    expect(meshRevoke(ctx, 'agent-c', 'lost laptop').revoked).toBe(true)
    const [r] = ctx.store.identity.revocations()
    expect(factsOf('revocation')).toEqual([hashOf(r.envelope)])
  })

  it('a renewal: when its fact cannot be written it is not kept, and issued again it is kept and logged', async () => {
    ctx.store.db.exec(FAIL_FACTS)
    await expect(meshRenew(ctx, 'agent-a', { days: 30 })).rejects.toThrow(/no room for the fact/)
    expect(ctx.store.identity.renewals()).toEqual([])
    ctx.store.db.exec('DROP TRIGGER fail_facts')
    await meshRenew(ctx, 'agent-a', { days: 30 })
    expect(factsOf('endorsement')).toEqual(ctx.store.identity.renewals().map(r => hashOf(r.envelope)))
    expect(factsOf('endorsement')).toHaveLength(1)
  })

  it('an isolated seat: when its token cannot be stored the seat is not made, so it never acts without one', async () => {
    ctx.store.db.exec("CREATE TEMP TRIGGER fail_tokens BEFORE INSERT ON seat_tokens BEGIN SELECT RAISE(ABORT, 'no room for the token'); END")
    await expect(actorAdd(ctx, 'agent-i', { isolated: true })).rejects.toThrow(/no room for the token/)
    expect(ctx.store.identity.actor('agent-i')).toBeUndefined()
    ctx.store.db.exec('DROP TRIGGER fail_tokens')
    const r = await actorAdd(ctx, 'agent-i', { isolated: true })
    expect(r).toMatchObject({ created: true, isolated: true })
    expect(ctx.store.seatTokens.hash('agent-i')).toBeDefined()
  })

  it('a seat\'s wake contract: when it cannot be stored the seat is not made', async () => {
    ctx.store.db.exec("CREATE TEMP TRIGGER fail_contract BEFORE UPDATE OF require_files ON actors BEGIN SELECT RAISE(ABORT, 'no room for the contract'); END")
    await expect(actorAdd(ctx, 'agent-w', { requireFile: ['/etc/hostname'] })).rejects.toThrow(/no room for the contract/)
    expect(ctx.store.identity.actor('agent-w')).toBeUndefined()
    ctx.store.db.exec('DROP TRIGGER fail_contract')
    await actorAdd(ctx, 'agent-w', { requireFile: ['/etc/hostname'] })
    expect(ctx.store.carriers.contract('agent-w')?.requireFiles).toEqual(['/etc/hostname'])
  })

  it('a seat moved in over a row of the same handle: a refused insert keeps the old row', async () => {
    await actorAdd(ctx, 'agent-c')
    const a = ctx.store.identity.actor('agent-a')!
    const c = ctx.store.identity.actor('agent-c')!
    expect(() => ctx.store.identity.upsertActor({ ...a, actorKey: c.actorKey })).toThrow(/UNIQUE/) // the key is agent-c's
    expect(ctx.store.identity.actor('agent-a')).toEqual(a)
  })
})
