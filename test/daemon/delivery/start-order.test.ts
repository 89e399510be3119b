// A daemon serves deliver from the moment it accepts connections. A sender retrying towards a node that was down
// connects as soon as that node listens, and opens its deliver stream at once: when the node registered the handler
// only after its libp2p node had started, such a stream was refused ("protocol selection failed"). The rows on it
// then waited out their whole backoff (up to 30 s) with nothing to wake them, since the connection stayed up.
import { describe, expect, it } from 'vitest'
import { multiaddr } from '@multiformats/multiaddr'
import { peerIdFromString } from '@libp2p/peer-id'
import { DELIVER_PROTOCOL, DELIVER_PROTOCOL_2 } from '../../../daemon/net/constants.js'
import { createMesh, withCtx } from '../../helpers/mesh.js'
import { rawPeer } from '../../helpers/raw-peer.js'

describe('a daemon that is starting', () => {
  it('serves deliver on the first connection it accepts', async () => {
    const [a, b] = await createMesh(2, { start: false })
    const bPeer = await withCtx(b.home, async ctx => await ctx.peerId())
    const probe = await rawPeer(a.home) // a's node identity, a peer b trusts (a's own daemon does not run)
    const addr = multiaddr(`/ip4/127.0.0.1/tcp/${b.port}/p2p/${bPeer}`)
    b.daemon.spawn()
    // dialed again as soon as each attempt is refused: the first connection b's node accepts
    for (;;) {
      if (!b.daemon.running) throw new Error(`b exited: ${b.daemon.stderr}`)
      try {
        await probe.dial(addr, { signal: AbortSignal.timeout(5000) })
        break
      } catch {}
    }
    const stream = await probe.dialProtocol(peerIdFromString(bPeer), [DELIVER_PROTOCOL_2, DELIVER_PROTOCOL])
    expect(stream.protocol).toBe(DELIVER_PROTOCOL_2)
    await stream.close()
  })
})
