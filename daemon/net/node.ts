// The libp2p node: TCP, WebSocket and the mesh's circuit relays (a relay server too when asked), TLS (and Noise)
// encryption, yamux, identify, ping; a gater that lets in only peers that host a trusted actor (and, while the daemon
// says so, peers come to join, or on a relay strangers on their way to a member); the DHT and gossipsub built behind a
// trust gate, so they serve, name and hear only trusted peers; liveness pings that notice a frozen peer; a
// dialer that tries a peer's addresses best first and side by side; mDNS on the LAN for trusted peers only.
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { yamux } from '@libp2p/yamux'
import './yamux-window.js' // one window update per half a window received, not one per frame
import { identify } from '@libp2p/identify'
import { ping } from '@libp2p/ping'
import { Liveness, type LivenessComponents } from './liveness.js'
import { privateKeyFromRaw } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey } from '@libp2p/peer-id'
import { gossipsub, type GossipSub } from '@libp2p/gossipsub'
import { createTopicScoreParams } from '@libp2p/gossipsub/score'
import { kadDHT, passthroughMapper, type KadDHT } from '@libp2p/kad-dht'
import type { PeerId } from '@libp2p/interface'
import { IDENTIFY_TIMEOUT_MS, INBOUND_CONNECTIONS_PER_SECOND, PING_INBOUND_STREAMS, PING_INTERVAL_MS, PING_OUTBOUND_STREAMS, PING_STREAM_LIFETIME_MS, PING_TIMEOUT_MS } from './constants.js'
import { publicKeyOf } from '../../cards/index.js'
import { lazyNoise, lazyTls } from './lazy-encrypters.js'
import { webSocketsFor } from './lazy-websockets.js'
import { coalescing } from './coalesce-writes.js'
import { TrustGate } from './trust-gate.js'
import { RELAY_RESERVATIONS, RELAY_SEARCH, relayGater, relayServer, relayTransport } from './relay.js'
import { AddressRanking } from './address-rank.js'
import { RELAY_ADDRESS_TIMEOUT_MS, Dialer, type DialerComponents } from './dialer.js'
import { LanDiscovery, lanReachable } from './lan-discovery.js'
import { RedialHold } from './redial-hold.js'

export interface NodeOptions {
  seed: Uint8Array
  listen: string[]
  announce: string[]
  /** Announce exactly `announce`; otherwise it is added to what the node finds (its listeners, relays). */
  announceOnly?: boolean
  /** Does this peer host a trusted actor now? Asked by the gater, and by the DHT and gossipsub for every stream. */
  isTrustedPeer: (peerId: string) => boolean
  /**
   * Peers let in although they host no trusted actor (while an invitation is open): they may connect, and then use
   * only what the daemon serves them itself (the join protocol, identify, ping); the DHT and gossip refuse them.
   */
  admitUntrusted?: (peerId: string) => boolean
  /** Told of every DHT or gossip stream refused to an untrusted peer. */
  onRefused?: (peerId: string, protocol: string) => void
  /** Peers this node must not dial (every actor they hosted is revoked): KEEP_ALIVE, the DHT and sessions alike. */
  isCutOff?: (peerId: string) => boolean
  /**
   * gossipsub topics on which a message the validator rejects counts against the peer that sent it (the score's
   * invalid-deliveries term, alone): a peer that keeps sending what is refused soon has its gossip no longer read.
   */
  scoredTopics?: string[]
  /** gossipsub message ids, by topic: the hash of the one fact carried, or of the batch (daemon/sync/gossip.ts). */
  messageId?: (topic: string, data: Uint8Array) => Uint8Array
  /** DHT records under /aios-comm/…: throw when a record is invalid; pick the best of several. */
  dhtValidate?: (key: Uint8Array, value: Uint8Array) => void
  dhtSelect?: (key: Uint8Array, values: Uint8Array[]) => number
  /** Relays: `serve` runs a relay for the mesh's members; `reserve` keeps reservations on member relays (a daemon does). */
  relay?: { serve: boolean, reserve: boolean }
  /** Find trusted peers on the LAN with mDNS (config `mdns`); only where the node listens on more than loopback. */
  mdns?: boolean
}

