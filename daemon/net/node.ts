// The libp2p node: TCP, Noise (and TLS) encryption, yamux, identify, ping; a gater that lets in only peers that
// host a trusted actor; a connection monitor that notices a frozen peer in about two seconds.
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { noise } from '@libp2p/noise'
import { tls } from '@libp2p/tls'
import { yamux } from '@libp2p/yamux'
import { identify } from '@libp2p/identify'
import { ping } from '@libp2p/ping'
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys'
import type { PeerId } from '@libp2p/interface'
import { INBOUND_CONNECTIONS_PER_SECOND, PING_INTERVAL_MS } from './constants.js'

export interface NodeOptions {
  seed: Uint8Array
  listen: string[]
  announce: string[]
  /** The gater's question: may this peer connect to us? */
  isTrustedPeer: (peerId: string) => boolean
}

export type MeshNode = Libp2p<{ identify: ReturnType<ReturnType<typeof identify>>, ping: ReturnType<ReturnType<typeof ping>> }>

export async function createNode (o: NodeOptions): Promise<MeshNode> {
  const privateKey = await generateKeyPairFromSeed('Ed25519', o.seed)
  return await createLibp2p({
    privateKey,
    start: false,
    addresses: { listen: o.listen, announce: o.announce.length > 0 ? o.announce : undefined },
    transports: [tcp()],
    connectionEncrypters: [noise(), tls()],
    streamMuxers: [yamux()],
    services: { identify: identify(), ping: ping() },
    connectionGater: {
      denyDialMultiaddr: () => false, // loopback and private addresses are where meshes live
      denyInboundEncryptedConnection: (peerId: PeerId) => !o.isTrustedPeer(peerId.toString())
    },
    connectionManager: { inboundConnectionThreshold: INBOUND_CONNECTIONS_PER_SECOND, maxIncomingPendingConnections: 64 },
    connectionMonitor: { pingInterval: PING_INTERVAL_MS }
  }) as unknown as MeshNode
}
