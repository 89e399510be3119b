// Forged third-party receipts against real daemons: an endorsed seat turns rogue and gossips receipts about a message
// that names another sender. The node that hears them holds no such message and must show nothing.
import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { sha256 } from '../../cards/index.js'
import { factToWire } from '../../proto/index.js'
import { FACTS_TOPIC } from '../../daemon/sync/constants.js'
import { createMesh, query, waitFor } from '../helpers/mesh.js'
import { homeKey, rawPeer, signedReceipt } from '../helpers/raw-peer.js'
import { recordTally } from './report.js'


describe('chaos: forged third-party receipts', () => {
  it('a receipt about a message its signer never got from the sender it names is refused by gossip', async () => {
    const [a, b, c] = await createMesh(3)
    await c.daemon.stop()
    const rogue = await rawPeer(c.home)
    const cKey = homeKey(c.home, 'keys/agent-c.key')
    // "agent-a sent me a message and I completed it", signed by agent-c, for an id nobody sent
    const id = new Uint8Array(randomBytes(16))
    const forged = signedReceipt(cKey, {
      messageId: id, messageHash: sha256(randomBytes(32)), actor: 'agent-c', from: 'agent-a', state: 'COMPLETE', atMs: Date.now(),
      note: 'done as agent-a asked', evidence: { path: '/tmp/done.md', sha256: sha256(randomBytes(8)), size: 8 }
    })
    const pid = peerIdFromString(b.daemon.peerId)
    await rogue.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${b.port}`)] })
    await rogue.dial(pid)
    rogue.services.pubsub.subscribe(FACTS_TOPIC)
    await waitFor('b subscribed, as the rogue sees it', () => rogue.services.pubsub.getSubscribers(FACTS_TOPIC).map(String), l => l.includes(b.daemon.peerId))
    await rogue.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'receipt', envelope: forged }))
    const held = (): number => query(b.home, 'SELECT count(*) AS n FROM receipts WHERE message_id = ?', Buffer.from(id))[0].n
    await waitFor('the gossiped receipt handled', () => ({ refused: b.daemon.stderr.includes('"code":"HEADER_MISSING"'), held: held() }), v => v.refused || v.held > 0)
    const forgedAccepted = held()
    expect(forgedAccepted).toBe(0)
    const obligation = `ob_${Buffer.from(id).toString('hex')}`
    for (const node of [a, b]) {
      await expect(node.daemon.call('status', { obligation })).rejects.toMatchObject({ code: 'OBLIGATION_UNKNOWN' })
    }
    expect(b.daemon.running).toBe(true)
    recordTally({ suite: 'forged third-party receipts', cycles: 1, messages: 1, forgedAccepted, crashes: [a, b].filter(n => !n.daemon.running).length })
  })
})
