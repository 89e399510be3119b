// Directory.withRole: the cards held that state a role and may act now — not a seat without the role, not a handle
// two keys claim, not a card whose endorsement has run out — by handle.
import '../../../daemon/runtime/polyfill.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCard, cardJson, keyPairFromSeed, signCard, signEndorsement } from '../../../cards/index.js'
import { HomeContext, actorAdd, importCardJson, initHome, meshCreate } from '../../../daemon/index.js'
import { Directory } from '../../../daemon/directory/index.js'

const R_PEER = '12D3KooWLRPJAA5o6Z6g5uTmptPkNDxHDzUr3qWrbXRUQPFMxJpz' // the remote seats' node: never dialed here
const YEAR_MS = 365 * 86_400_000

describe('Directory.withRole', () => {
  let home: string
  let ctx: HomeContext
  let dir: Directory

  /** A card of a seat on another node, endorsed by this home's mesh. */
  function remote (handle: string, seed: number, roles: string[]): string {
    const k = keyPairFromSeed(new Uint8Array(32).fill(seed))
    const now = Date.now()
    return cardJson(signCard(buildCard(k.publicKey, {
      handle, peerId: R_PEER, multiaddrs: ['/ip4/127.0.0.1/tcp/1'], seq: 1, carrier: 'shell', updatedAtMs: now, roles,
      endorsement: signEndorsement(ctx.requireMeshOwnerKey(), handle, k.publicKey, now)
    }), k))
  }

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'aios-roles-'))
    await initHome(home, { listen: ['/ip4/127.0.0.1/tcp/0'] })
    ctx = HomeContext.open(home)
    meshCreate(ctx)
    await actorAdd(ctx, 'agent-b', { roles: ['reviewer', 'builder'] })
    await actorAdd(ctx, 'agent-a', { roles: ['reviewer'] })
    await actorAdd(ctx, 'agent-c')
    importCardJson(ctx, remote('agent-r', 7, ['reviewer']))
    importCardJson(ctx, remote('agent-s', 8, ['reviewer']))
    // a second key claims agent-s: the conflict is recorded and the card first held stays
    expect(() => importCardJson(ctx, remote('agent-s', 9, ['reviewer']))).toThrow(expect.objectContaining({ code: 'HANDLE_CONFLICT' }))
    dir = new Directory(ctx, await ctx.peerId())
  })
  afterAll(() => {
    ctx?.close()
    rmSync(home, { recursive: true, force: true })
  })

  it('lists the valid holders by handle, local and remote, with the roles their cards state', () => {
    expect(dir.withRole('reviewer').map(c => [c.handle, c.local])).toEqual([['agent-a', true], ['agent-b', true], ['agent-r', false]])
    expect(dir.withRole('builder').map(c => c.handle)).toEqual(['agent-b'])
    expect(dir.get('agent-b')?.roles).toEqual(['builder', 'reviewer'])
    expect(dir.get('agent-c')?.roles).toBeUndefined()
    expect(dir.withRole('tester')).toEqual([])
  })

  it('leaves out a handle in conflict and cards whose endorsement ran out since the directory was read', () => {
    expect(dir.get('agent-s')?.roles).toEqual(['reviewer']) // held, but two keys claim it
    expect(dir.withRole('reviewer').map(c => c.handle)).not.toContain('agent-s')
    expect(dir.withRole('reviewer', Date.now() + 200 * YEAR_MS)).toEqual([])
  })
})