/**
 * A topic's score with one term: messages the validator rejected (squared, times the weight), each counting for less
 * by a tenth every second. The defaults of gossipsub's thresholds then apply: from 4 rejected in a short while the
 * node stops sending the peer gossip, from 8 it publishes nothing to it, and from 9 it reads nothing the peer sends
 * until the count has decayed (about 8 s after 20, 33 after 300). gossipsub keeps a score for a second and reads a
 * peer that scored well for 128 more RPCs or a second, so a flood is read for a second or two before it is cut off.
 * Every other term is off: the mesh's peers are few and trusted, and delivery rates or mesh time say nothing about
 * them that sync does not repair.
 */
const INVALID_ONLY = createTopicScoreParams({
  topicWeight: 1,
  timeInMeshWeight: 0,
  firstMessageDeliveriesWeight: 0,
  meshMessageDeliveriesWeight: 0,
  meshFailurePenaltyWeight: 0,
  invalidMessageDeliveriesWeight: -1,
  invalidMessageDeliveriesDecay: 0.9
})

export const DHT_PROTOCOL = '/aios-comm/kad/1.0.0'
export const DHT_NAMESPACE = 'aios-comm' // records live under /aios-comm/card/<handle>

export type MeshNode = Libp2p<{
  trust: TrustGate
  identify: ReturnType<ReturnType<typeof identify>>
  ping: ReturnType<ReturnType<typeof ping>>
  liveness: Liveness
  pubsub: GossipSub
  dht: KadDHT
  relay?: ReturnType<ReturnType<typeof relayServer>>
  dialer: Dialer
  lan: LanDiscovery
}>

