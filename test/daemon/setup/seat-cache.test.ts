// The seats are held in memory between writes (read on every message): a seat that moves away, a seat added, a key
// revoked are seen by the very next message, as when every message read the table. Each case first sends through
// the state it then changes, so what is held is the old answer. Real daemons, real libp2p on loopback, real SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSharedMesh, query, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'

const WAIT_MS = 15_000

const idOf = (ob: string): Buffer => Buffer.from(ob.slice(3), 'hex')

describe('seats held in memory follow every change at once', () => {
  let mesh: SharedMesh
  let a: MeshNodeHandle
  let b: MeshNodeHandle
  beforeAll(async () => {
    mesh = await createSharedMesh(2)
    ;[a, b] = mesh.nodes
  })
  afterAll(async () => { await mesh?.close() })

  it('a seat moved away: messages to it are refused NOT_HOSTED_HERE, and it can no longer send', async () => {
    // B has taken messages for agent-b and sent as it (named and as the only seat)
    expect((await a.daemon.call('notify', { to: 'agent-b', text: 'before the move', wait: 'DELIVERED', waitMs: WAIT_MS })).state).toBe('DELIVERED')
    expect((await b.daemon.call('notify', { to: 'agent-a', text: 'from b', wait: 'DELIVERED', waitMs: WAIT_MS })).state).toBe('DELIVERED')
    expect((await b.daemon.call('notify', { as: 'agent-b', to: 'agent-a', text: 'from b, named', wait: 'DELIVERED', waitMs: WAIT_MS })).state).toBe('DELIVERED')

    await b.daemon.call('actor.export', { handle: 'agent-b' })

    await expect(b.daemon.call('notify', { as: 'agent-b', to: 'agent-a', text: 'after the move' })).rejects.toMatchObject({ code: 'ACTOR_NOT_LOCAL' })
    await expect(b.daemon.call('notify', { to: 'agent-a', text: 'after the move' })).rejects.toMatchObject({ code: 'ACTOR_AMBIGUOUS' })
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'after the move' })
    const item = await waitFor('B refuses the message', async () => (await a.daemon.call('outbox', {})).find(o => o.obligation === obligation),
      o => o?.lastError?.startsWith('NOT_HOSTED_HERE') === true, WAIT_MS)
    expect(item?.status).not.toBe('done')
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE id = ?', idOf(obligation))[0].n).toBe(0)
  })

  it('a seat added is seen by the next message, after a message that found it missing', async () => {
    await expect(a.daemon.call('notify', { as: 'agent-z', to: 'agent-a', text: 'too early' })).rejects.toMatchObject({ code: 'ACTOR_NOT_LOCAL' })
    expect((await a.daemon.call('notify', { to: 'agent-a', text: 'the only seat' })).from).toBe('agent-a')
    await a.daemon.call('actor.add', { handle: 'agent-z' })
    expect((await a.daemon.call('notify', { as: 'agent-z', to: 'agent-a', text: 'now here', wait: 'DELIVERED', waitMs: WAIT_MS })).state).toBe('DELIVERED')
    await expect(a.daemon.call('notify', { to: 'agent-a', text: 'which seat?' })).rejects.toMatchObject({ code: 'ACTOR_AMBIGUOUS' })
  })

  it('a revoked key: the next message to it is refused CARD_REVOKED', async () => {
    await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'before the revocation' })
    await a.daemon.call('mesh.revoke', { target: 'agent-b', reason: 'lost laptop' })
    await expect(a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'after the revocation' })).rejects.toMatchObject({ code: 'CARD_REVOKED' })
  })
})
