// The composition root: store → libp2p node → deliver protocol → outbox worker → control API, stopped in
// reverse. start() and stop() are memoized; a failed start stops what it had started.
import { existsSync } from 'node:fs'
import { peerIdFromString } from '@libp2p/peer-id'
import type { Stream } from '@libp2p/interface'
import { errorText } from './runtime/errors.js'
import { MeshError, utf8 } from '../cards/index.js'
import { ControlServer, routes, SeatSocket, watchRoute } from './control/index.js'
import { socketIsLive } from './home/socket.js'
import { Core, type NodeView } from './core.js'
import { serveDeliver, peerRateFromEnv, OutboxWorker, SessionPool, TimedIdReaders } from './delivery/index.js'
import { WakeService } from './wake/index.js'
import { endWaits } from './messaging/index.js'
import { ClockWatch } from './runtime/clock-watch.js'
import { HomeLock } from './home/lock.js'
import { Directory, selectCardRecord, validateCardRecord } from './directory/index.js'
import { homePaths } from './home/paths.js'
import { createNode, relayWanted, DirectPreference, type MeshNode, DELIVER_PROTOCOL, DELIVER_PROTOCOL_2, AddressWatch, DialBack } from './net/index.js'
import { createLogger, type Logger } from './runtime/log.js'
import { HomeContext } from './home/context.js'
import { refreshLocalCard } from './setup/cards.js'
import { settleConflicts } from './setup/conflicts.js'
import { ExpiryWatch, FACTS_TOPIC, FACT_BATCH_TOPIC, TruthPlane, factMessageId } from './sync/index.js'
import { LEASE_PROTOCOL, LeaseWatch, askLease, serveLease } from './leases/index.js'
import { RetentionService } from './retention/index.js'
import { policySaver } from './home/config.js'
import { GuessLimiter, JOIN_PROTOCOL, serveJoin } from './join/index.js'
import type { A2ABridge, BridgeOptions } from './a2a/index.js'
import { ObserveBus, PeerSeen, metricsServer, requireLoopback } from './observe/index.js'
import type { UiOptions } from './ui/index.js'
import { TraceExport, otlpTracesUrl } from './trace/index.js'
import { MAILBOX_PROTOCOL, MailboxForwarder, MailboxHandoff, ReachWatch, liveReach, mailboxQuotaFromEnv, serveMailbox } from './mailbox/index.js'

// A node with a public address confirmed this recently relays by default: addresses of a VM change rarely, a laptop's
// public address (a café's) is seen only while it is there
const PUBLIC_CONFIRMED_FOR_MS = 7 * 86_400_000
const PUBLIC_CONFIRMED_KEY = 'reach.public_confirmed_at_ms'

/** Did a peer confirm a public address of this node within PUBLIC_CONFIRMED_FOR_MS? */
function publicConfirmedLately (ctx: HomeContext, nowMs: number): boolean {
  const at = Number(ctx.store.meta.get(PUBLIC_CONFIRMED_KEY) ?? NaN)
  return Number.isFinite(at) && nowMs - at < PUBLIC_CONFIRMED_FOR_MS
}

// Strangers mint peer ids at will: past this many, the set of refusals already logged is forgotten (one more line each)
const MAX_REFUSALS_LOGGED = 1024

export interface DaemonInfo {
  peerId: string
  addresses: string[]
  socket: string
  home: string
  /** The seat socket, when an isolated seat was hosted at start. */
  seatSocket?: string
  /** The A2A bridge's base URL when it runs. */
  a2a?: string
  /** The file holding the token the bridge requires, when it requires one (--a2a-token). */
  a2aToken?: string
  /** The Prometheus endpoint when it runs, e.g. http://127.0.0.1:9464/metrics. */
  metrics?: string
  /** The web page when it runs. */
  ui?: string
  /** Where spans are exported when traces are on (OTLP/HTTP). */
  traces?: string
}