export async function createNode (o: NodeOptions): Promise<MeshNode> {
  // seed ‖ public key, the public key by node:crypto: libp2p would derive it in JS (its first use builds tables)
  const privateKey = privateKeyFromRaw(Buffer.concat([o.seed, publicKeyOf(o.seed)]))
  const gate = new TrustGate(peerIdFromPrivateKey(privateKey).toString(), o.isTrustedPeer, o.onRefused)
  let node: MeshNode | undefined
  const relay = relayGater({ isTrustedPeer: o.isTrustedPeer, admitUntrusted: o.admitUntrusted, serving: o.relay?.serve === true, connections: () => node?.getConnections() ?? [] })
  const circuits = o.relay?.reserve === true ? Array<string>(RELAY_RESERVATIONS).fill(RELAY_SEARCH) : []
  const ranking = new AddressRanking()
  let dialer: Dialer | undefined
  const hold = new RedialHold()
  node = await createLibp2p({
    privateKey,
    start: false,
    addresses: o.announceOnly === true ? { listen: [...o.listen, ...circuits], announce: o.announce } : { listen: [...o.listen, ...circuits], appendAnnounce: o.announce },
    // WebSocket beside TCP: a listener on /tcp/443/ws passes networks that let only web ports out
    transports: [tcp(), await webSocketsFor(o.listen), relayTransport(gate)],
    // TLS first: two daemons settle on it; a Noise-only peer answers "na" to it and gets Noise
    connectionEncrypters: [coalescing(lazyTls()), coalescing(lazyNoise())],
    streamMuxers: [yamux()],
    services: {
      trust: () => gate, // recheck() after trust changes
      identify: identify({ timeout: IDENTIFY_TIMEOUT_MS }),
      ping: ping({ maxOutboundStreams: PING_OUTBOUND_STREAMS, maxInboundStreams: PING_INBOUND_STREAMS, timeout: PING_STREAM_LIFETIME_MS }),
      // in place of libp2p's connection monitor: the same pings, each connection at its own phase (liveness.ts)
      liveness: (components: LivenessComponents) => new Liveness(components, { intervalMs: PING_INTERVAL_MS, timeoutMs: PING_TIMEOUT_MS }),
      // gossipsub behind the gate: an untrusted peer never enters its peer set (so never the mesh), gets no message
      // and has its streams refused; one that becomes trusted while connected is announced to it then
      pubsub: gated(gate, gossipsub({
        // facts carry their own signatures and the message id is their hash: a second, per-hop libp2p
        // signature on every gossip message would add a sign and a verify per fact for nothing
        globalSignaturePolicy: 'StrictNoSign',
        allowPublishToZeroTopicPeers: true,
        emitSelf: false,
        // Only peers hosting endorsed actors reach gossipsub (the gater, the gate), so its sybil guard by IP only hurts: it
        // scores every peer below the publish threshold once more than 10 share an address — all of a mesh on one
        // host, or many machines behind one NAT — and then nothing is gossiped at all
        scoreParams: { IPColocationFactorWeight: 0, topics: Object.fromEntries((o.scoredTopics ?? []).map(t => [t, INVALID_ONLY])) },
        ...(o.messageId === undefined ? {} : { msgIdFn: (msg: { topic: string, data: Uint8Array }) => o.messageId!(msg.topic, msg.data) })
      })),
      // the DHT behind the gate: it answers only trusted peers, queries only them, and its routing table and every
      // closer-peers answer hold only them (the mapper drops the rest, the peer store does not show them)
      dht: gated(gate, kadDHT({
        protocol: DHT_PROTOCOL,
        clientMode: false,
        // loopback and private addresses are where meshes live; an untrusted peer has none to give
        peerInfoMapper: peer => gate.visible(peer.id.toString()) ? passthroughMapper(peer) : { ...peer, multiaddrs: [] },
        allowQueryWithZeroPeers: true,
        validators: { [DHT_NAMESPACE]: async (key: Uint8Array, value: Uint8Array) => o.dhtValidate?.(key, value) },
        selectors: { [DHT_NAMESPACE]: (key: Uint8Array, values: Uint8Array[]) => o.dhtSelect?.(key, values) ?? 0 }
      })),
      ...(o.relay?.serve === true ? { relay: relayServer() } : {}),
      dialer: (components: DialerComponents) => (dialer = new Dialer(components, ranking, hold)),
      lan: (components: ConstructorParameters<typeof LanDiscovery>[0]) => new LanDiscovery(components, {
        on: o.mdns === true && lanReachable(o.listen),
        isTrustedPeer: o.isTrustedPeer,
        dialer: () => dialer as Dialer
      })
    },
    connectionGater: {
      denyDialMultiaddr: () => false, // loopback and private addresses are where meshes live
      denyInboundEncryptedConnection: (peerId: PeerId) => !o.isTrustedPeer(peerId.toString()) && o.admitUntrusted?.(peerId.toString()) !== true &&
        !relay.strangerForRelay(peerId.toString()),
      // a cut-off peer never; one whose connections close as they open, not until its hold is over (libp2p's redials too)
      denyDialPeer: (peerId: PeerId) => o.isCutOff?.(peerId.toString()) === true || hold.heldFor(peerId.toString()) > 0,
      denyInboundRelayReservation: relay.denyInboundRelayReservation,
      denyOutboundRelayedConnection: relay.denyOutboundRelayedConnection,
      denyInboundRelayedConnection: relay.denyInboundRelayedConnection
    },
    connectionManager: {
      inboundConnectionThreshold: INBOUND_CONNECTIONS_PER_SECOND,
      maxIncomingPendingConnections: 64,
      // libp2p's own dials (the DHT, reconnects) try addresses one after another: the dialer's order, and one timeout
      // per address long enough for a relayed one (a single knob for both kinds) yet shorter than its default 6 s, so
      // a dead address first leaves the next one its turn inside libp2p's 10 s dial
      addressSorter: (a, b) => Math.sign(ranking.compare(a.multiaddr.toString(), b.multiaddr.toString())) as -1 | 0 | 1,
      addressDialTimeout: RELAY_ADDRESS_TIMEOUT_MS
    },
    connectionMonitor: { enabled: false } // liveness pings instead
  }) as unknown as MeshNode
  node.addEventListener('connection:open', evt => {
    const c = evt.detail
    const at = performance.now()
    // closed here on purpose: by close(), with no error; a reset or error, here or there, is the peer's doing
    c.addEventListener('close', e => { hold.closed(c.remotePeer.toString(), performance.now() - at, e.local === true && e.error === undefined) }, { once: true })
  })
  return node
}

/** A libp2p service factory given the gate's view of the components instead of the components. */
function gated<C extends object, S> (gate: TrustGate, factory: (components: C) => S): (components: C) => S {
  return components => factory(gate.view(components))
}
