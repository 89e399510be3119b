// The truth plane of one node: facts spread by gossip and repaired by sync on every connect, cards and skills in the DHT,
// known peers kept connected, and connections dropped once a peer hosts no trusted actor any more.
import { KEEP_ALIVE, type Connection, type PeerId } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import type { Core } from '../core.js'
import { type MeshNode, KEEP_PEERS_MS } from '../net/index.js'
import { CardDht } from '../directory/index.js'
import { CARDS_PROTOCOL, serveCards } from './cards-protocol.js'
import { SkillDht } from './skill-dht.js'
import { errorText } from '../runtime/errors.js'
import { FactGossip } from './gossip.js'
import { serveSync } from './sync-server.js'
import { SyncClient } from './sync-client.js'
import { SYNC_PROTOCOL } from './constants.js'

const UNTRUSTED_GRACE_MS = 15_000 // an unknown peer let in while an invitation is open has this long to join
const GRACE_SLACK_MS = 500 // the check at the end of a grace runs a little after it, so that grace is over by then
export const REPUBLISH_ON_CONNECT_MS = 60_000 // connect puts are at least this far apart
export const CONNECTS_QUIET_MS = 3000 // a put for new connections waits until none came for this long
const MAX_PUT_WAIT_MS = 30_000 // but no longer than this after the first connect that asked for it
const GOSSIP_GRACE_MS = 10_000 // gossipsub opens its stream as a connection starts; after this long, a missing one is reopened

/** What repairGossip needs of gossipsub beyond its typed surface (checked at run time). */
interface GossipInternals {
  streamsOutbound?: Map<string, { rawStream?: { status?: string } }>
  createOutboundStream?: (peer: PeerId, connection: Connection) => Promise<void>
}

export class TruthPlane {
  readonly gossip: FactGossip
  readonly sync: SyncClient
  readonly dht: CardDht
  readonly skills: SkillDht
  /** Peers let in for a join in progress, before they host a trusted actor. */
  readonly joining = new Set<string>()
  private readonly onChange = (): void => { void this.afterChange() }
  private readonly onConnect = (evt: CustomEvent<{ toString: () => string }>): void => {
    const peer = evt.detail.toString()
    if (this.core.directory.isTrustedPeer(peer)) {
      if (this.dht.underPlaced) this.republishSoon() // a bigger routing table: put our cards where more nodes can find them
      void this.sync.pull(peer)
    } else {
      setTimeout(() => this.dropUntrusted(), UNTRUSTED_GRACE_MS + GRACE_SLACK_MS).unref() // let in for a join only
    }
  }

  constructor (private readonly node: MeshNode, private readonly core: Core) {
    this.gossip = new FactGossip(node.services.pubsub, core)
    this.sync = new SyncClient(node, core)
    this.dht = new CardDht(node, core)
    this.skills = new SkillDht(node, core)
  }

  async start (): Promise<void> {
    await this.node.handle(SYNC_PROTOCOL, (stream, connection) => {
      serveSync(this.core, stream, connection).catch(err => {
        this.core.log.error('stream handler failed', { protocol: 'sync', error: errorText(err) }) // closes its stream, never the daemon
        stream.abort(err as Error)
      })
    }, { maxInboundStreams: 16, maxOutboundStreams: 16 })
    await this.node.handle(CARDS_PROTOCOL, (stream, connection) => {
      serveCards(this.core, stream, connection).catch(err => {
        this.core.log.debug('stream handler failed', { protocol: 'cards', error: errorText(err) })
        stream.abort(err as Error)
      })
    }, { maxInboundStreams: 8, maxOutboundStreams: 16 })
    this.gossip.start()
    this.dht.start(async () => await this.skills.provideAll())
    this.core.lookupCard = async handle => await this.dht.lookup(handle)
    this.core.searchSkill = async (skill, known) => await this.skills.search(skill, known)
    this.node.addEventListener('peer:connect', this.onConnect as never)
    this.core.events.on('directory:changed', this.onChange)
    for (const c of this.node.getConnections()) void this.sync.pull(c.remotePeer.toString())
    await this.keepPeers()
    // libp2p redials a KEEP_ALIVE peer after a connection drops, a few times; a peer whose first dial failed (it was
    // down, or the machine too busy to finish the handshake in time) or that stayed away longer is dialed from here
    this.keepTimer = setInterval(() => { this.repairGossip(); void this.keepPeers(true) }, KEEP_PEERS_MS)
    this.keepTimer.unref()
  }

  stop (): void {
    clearInterval(this.keepTimer)
    clearTimeout(this.republishTimer)
    this.core.events.off('directory:changed', this.onChange)
    this.node.removeEventListener('peer:connect', this.onConnect as never)
    this.core.lookupCard = undefined
    this.core.searchSkill = undefined
    this.dht.stop()
    this.gossip.stop()
    this.sync.close()
  }

