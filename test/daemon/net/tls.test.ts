// TLS 1.3 is offered beside Noise and loaded only when a peer picks it: a peer that speaks TLS alone still connects.
import '../../../daemon/runtime/polyfill.js'
import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createLibp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { tls } from '@libp2p/tls'
import { yamux } from '@libp2p/yamux'
import { ping } from '@libp2p/ping'
import { identify } from '@libp2p/identify'
import { createNode } from '../../../daemon/net/node.js'

describe('lazy TLS', () => {
  it('a TLS-only peer connects to a daemon node, and the connection carries a ping', async () => {
    const daemonNode = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true })
    await daemonNode.start()
    const tlsOnly = await createLibp2p({
      addresses: { listen: [] },
      transports: [tcp()],
      connectionEncrypters: [tls()],
      streamMuxers: [yamux()],
      services: { ping: ping(), identify: identify() },
      connectionGater: { denyDialMultiaddr: () => false }
    })
    try {
      const conn = await tlsOnly.dial(daemonNode.getMultiaddrs()[0], { signal: AbortSignal.timeout(10_000) })
      expect(conn.encryption).toBe('/tls/1.0.0')
      expect(conn.remotePeer.equals(daemonNode.peerId)).toBe(true)
      // the ping answers over that TLS connection: the daemon holds it as TLS, and the round trip is a whole
      // number of ms no longer than the wait the test measured around it
      const t0 = performance.now()
      const rtt = await tlsOnly.services.ping.ping(daemonNode.peerId, { signal: AbortSignal.timeout(10_000) })
      const waited = performance.now() - t0
      expect(Number.isInteger(rtt)).toBe(true)
      expect(rtt).toBeGreaterThanOrEqual(0)
      expect(rtt).toBeLessThanOrEqual(Math.ceil(waited) + 1)
      expect(daemonNode.getConnections(tlsOnly.peerId).map(c => c.encryption)).toEqual(['/tls/1.0.0'])
      expect(tlsOnly.getConnections(daemonNode.peerId)).toHaveLength(1)
    } finally {
      await tlsOnly.stop()
      await daemonNode.stop()
    }
  }, 30_000)
})
