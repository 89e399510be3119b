// A node that has never seen an actor finds its Current through the DHT and delivers to it.
import { describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { homePaths } from '../../../daemon/index.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'

describe('cards in the DHT', () => {
  it('a miss in the local directory is answered by the DHT, and the message is delivered', async () => {
    const [a, b, c] = await createMesh(3)
    // every node puts its seats' cards; wait until c's card is stored by the others' DHT
    await waitFor('agent-c known at a', async () => await a.daemon.call('where', { handle: 'agent-c' }).catch(() => undefined), w => w?.valid === true)
    // a forgets agent-c's card (as a node that never heard of it): its directory and fact log lose it,
    // and its sync checkpoints are past it, so only the DHT can bring it back
    await a.daemon.stop()
    const db = new Database(homePaths(a.home).db)
    db.prepare('DELETE FROM cards WHERE handle = ?').run('agent-c')
    db.prepare("DELETE FROM facts WHERE kind = 'card' AND CAST(bytes AS TEXT) LIKE '%\"name\": \"agent-c\"%'").run()
    db.close()
    await c.daemon.stop() // nor can agent-c's node tell a directly on connect
    await a.daemon.start()
    expect(query(a.home, "SELECT count(*) AS n FROM cards WHERE handle = 'agent-c'")[0].n).toBe(0)
    await c.daemon.start()

    const where = await waitFor('where agent-c through the DHT', async () => await a.daemon.call('where', { handle: 'agent-c' }).catch((e: Error) => e.message), w => typeof w === 'object', 30_000)
    expect(where).toMatchObject({ handle: 'agent-c', peerId: c.daemon.peerId, valid: true })
    const { obligation } = await a.daemon.call('notify', { to: 'agent-c', text: 'found you' })
    expect((await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: 30_000 })).state).toBe('DELIVERED')
    expect(b.daemon.running).toBe(true)
  }, 120_000)
})
