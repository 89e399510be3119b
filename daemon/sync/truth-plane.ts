// The truth plane of one node: facts spread by gossip and repaired by sync on every connect, cards in the DHT,
// known peers kept connected, and connections dropped once a peer hosts no trusted actor any more.
import { KEEP_ALIVE } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import type { Core } from '../core.js'
import type { MeshNode } from '../net/node.js'
import { CardDht } from '../directory/dht.js'
import { errorText } from '../runtime/errors.js'
import { FactGossip } from './gossip.js'
import { SyncClient, serveSync } from './sync-protocol.js'
import { SYNC_PROTOCOL } from './constants.js'

const UNTRUSTED_GRACE_MS = 15_000 // an unknown peer let in while an invitation is open has this long to join

export class TruthPlane {
  readonly gossip: FactGossip
  readonly sync: SyncClient
  readonly dht: CardDht
  /** Peers let in for a join in progress, before they host a trusted actor. */
  readonly joining = new Set<string>()
  private readonly onChange = (): void => { void this.afterChange() }
  private readonly onConnect = (evt: CustomEvent<{ toString: () => string }>): void => {
    const peer = evt.detail.toString()
    this.republishSoon() // a bigger routing table: put our cards where more nodes can find them
    if (this.core.directory.isTrustedPeer(peer)) void this.sync.pull(peer)
    else setTimeout(() => this.dropUntrusted(), UNTRUSTED_GRACE_MS).unref() // let in for a join only
  }

  constructor (private readonly node: MeshNode, private readonly core: Core) {
    this.gossip = new FactGossip(node.services.pubsub, core)
    this.sync = new SyncClient(node, core)
    this.dht = new CardDht(node, core)
  }

  async start (): Promise<void> {
    await this.node.handle(SYNC_PROTOCOL, (stream, connection) => {
      serveSync(this.core, stream, connection).catch(err => {
        this.core.log.error('stream handler failed', { protocol: 'sync', error: errorText(err) }) // closes its stream, never the daemon
        stream.abort(err as Error)
      })
    }, { maxInboundStreams: 16, maxOutboundStreams: 16 })
    this.gossip.start()
    this.dht.start()
    this.core.lookupCard = async handle => await this.dht.lookup(handle)
    this.node.addEventListener('peer:connect', this.onConnect as never)
    this.core.events.on('directory:changed', this.onChange)
    for (const c of this.node.getConnections()) void this.sync.pull(c.remotePeer.toString())
    await this.keepPeers()
  }

  stop (): void {
    clearTimeout(this.republishTimer)
    this.core.events.off('directory:changed', this.onChange)
    this.node.removeEventListener('peer:connect', this.onConnect as never)
    this.core.lookupCard = undefined
    this.dht.stop()
    this.gossip.stop()
    this.sync.close()
  }

  private republishTimer?: NodeJS.Timeout
  private republishSoon (): void {
    if (this.republishTimer !== undefined) return
    this.republishTimer = setTimeout(() => { this.republishTimer = undefined; void this.dht.publishAll() }, 1000)
    this.republishTimer.unref()
  }

  private async afterChange (): Promise<void> {
    this.dropUntrusted()
    for (const c of this.node.getConnections()) void this.sync.pull(c.remotePeer.toString()) // newly trusted peers
    await this.keepPeers()
    await this.dht.publishAll()
  }

  /** A peer that hosts no trusted actor any more (revoked, say) is disconnected. */
  private dropUntrusted (): void {
    for (const c of this.node.getConnections()) {
      const peer = c.remotePeer.toString()
      if (this.core.directory.isTrustedPeer(peer) || this.joining.has(peer)) continue
      this.core.log.info('closing connection to an untrusted peer', { peer })
      void this.node.peerStore.merge(c.remotePeer, { tags: { [KEEP_ALIVE]: undefined } }).catch(() => {}) // no reconnecting
      void c.close().catch(() => {})
    }
  }

  /** Bootstrap peers, and (connectKnownPeers) every node hosting a known actor, are dialed and kept alive. */
  async keepPeers (): Promise<void> {
    const targets = new Map<string, string[]>()
    for (const b of this.core.ctx.config.bootstrap) {
      const m = /^(.*)\/p2p\/([^/]+)$/.exec(b)
      if (m !== null) targets.set(m[2], [...(targets.get(m[2]) ?? []), m[1]])
    }
    if (this.core.ctx.config.connectKnownPeers) {
      for (const c of this.core.directory.all()) if (!c.local && this.core.directory.isTrustedPeer(c.peerId)) targets.set(c.peerId, c.multiaddrs)
    }
    targets.delete(this.core.peerId)
    for (const [peer, addrs] of targets) {
      try {
        const pid = peerIdFromString(peer)
        await this.node.peerStore.merge(pid, { multiaddrs: addrs.map(a => multiaddr(a)), tags: { [KEEP_ALIVE]: { value: 1 } } })
        if (this.node.getConnections(pid).length === 0) void this.node.dial(pid, { signal: AbortSignal.timeout(5000) }).catch(() => {})
      } catch (err) {
        this.core.log.debug('cannot keep peer', { peer, error: errorText(err) })
      }
    }
  }
}
