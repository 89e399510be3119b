// gossip hears of a peer only once identify on its connection is done: an identify answered late still counts, and a
// peer whose identify failed is identified again, so no connected trusted peer stays outside gossip.
import { describe, expect, it } from 'vitest'
import { multiaddr } from '@multiformats/multiaddr'
import type { Connection, Stream } from '@libp2p/interface'
import { createMesh, waitFor } from '../../helpers/mesh.js'
import { rawPeer } from '../../helpers/raw-peer.js'
import { FACTS_TOPIC } from '../../../daemon/sync/constants.js'
import type { MeshNode } from '../../../daemon/net/node.js'

const IDENTIFY_PROTOCOL = '/ipfs/id/1.0.0'
const LATE_MS = 6500 // past libp2p's default identify timeout (5 s), as a loaded machine answers

/**
 * Daemon a, and b's node driven by hand, connected, with b answering the daemon's identify as `answer` says (one call per
 * identify request of the daemon, counted from 1). Resolves once the daemon's gossipsub has told b it subscribes
 * to the facts topic, with how many identify requests b had seen by then.
 */
async function gossipWithIdentify (answer: (request: number, stream: Stream, conn: Connection, identify: () => Promise<void>) => void): Promise<number> {
  const [a, b] = await createMesh(2, { start: false })
  await a.daemon.start()
  const peer: MeshNode = await rawPeer(b.home)
  // b never identifies the daemon, so its gossipsub opens no stream to it: b hears of the daemon in gossip only
  // from the daemon's own stream, which the daemon opens once its identify of b is done
  peer.services.identify.identify = async () => { throw new Error('b does not identify') }
  let requests = 0
  await peer.unhandle(IDENTIFY_PROTOCOL)
  await peer.handle(IDENTIFY_PROTOCOL, (stream, conn) => {
    answer(++requests, stream, conn, async () => { await peer.services.identify.handleProtocol(stream, conn) })
  }, { maxInboundStreams: 4 })
  await peer.dial(multiaddr(`/ip4/127.0.0.1/tcp/${a.port}/p2p/${a.daemon.peerId}`))
  await waitFor('the daemon subscribed, as b hears', async () => peer.services.pubsub.getSubscribers(FACTS_TOPIC).map(p => p.toString()),
    s => s.includes(a.daemon.peerId), 45_000)
  return requests
}

describe('identify and gossip', () => {
  it('an identify answered late brings the peer into gossip', async () => {
    const requests = await gossipWithIdentify((_, stream, conn, identify) => {
      setTimeout(() => { void identify().catch(() => {}) }, LATE_MS)
    })
    expect(requests).toBe(1) // the first identify was waited for, not repeated
  }, 60_000)

  it('a peer whose identify failed is identified again and enters gossip', async () => {
    const requests = await gossipWithIdentify((request, stream, conn, identify) => {
      if (request === 1) stream.abort(new Error('identify refused once'))
      else void identify().catch(() => {})
    })
    expect(requests).toBeGreaterThanOrEqual(2)
  }, 60_000)
})