export interface DaemonOptions {
  /** Run the A2A 1.0 bridge (off by default). */
  a2a?: BridgeOptions
  /** Serve Prometheus metrics on loopback (off by default). */
  metrics?: { port: number, host?: string }
  /** Serve the web page on loopback (off by default). */
  ui?: UiOptions
  /** Export traces to this OTLP/HTTP collector (off by default; config.json's otlpEndpoint when not given). */
  otlpEndpoint?: string
}

export class Daemon {
  private starting?: Promise<DaemonInfo>
  private stopping?: Promise<void>
  private ctx?: HomeContext
  private core?: Core
  private node?: MeshNode
  private truth?: TruthPlane
  private retention?: RetentionService
  private seen?: PeerSeen
  private bridge?: A2ABridge
  private addressWatch?: AddressWatch
  /** Public addresses confirmed by a trusted peer's dial-back: dialBack.confirmedPublic(). */
  dialBack?: DialBack
  /** What has started, in order: each is pushed as it is made, and stop() stops them in reverse. */
  private readonly running: Array<{ name: string, stop: () => Promise<void> | void }> = []
  private readonly startedAtMs = Date.now()
  private readonly refusalsLogged = new Set<string>()
  private cardsVersion = 0
  private relayServing = false
  readonly log: Logger = createLogger('daemon')

  constructor (readonly home: string, readonly opts: DaemonOptions = {}) {
    // refused before anything starts: one coded line, nothing listens
    requireLoopback('a2a', opts.a2a?.host)
    requireLoopback('metrics', opts.metrics?.host)
    requireLoopback('ui', opts.ui?.host)
    if (opts.otlpEndpoint !== undefined) otlpTracesUrl(opts.otlpEndpoint)
  }

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
    // the probe above answers the common case with no file touched; the lock decides between two started together
    // (a home that does not exist is left to HomeContext.open to refuse, not made here)
    if (existsSync(paths.root)) {
      const lock = HomeLock.take(paths.lock, this.home)
      this.started('lock', () => { lock.release() })
    }
    const ctx = this.ctx = HomeContext.open(this.home)
    this.started('home', () => ctx.close())
    const peerId = await ctx.peerId()
    const directory = new Directory(ctx, peerId)
    const core = this.core = new Core(ctx, directory, peerId, this.log)
    const traces = await this.startTraces(core, this.opts.otlpEndpoint ?? ctx.config.otlpEndpoint)
    // history ages out: before anything is served when the last compaction was long ago, a while after start, then
    // every few hours (the policy lives in config.json)
    const retention = this.retention = new RetentionService(core, policySaver(paths.config))
    this.started('retention', () => retention.stop())
    await retention.catchUp()
    // a relay for the mesh's members when the config says so; without a word in the config, when a peer confirmed a
    // public address of this node lately (libp2p's services are fixed at start: a first confirmation counts from the next)
    const relay = { serve: relayWanted(ctx.config.relay, publicConfirmedLately(ctx, Date.now())), reserve: true }
    this.relayServing = relay.serve
    const seen = this.seen = new PeerSeen(core, this.startedAtMs) // for status: a peer down since when
    seen.start()
    this.started('peer seen', () => seen.stop())

