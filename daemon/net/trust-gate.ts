// The view of libp2p that the DHT and gossipsub are built on, in which a peer that hosts no trusted actor does not
// exist: its streams are refused as they open, topologies hear of it only once it is trusted, no stream is opened
// to it, and the peer store does not know it. Trust is asked at the time of each stream, never cached.
import { NotFoundError, isPeerId, type Connection, type PeerId, type Stream, type StreamHandler, type Topology } from '@libp2p/interface'
import { MeshError } from '../../cards/index.js'

const MAX_HELD_PEERS = 1024 // untrusted peers whose topology notices wait; closed ones are dropped past this

interface Held {
  connection: Connection
  notify: () => void
}

// boundary: the overrides stand in for libp2p's own methods, whose parameter types differ per method
type Overrides = Record<string, (...args: any[]) => unknown>

/** A proxy of `target` whose listed methods are replaced and whose other methods stay bound to the target. */
function override<T extends object> (target: T, overrides: Overrides): T {
  return new Proxy(target, {
    get: (t, prop) => {
      if (typeof prop === 'string' && prop in overrides) return overrides[prop]
      const value = Reflect.get(t, prop)
      return typeof value === 'function' ? value.bind(t) : value
    }
  })
}

export class TrustGate {
  private readonly held = new Map<string, Held[]>()

  /**
   * `self`: this node's peer id; `trusted`: whether a peer hosts a trusted actor now; `refused`: told of every
   * stream refused, for the log and the metrics.
   */
  constructor (
    private readonly self: string,
    private readonly trusted: (peerId: string) => boolean,
    private readonly refused?: (peerId: string, protocol: string) => void
  ) {}

  /** This node, or a peer that hosts a trusted actor now. */
  visible (peerId: string): boolean {
    return peerId === this.self || this.trusted(peerId)
  }

  /** After trust changed: topologies hear of the peers that became trusted while connected. */
  recheck (): void {
    for (const [peer, list] of this.held) {
      const open = list.filter(h => h.connection.status === 'open')
      if (open.length === 0 || this.visible(peer)) this.held.delete(peer)
      else this.held.set(peer, open)
      if (open.length > 0 && this.visible(peer)) for (const h of open) h.notify()
    }
  }

  /** The components a libp2p service is built with, seen through the gate. */
  view<C extends object> (components: C): C {
    const views = new Map<string, unknown>()
    // boundary: each wrapper takes the libp2p component of that name, typed only where it is used
    const wrappers: Record<string, (value: any) => unknown> = {
      registrar: r => override(r, {
        handle: async (protocol: string, handler: StreamHandler, options?: unknown) => await r.handle(protocol, this.guard(protocol, handler), options),
        register: async (protocol: string, topology: Topology, options?: unknown) => await r.register(protocol, this.topology(topology), options)
      }),
      connectionManager: cm => override(cm, {
        openStream: async (peer: unknown, protocols: string | string[], options?: unknown) => {
          if (!isPeerId(peer) || !this.visible(peer.toString())) throw new MeshError('PEER_NOT_TRUSTED', `no ${String(protocols)} stream to a peer that hosts no trusted actor`)
          return await cm.openStream(peer, protocols, options)
        }
      }),
      peerStore: ps => override(ps, {
        get: async (peerId: PeerId, options?: unknown) => await this.known(peerId, async () => await ps.get(peerId, options)),
        getInfo: async (peerId: PeerId, options?: unknown) => await this.known(peerId, async () => await ps.getInfo(peerId, options)),
        has: async (peerId: PeerId, options?: unknown) => this.visible(peerId.toString()) && await ps.has(peerId, options),
        all: async (query?: unknown) => (await ps.all(query)).filter((p: { id: PeerId }) => this.visible(p.id.toString()))
      })
    }
    return new Proxy(components, {
      get: (target, prop) => {
        const value = Reflect.get(target, prop)
        const wrap = typeof prop === 'string' ? wrappers[prop] : undefined
        if (wrap === undefined || value == null) return value
        if (!views.has(prop as string)) views.set(prop as string, wrap(value))
        return views.get(prop as string)
      }
    })
  }

  private guard (protocol: string, handler: StreamHandler): StreamHandler {
    return (stream: Stream, connection: Connection) => {
      const peer = connection.remotePeer.toString()
      if (this.visible(peer)) return handler(stream, connection)
      this.refused?.(peer, protocol)
      stream.abort(new MeshError('PEER_NOT_TRUSTED', `${protocol} is served only to peers that host a trusted actor`))
    }
  }

  private topology (t: Topology): Topology {
    return {
      ...t,
      onConnect: (peerId: PeerId, connection: Connection) => {
        const peer = peerId.toString()
        if (this.visible(peer)) return t.onConnect?.(peerId, connection)
        this.hold(peer, { connection, notify: () => { void Promise.resolve(t.onConnect?.(peerId, connection)).catch(() => {}) } })
      },
      onDisconnect: (peerId: PeerId) => {
        this.held.delete(peerId.toString())
        return t.onDisconnect?.(peerId)
      }
    }
  }

  private hold (peer: string, h: Held): void {
    if (this.held.size >= MAX_HELD_PEERS) {
      for (const [p, list] of this.held) if (list.every(x => x.connection.status !== 'open')) this.held.delete(p)
      if (this.held.size >= MAX_HELD_PEERS) return // a flood of strangers; one that joins reconnects as a member
    }
    this.held.set(peer, [...this.held.get(peer) ?? [], h])
  }

  private async known<T> (peerId: PeerId, read: () => Promise<T>): Promise<T> {
    if (!this.visible(peerId.toString())) throw new NotFoundError('no such peer') // what the peer store says of a peer it never met
    return await read()
  }
}
