// A node that has never seen an actor finds its Current through the DHT and delivers to it. agent-c's node is a peer
// it does not know then, which drops each of that node's connections: the node must still put its card where a finds it.
import { describe, expect, it } from 'vitest'
import { cardFactLike, createMesh, forgetSeat, query, waitFor } from '../../helpers/mesh.js'

describe('cards in the DHT', () => {
  it('a miss in the local directory is answered by the DHT, and the message is delivered', async () => {
    const [a, b, c] = await createMesh(3)
    // a has pulled b's fact log past agent-c's card: once a forgets the card, a sync from b brings it back no more
    const cardAt = query(b.home, "SELECT seq FROM facts WHERE kind = 'card' AND CAST(bytes AS TEXT) LIKE ?", cardFactLike('agent-c'))[0].seq
    await waitFor('a synced past agent-c\'s card at b', async () => query(a.home, 'SELECT seq FROM peer_checkpoints WHERE peer_id = ?', b.daemon.peerId)[0]?.seq ?? 0, seq => seq >= cardAt)
    // a forgets agent-c's card (as a node that never heard of it): its directory and fact log lose it,
    // and its sync checkpoints are past it, so only the DHT can bring it back
    await a.daemon.stop()
    forgetSeat(a.home, 'agent-c')
    await c.daemon.stop() // nor can agent-c's node tell a directly on connect
    await b.daemon.stop() // b's DHT records live in memory: only a put c makes after its restart can serve a
    await b.daemon.start()
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
