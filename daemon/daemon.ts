// The composition root: store → libp2p node → deliver protocol → outbox worker → control API, stopped in
// reverse. start() and stop() are memoized; a failed start stops what it had started.
import { KEEP_ALIVE } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { MeshError, utf8 } from '../cards/index.js'
import { ControlServer, socketIsLive } from './control/server.js'
import { routes, type NodeView } from './control/routes.js'
import { Core } from './core.js'
import { serveDeliver } from './delivery/deliver-server.js'
import { OutboxWorker } from './delivery/outbox-worker.js'
import { PeerSession } from './delivery/peer-session.js'
import { Directory } from './directory/directory.js'
import { homePaths } from './home/paths.js'
import { createNode, type MeshNode } from './net/node.js'
import { DELIVER_PROTOCOL } from './net/constants.js'
import { createLogger, type Logger } from './runtime/log.js'
import { HomeContext } from './setup/context.js'
import { refreshLocalCard } from './setup/cards.js'

export interface DaemonInfo {
  peerId: string
  addresses: string[]
  socket: string
  home: string
}

export class Daemon {
  private starting?: Promise<DaemonInfo>
  private stopping?: Promise<void>
  private ctx?: HomeContext
  private core?: Core
  private node?: MeshNode
  private worker?: OutboxWorker
  private control?: ControlServer
  private readonly sessions = new Map<string, PeerSession>()
  private cardsVersion = 0
  readonly log: Logger = createLogger('daemon')

  constructor (readonly home: string) {}

  async start (): Promise<DaemonInfo> {
    this.starting ??= this.doStart().catch(async err => {
      await this.stop()
      throw err
    })
    return await this.starting
  }

  async stop (): Promise<void> {
    this.stopping ??= this.doStop()
    await this.stopping
  }

  private async doStart (): Promise<DaemonInfo> {
    const paths = homePaths(this.home)
    if (await socketIsLive(paths.socket)) throw new MeshError('DAEMON_ALREADY_RUNNING', `a daemon already runs for ${this.home}`)
    const ctx = this.ctx = HomeContext.open(this.home)
    const peerId = await ctx.peerId()
    const directory = new Directory(ctx, peerId)
    const core = this.core = new Core(ctx, directory, peerId, this.log)

    const node = this.node = await createNode({
      seed: ctx.nodeKey().seed,
      listen: ctx.config.listen,
      announce: ctx.config.announce,
      isTrustedPeer: p => directory.isTrustedPeer(p)
    })
    await node.start()
    await node.handle(DELIVER_PROTOCOL, (stream, connection) => { void serveDeliver(core, stream, connection) }, { maxInboundStreams: 64, maxOutboundStreams: 64 })
    ctx.liveAddresses = () => this.addresses()
    for (const seat of ctx.store.identity.actors()) {
      if (seat.endorsement !== undefined) await refreshLocalCard(ctx, seat.handle)
    }
    core.directoryChanged()
    core.events.on('directory:changed', () => { this.cardsVersion++; void this.keepPeers() })

    const worker = this.worker = new OutboxWorker(core, p => this.session(p))
    node.addEventListener('peer:connect', evt => worker.peerConnected(evt.detail.toString()))
    worker.start()

    this.control = new ControlServer(paths.socket, routes(core, this.view()), this.log)
    await this.control.start()
    void this.keepPeers()
    const info = { peerId, addresses: this.addresses(), socket: paths.socket, home: this.home }
    this.log.info('daemon started', { ...info })
    return info
  }

  private async doStop (): Promise<void> {
    await this.control?.stop().catch(err => this.log.warn('control stop failed', { error: (err as Error).message }))
    await this.worker?.stop()
    for (const s of this.sessions.values()) s.close()
    this.sessions.clear()
    try {
      await this.node?.stop()
    } catch (err) {
      this.log.warn('libp2p stop failed', { error: (err as Error).message })
    }
    this.ctx?.close()
    if (this.starting !== undefined) this.log.info('daemon stopped')
  }

  private addresses (): string[] {
    const seen = new Set<string>()
    for (const a of this.node?.getMultiaddrs() ?? []) seen.add(a.toString().replace(/\/p2p\/[^/]+$/, ''))
    return [...seen]
  }

  private session (peerId: string): PeerSession {
    let s = this.sessions.get(peerId)
    if (s === undefined) {
      s = new PeerSession(this.node as MeshNode, this.core as Core, peerId, () => this.localCards())
      this.sessions.set(peerId, s)
    }
    return s
  }

  private localCards (): { version: number, cards: Uint8Array[] } {
    const id = (this.ctx as HomeContext).store.identity
    const cards = id.actors().flatMap(a => {
      const c = id.card(a.handle)
      return c === undefined ? [] : [utf8(c.json)]
    })
    return { version: this.cardsVersion, cards }
  }

  /** Known peers are kept connected (KEEP_ALIVE), so a peer that comes back is dialed and its outbox flushed. */
  private async keepPeers (): Promise<void> {
    const node = this.node
    const core = this.core
    if (node === undefined || core === undefined) return
    for (const peer of core.directory.peerIds()) {
      const current = core.directory.all().find(c => c.peerId === peer)
      try {
        const pid = peerIdFromString(peer)
        await node.peerStore.merge(pid, { multiaddrs: (current?.multiaddrs ?? []).map(a => multiaddr(a)), tags: { [KEEP_ALIVE]: { value: 1 } } })
        if (node.getConnections(pid).length === 0) void node.dial(pid, { signal: AbortSignal.timeout(5000) }).catch(() => {})
      } catch (err) {
        this.log.debug('cannot keep peer', { peer, error: (err as Error).message })
      }
    }
  }

  private view (): NodeView {
    return {
      peerId: () => (this.core as Core).peerId,
      addresses: () => this.addresses(),
      peers: () => {
        const node = this.node as MeshNode
        const core = this.core as Core
        const connected = new Map<string, string[]>()
        for (const c of node.getConnections()) {
          const list = connected.get(c.remotePeer.toString()) ?? []
          list.push(c.remoteAddr.toString())
          connected.set(c.remotePeer.toString(), list)
        }
        const ids = new Set([...core.directory.peerIds(), ...connected.keys()])
        return [...ids].sort().map(peerId => ({
          peerId,
          addresses: connected.get(peerId) ?? core.directory.all().find(c => c.peerId === peerId)?.multiaddrs ?? [],
          connected: connected.has(peerId),
          handles: core.directory.handlesOnPeer(peerId)
        }))
      }
    }
  }
}
