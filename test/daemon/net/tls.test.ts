// Encryption between nodes: two daemon nodes settle on TLS 1.3; Noise stays offered, so a peer that speaks Noise
// alone (a plain libp2p node, an older daemon) still connects either way, and so does a peer that speaks TLS alone.
import '../../../daemon/runtime/polyfill.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { tls } from '@libp2p/tls'
import { noise } from '@libp2p/noise'
import { yamux } from '@libp2p/yamux'
import { ping } from '@libp2p/ping'
import { identify } from '@libp2p/identify'
import type { ConnectionEncrypter } from '@libp2p/interface'
import { createNode, type MeshNode } from '../../../daemon/net/node.js'

const TLS = '/tls/1.0.0'
const NOISE = '/noise'

async function daemonNode (): Promise<MeshNode> {
  const node = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true })
  await node.start()
  onTestFinished(async () => { await node.stop() })
  return node
}

type Plain = Libp2p<{ ping: ReturnType<ReturnType<typeof ping>>, identify: ReturnType<ReturnType<typeof identify>> }>

/** A plain libp2p node with one encrypter only, listening on loopback. */
async function plainNode (encrypter: (components: any) => ConnectionEncrypter): Promise<Plain> {
  const node = await createLibp2p({
    addresses: { listen: ['/ip4/127.0.0.1/tcp/0'] },
    transports: [tcp()],
    connectionEncrypters: [encrypter],
    streamMuxers: [yamux()],
    services: { ping: ping(), identify: identify() },
    connectionGater: { denyDialMultiaddr: () => false }
  })
  onTestFinished(async () => { await node.stop() })
  return node
}

/** Dials, checks both ends agree on the encryption, and that the connection carries a ping. */
async function connectAndPing (from: Libp2p<{ ping: Plain['services']['ping'] }>, to: Libp2p): Promise<string> {
  const conn = await from.dial(to.getMultiaddrs()[0], { signal: AbortSignal.timeout(10_000) })
  expect(conn.remotePeer.equals(to.peerId)).toBe(true)
  const rtt = await from.services.ping.ping(to.peerId, { signal: AbortSignal.timeout(10_000) })
  expect(rtt).toBeGreaterThanOrEqual(0)
  expect(to.getConnections(from.peerId).map(c => c.encryption)).toEqual([conn.encryption])
  return conn.encryption as string
}

describe('transport encryption', () => {
  it('two daemon nodes settle on TLS, whichever dials', async () => {
    const a = await daemonNode()
    const b = await daemonNode()
    expect(await connectAndPing(a, b)).toBe(TLS)
    const c = await daemonNode()
    expect(await connectAndPing(c, a)).toBe(TLS)
  }, 30_000)

  it('a Noise-only peer connects over Noise, dialing a daemon node or dialed by it', async () => {
    const d = await daemonNode()
    const n = await plainNode(noise())
    expect(await connectAndPing(n, d)).toBe(NOISE)
    const n2 = await plainNode(noise())
    expect(await connectAndPing(d, n2)).toBe(NOISE)
  }, 30_000)

  it('a TLS-only peer connects over TLS, dialing a daemon node or dialed by it', async () => {
    const d = await daemonNode()
    const t = await plainNode(tls())
    expect(await connectAndPing(t, d)).toBe(TLS)
    const t2 = await plainNode(tls())
    expect(await connectAndPing(d, t2)).toBe(TLS)
  }, 30_000)
})
