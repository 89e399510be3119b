// LAN discovery with mDNS, for peers that host a trusted actor only: a peer found on the LAN is remembered and dialed
// when it hosts a trusted actor and is otherwise ignored — never dialed, and nothing of it reaches the peer store.
import type { mdns } from '@libp2p/mdns'
import type { PeerDiscovery, PeerId, PeerInfo, Startable } from '@libp2p/interface'
import { multiaddr } from '@multiformats/multiaddr'
import { isLoopback } from '@libp2p/utils'
import type { Dialer } from './dialer.js'

/**
 * mDNS queries the LAN this often (libp2p's default is 10 s): a peer that comes up answers the others' next query
 * and sends its own at once, so two nodes find each other within seconds of the later one starting.
 */
const QUERY_INTERVAL_MS = 10_000
/** Our service name on the LAN: other libp2p programs (IPFS, …) use _p2p._udp and need not hear us. */
const SERVICE_TAG = '_aios-comm._udp.local'

export interface LanStats {
  /** Whether mDNS runs here (config `mdns`, and the node listens on more than loopback). */
  on: boolean
  /** Answers from peers that host a trusted actor: each is remembered and dialed unless connected. */
  trusted: number
  /** Peers found that host no trusted actor: ignored. */
  ignored: number
}

/**
 * Wraps libp2p's mDNS so that libp2p never hears of what it finds: as a plain peer discovery it would merge every
 * LAN announcer's addresses into the peer store (libp2p does that for each discovery), where the DHT and the dial
 * queue could use them. This service is no peer discovery to libp2p; it hands only trusted peers to the dialer.
 */
export class LanDiscovery implements Startable {
  readonly stats: LanStats
  private readonly self: string
  private mdns?: PeerDiscovery & Partial<Startable>
  private stopped = false

  constructor (private readonly components: Parameters<ReturnType<typeof mdns>>[0] & { peerId: PeerId }, private readonly o: {
    on: boolean
    isTrustedPeer: (peerId: string) => boolean
    dialer: () => Dialer
  }) {
    this.stats = { on: o.on, trusted: 0, ignored: 0 }
    this.self = components.peerId.toString()
  }

  async start (): Promise<void> {
    if (!this.o.on) return
    // the mDNS module loads only here: a node that does not run it (loopback only, or "mdns": false) never carries it
    const { mdns } = await import('@libp2p/mdns')
    if (this.stopped) return
    const discovery = this.mdns = mdns({ interval: QUERY_INTERVAL_MS, serviceTag: SERVICE_TAG })(this.components) as PeerDiscovery & Partial<Startable>
    discovery.addEventListener('peer', evt => { this.found(evt.detail) })
    await discovery.start?.()
  }

  async stop (): Promise<void> {
    this.stopped = true
    await this.mdns?.stop?.()
  }

  private found (peer: PeerInfo): void {
    const id = peer.id.toString()
    if (id === this.self) return
    if (!this.o.isTrustedPeer(id)) {
      this.stats.ignored++
      return
    }
    this.stats.trusted++
    const dialer = this.o.dialer()
    dialer.learn(id, peer.multiaddrs.map(a => a.toString()))
    void dialer.connect(id).catch(() => {}) // an open connection is reused; a failed dial is tried again by whoever needs it
  }
}

/** mDNS only where a LAN peer could reach us: a node listening on loopback alone has nothing to announce. */
export function lanReachable (listen: string[]): boolean {
  return listen.some(a => {
    try {
      return !isLoopback(multiaddr(a))
    } catch {
      return false
    }
  })
}