  private republishTimer?: NodeJS.Timeout
  private keepTimer?: NodeJS.Timeout
  private lastRepublish = -Infinity
  private republishAsked = 0 // when the pending put was first asked for
  /**
   * A new connection makes the routing table bigger: while the last put stored our cards at fewer than PLACED_REPLICAS
   * peers, they are put again once connects have paused for CONNECTS_QUIET_MS (at most MAX_PUT_WAIT_MS after the
   * first that asked). A mesh forming puts once it has formed, into the whole routing table, rather than into the
   * first few peers. Connect puts are at least REPUBLISH_ON_CONNECT_MS apart, unless more trusted peers are connected
   * now than when any put so far began: the spacing holds back puts into the same peers (every put is a DHT query
   * that dials the closest peers, and each of those connects would ask for another put: unthrottled, a mesh of 30
   * starting together fed itself dials), while a node that started before most of its mesh reached only a few, and
   * would otherwise put again a minute later, when the mesh is at work. Once a put reached PLACED_REPLICAS peers, a
   * connect asks for none: in a mesh of 30, every node coming back would otherwise have the 29 others each run a
   * query and 20 card checks, all in the same second; the records are put again every REPUBLISH_MS and on every change.
   */
  private republishSoon (): void {
    const now = Date.now()
    if (this.republishTimer === undefined) this.republishAsked = now
    clearTimeout(this.republishTimer)
    const quiet = Math.min(now + CONNECTS_QUIET_MS, this.republishAsked + MAX_PUT_WAIT_MS)
    // the spacing holds back puts into the same peers; a routing table that grew since the last put is owed one now
    const at = this.dht.moreToReach ? quiet : Math.max(quiet, this.lastRepublish + REPUBLISH_ON_CONNECT_MS)
    this.republishTimer = setTimeout(() => {
      this.republishTimer = undefined
      if (!this.dht.underPlaced) return // a put since the connect that asked for this one placed the cards
      this.lastRepublish = Date.now()
      void this.dht.publishAll('connect')
      void this.skills.provideAll()
    }, at - now)
    this.republishTimer.unref()
  }

  private async afterChange (): Promise<void> {
    this.dropUntrusted()
    for (const c of this.node.getConnections()) void this.sync.pull(c.remotePeer.toString()) // newly trusted peers
    await this.keepPeers()
    await this.dht.publishAll('change')
    await this.skills.provideAll(false)
  }

  /**
   * gossipsub hears of a peer only once identify on its connection is done (libp2p's registrar tells its topologies
   * then, the DHT's too), and identify runs once per connection: when it failed (it timed out on a busy machine),
   * the peer stays outside gossip and the DHT for as long as that connection lives. Such a peer is identified again.
   * gossipsub also opens its outbound stream to a peer once, when the peer connects, and forgets it when it fails (a
   * write that timed out, say); until the connection is replaced, facts reach that peer only by the sync tail, and
   * the peer does not learn we subscribe. Every KEEP_PEERS_MS, a trusted peer connected for a while without that
   * stream gets it again (gossipsub also sends our subscriptions on it). A stream the peer reset as it opened (we
   * were a stranger to it then, say) can stay in gossipsub's map, dead: it counts as none.
   */
  private repairGossip (): void {
    const ps = this.node.services.pubsub as unknown as GossipInternals
    if (!(ps.streamsOutbound instanceof Map) || typeof ps.createOutboundStream !== 'function') return
    const known = new Set(this.node.services.pubsub.getPeers().map(p => p.toString()))
    const now = Date.now()
    for (const c of this.node.getConnections()) {
      const peer = c.remotePeer.toString()
      const out = ps.streamsOutbound.get(peer)
      const live = out !== undefined && (out.rawStream?.status ?? 'open') === 'open'
      if (c.status !== 'open' || live || now - c.timeline.open < GOSSIP_GRACE_MS || !this.core.directory.isTrustedPeer(peer)) continue
      if (!known.has(peer)) {
        this.core.log.info('identifying a peer again', { peer })
        void this.node.services.identify.identify(c).catch(() => {}) // done, it tells gossipsub, which opens its stream
        continue
      }
      if (out !== undefined) ps.streamsOutbound.delete(peer)
      this.core.log.info('reopening the gossip stream to a peer', { peer })
      void ps.createOutboundStream(c.remotePeer, c).catch(() => {})
    }
  }

  /**
   * A peer that hosts no trusted actor any more (revoked, say) is disconnected; so is a stranger once its grace is
   * over. Within its grace a stranger keeps its connection whatever changes meanwhile (a card re-signed anywhere):
   * it came for a join, here or, at a relay, through a circuit to a member.
   */
  private dropUntrusted (): void {
    const now = Date.now()
    for (const c of this.node.getConnections()) {
      const peer = c.remotePeer.toString()
      if (this.core.directory.isTrustedPeer(peer) || this.joining.has(peer)) continue
      if (!this.core.directory.isCutOff(peer) && now - c.timeline.open < UNTRUSTED_GRACE_MS) continue
      this.core.log.info('closing connection to an untrusted peer', { peer })
      void this.node.peerStore.merge(c.remotePeer, { tags: { [KEEP_ALIVE]: undefined } }).catch(() => {}) // no reconnecting
      void c.close().catch(() => {})
    }
  }

  /**
   * Bootstrap peers, and (connectKnownPeers) every node hosting a known actor, are dialed and kept alive;
   * `unconnectedOnly`: the periodic sweep, which leaves connected peers' records alone.
   */
  async keepPeers (unconnectedOnly = false): Promise<void> {
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
        if (unconnectedOnly && this.node.getConnections(pid).length > 0) continue
        await this.node.peerStore.merge(pid, { multiaddrs: addrs.map(a => multiaddr(a)), tags: { [KEEP_ALIVE]: { value: 1 } } })
        if (this.node.getConnections(pid).length === 0) void this.node.services.dialer.connect(peer, addrs).catch(() => {})
      } catch (err) {
        this.core.log.debug('cannot keep peer', { peer, error: errorText(err) })
      }
    }
  }
}
