// The trust gate between two real libp2p nodes on loopback: a peer let in untrusted is kept out of gossip and the DHT,
// taken in as soon as it is trusted while still connected, and refused again the moment it is not.
import '../../../daemon/runtime/polyfill.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createNode, DHT_PROTOCOL, type MeshNode, type NodeOptions } from '../../../daemon/net/node.js'
import { FACTS_TOPIC } from '../../../daemon/sync/constants.js'
import { factMessageId } from '../../../daemon/sync/gossip.js'
import { waitFor } from '../../helpers/mesh.js'
import { KAD, kadAsk, peerKey } from '../../helpers/kad-rpc.js'

async function node (o: Partial<NodeOptions>): Promise<MeshNode> {
  const n = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId, ...o })
  await n.start()
  onTestFinished(async () => { await n.stop() })
  n.services.pubsub.subscribe(FACTS_TOPIC)
  return n
}

describe('trust gate', () => {
  it('keeps an untrusted peer out of gossip and the DHT, and takes it in once trusted while connected', async () => {
    // a inviter and a joiner: each trusts the other only once the join is done, as a daemon does
    let trusted = false
    const refused: string[] = []
    const a = await node({ isTrustedPeer: () => trusted, admitUntrusted: () => true, onRefused: (_peer, protocol) => refused.push(protocol) })
    const b = await node({ isTrustedPeer: () => trusted })
    const [aId, bId] = [a.peerId.toString(), b.peerId.toString()]
    await b.peerStore.merge(a.peerId, { multiaddrs: a.getMultiaddrs() })
    await b.dial(a.peerId)

    // b asks a's DHT by hand (its own DHT opens no stream to a peer it does not trust)
    expect(await kadAsk(b, aId, KAD.FIND_NODE, peerKey(bId))).toBeUndefined()
    expect(refused).toContain(DHT_PROTOCOL)
    await waitFor('identify done on both sides', async () => [...await a.peerStore.get(b.peerId).then(p => p.protocols), ...await b.peerStore.get(a.peerId).then(p => p.protocols)], l => l.filter(p => p.startsWith('/meshsub/')).length >= 2)
    expect(a.services.pubsub.getPeers().map(String)).not.toContain(bId)
    expect(b.services.pubsub.getPeers().map(String)).not.toContain(aId)

    trusted = true
    a.services.trust.recheck()
    b.services.trust.recheck()
    await waitFor('a and b take each other into gossip', () => [a.services.pubsub.getSubscribers(FACTS_TOPIC).map(String), b.services.pubsub.getSubscribers(FACTS_TOPIC).map(String)], ([sa, sb]) => sa.includes(bId) && sb.includes(aId))
    const heard = new Promise<Uint8Array>(resolve => b.services.pubsub.addEventListener('message', evt => resolve(evt.detail.data), { once: true }))
    await a.services.pubsub.publish(FACTS_TOPIC, new Uint8Array([1, 2, 3]))
    expect([...await heard]).toEqual([1, 2, 3])
    expect(await kadAsk(b, aId, KAD.FIND_NODE, peerKey(bId))).toBeDefined()

    // trust is asked per stream: the moment it is gone, the DHT refuses again on the same connection
    trusted = false
    expect(await kadAsk(b, aId, KAD.FIND_NODE, peerKey(bId))).toBeUndefined()
  })

  it('refuses the gossip streams of a stranger that does not gate, which then hears nothing from the node', async () => {
    const refused: string[] = []
    const a = await node({ isTrustedPeer: () => false, admitUntrusted: () => true, onRefused: (_peer, protocol) => refused.push(protocol) })
    const stranger = await node({})
    await stranger.peerStore.merge(a.peerId, { multiaddrs: a.getMultiaddrs() })
    await stranger.dial(a.peerId)
    await waitFor('a refuses the stranger its gossip stream', () => refused, r => r.some(p => p.startsWith('/meshsub/')))
    expect(a.services.pubsub.getPeers().map(String)).not.toContain(stranger.peerId.toString())
    expect(stranger.services.pubsub.getSubscribers(FACTS_TOPIC).map(String)).not.toContain(a.peerId.toString())
  })
})