    const node = this.node = await createNode({
      seed: ctx.nodeKey().seed,
      listen: ctx.config.listen,
      announce: ctx.config.announce,
      announceOnly: ctx.config.announceOnly,
      isTrustedPeer: p => directory.isTrustedPeer(p),
      // an unknown peer gets in only while an invitation is open (or its join is under way), and then may only use
      // the join protocol: the DHT and gossip refuse it behind the node's trust gate, deliver and sync check it
      admitUntrusted: p => this.truth?.joining.has(p) === true || ctx.store.invites.anyOpen(Date.now()),
      onRefused: (peer, protocol) => { this.streamRefused(peer, protocol) },
      isCutOff: p => directory.isCutOff(p),
      messageId: factMessageId,
      scoredTopics: [FACTS_TOPIC, FACT_BATCH_TOPIC],
      dhtValidate: (key, value) => validateCardRecord(core, key, value),
      dhtSelect: (_key, values) => selectCardRecord(values),
      relay,
      mdns: ctx.config.mdns
    })
    this.started('libp2p', async () => await node.stop())
    const rate = peerRateFromEnv() // per peer, across all its deliver streams
    // both versions, one server: /2 says this node reads timed message ids, and peers that see it in identify use them.
    // Registered before the node listens: a sender retrying towards this node connects as soon as it does and opens
    // its deliver stream at once; refused then, its rows waited out their backoff on a connection that stayed up.
    await node.handle([DELIVER_PROTOCOL_2, DELIVER_PROTOCOL], (stream, connection) => { this.guard('deliver', stream, serveDeliver(core, stream, connection, rate)) }, { maxInboundStreams: 64, maxOutboundStreams: 64 })
    await node.start()
    const direct = new DirectPreference(node, p => directory.isTrustedPeer(p), (msg, fields) => { this.log.debug(msg, fields) })
    this.started('direct', () => direct.stop())
    direct.start()
    const timedIds = new TimedIdReaders(node)
    this.started('timed ids', () => timedIds.stop())
    timedIds.start()
    core.readsTimedIds = peer => timedIds.reads(peer)
    // role work: this node grants the leases on what its seats sent, and asks the sender's node for the rest
    await node.handle(LEASE_PROTOCOL, (stream, connection) => { this.guard('lease', stream, serveLease(core, stream, connection)) }, { maxInboundStreams: 16, maxOutboundStreams: 16 })
    core.askAuthority = async (peer, request) => await askLease(async (p, protocol, signal) => await node.dialProtocol(peerIdFromString(p), protocol, { signal }), peer, request)
    // what is timed to the wall clock is timed again when the machine slept or the clock was set
    const clock = new ClockWatch(deltaMs => {
      this.log.info('the wall clock jumped; what waits for a time is timed again', { deltaMs: Math.round(deltaMs) })
      core.events.emit('clock:jumped', { deltaMs })
    })
    this.started('clock', () => clock.stop())
    clock.start()
    const leases = new LeaseWatch(core)
    this.started('leases', () => leases.stop())
    leases.start()
    // this node's relay serving is decided at start; the mailboxes its seats name are the relays it knows (or the config's)
    ctx.liveReach = () => liveReach(ctx.config, directory, peerId, relay.serve)
    // the addresses cards state (relay reservations made or lost among them), checked again and again: a change re-signs
    await this.watchAddresses(ctx, core, node)
    for (const seat of ctx.store.identity.actors()) {
      if (seat.endorsement !== undefined) await refreshLocalCard(ctx, seat.handle)
    }
    settleConflicts(ctx) // conflicts a revocation settled while this node was stopped (or before it kept them per mesh)
    core.directoryChanged()
    core.events.on('directory:changed', () => { this.cardsVersion++ })
    core.events.on('directory:changed', () => { node.services.trust.recheck() }) // peers trusted while connected
    const expiry = new ExpiryWatch(core) // cut off at expiry, and renewals for the seats here installed
    this.started('expiry', () => expiry.stop())
    expiry.start()
    const reach = new ReachWatch(ctx.liveReach)
    core.events.on('directory:changed', () => { if (reach.changed()) void this.refreshCards('reach changed') }) // e.g. a relay's card arrived

    const bus = new ObserveBus(core)
    this.started('bus', () => bus.stop())
    bus.start()
    const sessions = new SessionPool(node, core, { version: () => this.cardsVersion, cards: () => this.localCards() }, timedIds)
    this.started('sessions', () => sessions.close())
    const handoff = new MailboxHandoff(core, node, ctx.config.mailboxAfterMs)
    const worker = new OutboxWorker(core, p => sessions.get(p), (p, items) => { handoff.unreachable(p, items) })
    this.started('outbox', async () => await worker.stop())
    node.addEventListener('peer:connect', evt => worker.peerConnected(evt.detail.toString()))
    const forwarder = new MailboxForwarder(core, p => sessions.get(p))
    this.started('mailbox', () => { forwarder.stop() })
    forwarder.start()
    node.addEventListener('peer:connect', evt => { forwarder.peerConnected(evt.detail.toString()) })
    const mailbox = { serving: () => relay.serve, held: () => { forwarder.forwardDue() }, quota: mailboxQuotaFromEnv() }
    await node.handle(MAILBOX_PROTOCOL, (stream, connection) => { this.guard('mailbox', stream, serveMailbox(core, stream, connection, mailbox)) }, { maxInboundStreams: 16 })
    node.addEventListener('peer:connect', evt => core.events.emit('peer', { peerId: evt.detail.toString(), status: 'up' }))
    node.addEventListener('peer:disconnect', evt => core.events.emit('peer', { peerId: evt.detail.toString(), status: 'down' }))
    worker.start()
    const wake = new WakeService(core)
    this.started('wake', async () => await wake.stop())
    await wake.start()

    const truth = this.truth = new TruthPlane(node, core)
    this.started('truth', () => truth.stop())
    await truth.start()
    const join = { joining: truth.joining, guesses: new GuessLimiter(), addresses: () => this.addresses() }
    await node.handle(JOIN_PROTOCOL, (stream, connection) => { this.guard('join', stream, serveJoin(core, stream, connection, join)) }, { maxInboundStreams: 4 })

    retention.start()
    const table = routes(core, this.view(), wake, retention)
    const streams = { watch: watchRoute(bus, core.store.messages, core.store.a2aClient) }
    // stopped after the control socket and the bridges (made later), before the store: calls still waiting end
    this.started('waits', () => { endWaits(core) })
    const control = new ControlServer(paths.socket, table, this.log, { streams })
    this.started('control', async () => await control.stop())
    await control.start()
    const seats = new SeatSocket({ path: ctx.config.seatSocket ?? paths.seatSocket, group: ctx.config.seatSocketGroup, routes: table, streams, tokens: ctx.store.seatTokens, log: this.log })
    this.started('seat socket', async () => await seats.stop())
    await seats.sync()
    core.events.on('directory:changed', () => { void seats.sync() }) // a seat isolated, rotated or made shared again
    if (this.opts.a2a !== undefined) await this.startBridge(this.opts.a2a, table, bus)
    const urls = await this.startHttp(core, bus, wake, table)
    const info = {
      peerId, addresses: this.addresses(), socket: paths.socket, home: this.home,
      ...(seats.listening === undefined ? {} : { seatSocket: seats.listening }),
      ...this.bridgeInfo(),
      ...urls,
      ...(traces === undefined ? {} : { traces })
    }
    this.log.info('daemon started', { ...info })
    return info
  }

  /** Spans of every step exported from before the first message can arrive, stopped after everything else. */
  private async startTraces (core: Core, endpoint: string | undefined): Promise<string | undefined> {
    if (endpoint === undefined) return undefined
    const traces = new TraceExport(core, otlpTracesUrl(endpoint))
    this.started('traces', async () => await traces.stop())
    await traces.start()
    return traces.url
  }

  /** The metrics endpoint and the web page, each only when asked for. */
  private async startHttp (core: Core, bus: ObserveBus, wake: WakeService, table: ReturnType<typeof routes>): Promise<{ metrics?: string, ui?: string }> {
    const urls: { metrics?: string, ui?: string } = {}
    const view = this.view()
    if (this.opts.metrics !== undefined) {
      // prom-client loads only here: a daemon without --metrics-port does not carry it (idle RSS)
      const { Metrics } = await import('./observe/metrics.js')
      const metrics = new Metrics(core, bus, view)
      this.started('metrics', () => metrics.stop())
      metrics.start()
      const server = metricsServer(metrics, this.opts.metrics.port, this.opts.metrics.host)
      this.started('metrics http', async () => await server.stop())
      await server.start()
      urls.metrics = `${server.baseUrl}/metrics`
    }
    if (this.opts.ui !== undefined) {
      const { uiServer } = await import('./ui/index.js') // the web page's server loads only with --ui-port
      const server = uiServer(this.home, { core, node: view, wake, bus }, table, this.opts.ui)
      this.started('ui http', async () => await server.stop())
      await server.start()
      urls.ui = `${server.baseUrl}/`
    }
    return urls
  }

  /** A DHT or gossip stream refused to a peer that hosts no trusted actor: counted always, logged once per peer and protocol. */
  private streamRefused (peer: string, protocol: string): void {
    const core = this.core
    if (core === undefined) return
    core.events.emit('refused', { what: 'stream', code: 'PEER_NOT_TRUSTED', reason: `${protocol} is served only to peers that host a trusted actor`, peer })
    const key = `${peer} ${protocol}`
    if (this.refusalsLogged.has(key)) return
    if (this.refusalsLogged.size >= MAX_REFUSALS_LOGGED) this.refusalsLogged.clear()
    this.refusalsLogged.add(key)
    this.log.warn('stream refused to an untrusted peer', { peer, protocol })
  }

  /** A protocol handler that fails in a way it did not handle closes its stream, never the daemon. */
  private guard (protocol: string, stream: Stream, served: Promise<void>): void {
    served.catch(err => {
      this.log.error('stream handler failed', { protocol, error: errorText(err) })
      stream.abort(err as Error)
    })
  }

  private bridgeInfo (): { a2a?: string, a2aToken?: string } {
    const b = this.bridge
    if (b === undefined) return {}
    return { a2a: b.baseUrl, ...(b.security() === undefined ? {} : { a2aToken: b.tokenPath }) }
  }

  /** The bridge listens, then every seat's card is re-signed to declare its endpoint (and its token scheme). */
  private async startBridge (opts: BridgeOptions, table: ReturnType<typeof routes>, bus: ObserveBus): Promise<void> {
    const ctx = this.ctx as HomeContext
    const id = ctx.store.identity
    if (opts.as !== undefined && id.actor(opts.as)?.hosted !== true) throw new MeshError('ACTOR_NOT_LOCAL', `--a2a-as ${opts.as}: no such seat is hosted here`)
    const hosted = (): string[] => id.actors().filter(a => a.hosted && a.endorsement !== undefined).map(a => a.handle)
    // the SDK's server and express load only here: a daemon without --a2a-port does not carry them (idle RSS)
    const { A2ABridge } = await import('./a2a/index.js')
    const bridge = this.bridge = new A2ABridge(opts, {
      home: this.home,
      routes: table,
      watch: bus,
      store: ctx.store,
      cardJson: h => hosted().includes(h) ? id.card(h)?.json : undefined,
      seats: hosted,
      log: this.log
    })
    this.started('a2a', async () => await bridge.stop())
    await bridge.start()
    ctx.liveInterfaces = h => bridge.interfaces(h)
    ctx.liveSecurity = () => bridge.security()
    for (const h of hosted()) await refreshLocalCard(ctx, h)
    ;(this.core as Core).directoryChanged()
  }

  /** Every endorsed seat's card re-signed if what it states changed; peers learn it as any new card. */
  private async refreshCards (why: string): Promise<void> {
    const ctx = this.ctx as HomeContext
    try {
      for (const seat of ctx.store.identity.actors()) {
        if (seat.hosted && seat.endorsement !== undefined) await refreshLocalCard(ctx, seat.handle)
      }
      ;(this.core as Core).directoryChanged()
    } catch (err) {
      this.log.warn('cards not refreshed', { why, error: errorText(err) })
    }
  }

  /** Pushes a part that has been made (started or about to start): stop() stops it, after every part made later. */
  private started (name: string, stop: () => Promise<void> | void): void {
    this.running.push({ name, stop })
  }

  /** Stops every part in reverse order of start; one that fails to stop is logged and the rest still stop. */
  private async doStop (): Promise<void> {
    for (let part = this.running.pop(); part !== undefined; part = this.running.pop()) {
      try {
        await part.stop()
      } catch (err) {
        this.log.warn(`${part.name} stop failed`, { error: errorText(err) })
      }
    }
    if (this.starting !== undefined) this.log.info('daemon stopped')
  }

  /** Honest addresses for cards and invites; public ones confirmed by dial-back; seats' cards re-signed as they change. */
  private async watchAddresses (ctx: HomeContext, core: Core, node: MeshNode): Promise<void> {
    const dialBack = this.dialBack = new DialBack(node, {
      isTrustedPeer: p => core.directory.isTrustedPeer(p),
      onRefused: (peer, reason) => { this.log.debug('dial-back refused', { peer, reason }) }
    })
    await dialBack.start()
    const watch = this.addressWatch = new AddressWatch(node, dialBack, {
      announce: ctx.config.announce,
      announceOnly: ctx.config.announceOnly,
      onChange: async addresses => {
        this.log.info('addresses changed; cards re-signed', { addresses })
        for (const seat of ctx.store.identity.actors()) if (seat.endorsement !== undefined) await refreshLocalCard(ctx, seat.handle)
        core.directoryChanged()
      },
      onConfirmed: confirmed => { if (confirmed.length > 0) this.publicConfirmed(ctx) },
      onWake: lateMs => { this.log.info('woke from sleep; addresses checked again', { lateMs }) },
      onError: err => { this.log.warn('address check failed', { error: errorText(err) }) }
    })
    this.started('addresses', () => { watch.stop() })
    watch.start()
    ctx.liveAddresses = () => watch.addresses()
  }

  /** A peer confirmed a public address of this node: remembered, so that a node left to decide relays from its next start. */
  private publicConfirmed (ctx: HomeContext): void {
    const first = !publicConfirmedLately(ctx, Date.now())
    ctx.store.meta.set(PUBLIC_CONFIRMED_KEY, String(Date.now()))
    if (first && ctx.config.relay === undefined && !this.relayServing) this.log.info('a public address of this node is confirmed: it serves as a relay for the mesh from its next start (config "relay": false says never)')
  }

  private addresses (): string[] {
    return this.addressWatch?.addresses() ?? []
  }

  private localCards (): Uint8Array[] {
    const id = (this.ctx as HomeContext).store.identity
    return id.actors().flatMap(a => {
      const c = id.card(a.handle)
      return c === undefined ? [] : [utf8(c.json)]
    })
  }

  private view (): NodeView {
    return {
      node: () => this.node as MeshNode,
      startedAtMs: this.startedAtMs,
      peerId: () => (this.core as Core).peerId,
      addresses: () => this.addresses(),
      reach: () => ({ relayServing: this.relayServing, confirmedPublic: this.dialBack?.confirmedPublic() ?? [] }),
      retention: () => this.retention?.view(),
      truth: () => ({ facts: (this.core as Core).store.facts.count(), head: (this.core as Core).store.facts.head(), gossip: this.truth?.gossip.stats, lan: this.node?.services.lan.stats }),
      peers: () => {
        const node = this.node as MeshNode
        const core = this.core as Core
        const connected = new Map<string, string[]>()
        const links = new Map<string, Array<{ address: string, encryption?: string, limited: boolean }>>()
        const rtt = new Map<string, number>() // the connection monitor's last ping; the best of several connections
        for (const c of node.getConnections()) {
          const p = c.remotePeer.toString()
          const list = connected.get(p) ?? []
          list.push(c.remoteAddr.toString())
          connected.set(p, list)
          links.set(p, [...links.get(p) ?? [], { address: c.remoteAddr.toString(), encryption: c.encryption, limited: c.limits !== undefined }])
          if (c.rtt !== undefined && c.rtt >= 0) rtt.set(p, Math.min(c.rtt, rtt.get(p) ?? Infinity))
        }
        const cutOff = new Map(core.directory.cutOffPeers().map(p => [p.peerId, p]))
        const ids = new Set([...core.directory.peerIds(), ...connected.keys(), ...cutOff.keys()])
        return [...ids].sort().map(peerId => ({
          peerId,
          addresses: connected.get(peerId) ?? core.directory.all().find(c => c.peerId === peerId)?.multiaddrs ?? cutOff.get(peerId)?.addresses ?? [],
          connected: connected.has(peerId),
          latencyMs: rtt.get(peerId),
          links: links.get(peerId) ?? [],
          handles: cutOff.get(peerId)?.handles ?? core.directory.handlesOnPeer(peerId),
          sync: this.truth?.sync.stats.get(peerId),
          ...(connected.has(peerId) ? {} : { downSince: this.seen?.downSince(peerId) }),
          ...(cutOff.has(peerId) ? { cutOff: cutOff.get(peerId)?.reason } : {})
        }))
      }
    }
  }
}
