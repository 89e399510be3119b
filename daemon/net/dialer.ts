// Dialing that finds the way: a peer's addresses in the order AddressRanking gives, each with a short timeout of
// its own, started staggered (happy eyeballs, RFC 8305) inside one overall budget; the first connection wins and the
// other attempts are aborted; the address that worked is remembered for the next dial. A connection the peer opens
// to this node while the dial runs ends it too, and then its own attempts run on (AddressRace.adopt).
import type { Connection, ConnectionGater, Libp2pEvents, PeerId, PeerInfo, PeerStore, Startable, TypedEventTarget } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr, type Multiaddr } from '@multiformats/multiaddr'
import type { AddressRanking } from './address-rank.js'
import type { RedialHold } from './redial-hold.js'

/**
 * One direct address: TCP + TLS + yamux take ~3 round trips — 30 ms on a LAN, well under 1 s across the world — and
 * the CPU of both ends, which a loaded host gives late: 30 daemons on 2 cores took over 2 s per handshake on
 * loopback, and at 1.5 s every dial between them failed and waited for a retry. A dead address listed first does not
 * hold the others up (the next one starts STAGGER_MS later), so this only bounds a dial whose every address hangs.
 */
export const ADDRESS_TIMEOUT_MS = 6000 // libp2p's own addressDialTimeout
/** A relayed address: a handshake with the relay, its hop to the peer, then the end-to-end handshake: about twice. */
export const RELAY_ADDRESS_TIMEOUT_MS = 4000
/** The next address starts this long after the previous one unless that one failed sooner (RFC 8305 §5: 250 ms). */
export const STAGGER_MS = 250
/** The whole dial: every rank gets its turn on a slow path, and a sender still learns within seconds. */
export const DIAL_BUDGET_MS = 12_000
/** Addresses tried per dial: a card names a few; more is noise (libp2p's own cap is 25). */
const MAX_ADDRESSES = 16
/** Addresses remembered per peer from the LAN (mDNS): a host has a few interfaces. */
const MAX_LEARNED = 8

export interface DialerComponents {
  peerId: PeerId
  transportManager: { dial: (ma: Multiaddr, options: { signal: AbortSignal }) => Promise<Connection> }
  connectionManager: { getConnections: (peerId?: PeerId) => Connection[] }
  connectionGater: ConnectionGater
  peerStore: PeerStore
  peerRouting: { findPeer: (peerId: PeerId, options?: { signal?: AbortSignal }) => Promise<PeerInfo> }
  events: TypedEventTarget<Libp2pEvents>
}

/** One dial in flight: its result, a way to give it an address learned while it runs, and one to end it with a connection. */
interface Race {
  done: Promise<Connection>
  add: (addr: string) => void
  adopt: (conn: Connection) => void
}

export class Dialer implements Startable {
  private readonly inFlight = new Map<string, Race>()
  private readonly learned = new Map<string, string[]>()
  private shutdown = new AbortController()

  constructor (private readonly c: DialerComponents, readonly ranking: AddressRanking, private readonly hold?: RedialHold) {}

  start (): void {
    this.shutdown = new AbortController()
    this.c.events.addEventListener('connection:open', this.onOpen)
  }

  stop (): void {
    this.shutdown.abort()
    this.c.events.removeEventListener('connection:open', this.onOpen)
  }

  /**
   * The peer connected to this node while a dial to it runs (it came back and dialed first, or it reaches this node
   * while its own addresses hang): the dial ends with that connection. Otherwise a sender waited for the last of its
   * attempts to time out (6 s, up to the 12 s budget), then failed the batch and held its rows for a backoff, with
   * the peer's connection open all along. Only inbound connections: an outbound one is this dial's own or another's.
   * Not a relayed connection with limits: it carries only what the relay allows, where the dial may find a direct one.
   */
  private readonly onOpen = (evt: CustomEvent<Connection>): void => {
    const conn = evt.detail
    if (conn.direction !== 'inbound' || conn.status !== 'open' || conn.limits !== undefined) return
    this.inFlight.get(conn.remotePeer.toString())?.adopt(conn)
  }

  /**
   * An open connection to `peerId`: the one there is, or a new one over the best of `addrs`, the addresses the peer
   * store holds and those found on the LAN. One dial per peer at a time: a second caller joins the first, and its
   * addresses are tried in that dial too. Protocols are opened after it with `dialProtocol`, which reuses the
   * open connection.
   */
  async connect (peerId: string, addrs: string[] = []): Promise<Connection> {
    const pid = peerIdFromString(peerId)
    const open = this.c.connectionManager.getConnections(pid).find(x => x.status === 'open')
    if (open !== undefined) return open
    const running = this.inFlight.get(peerId)
    if (running !== undefined) {
      for (const a of addrs) running.add(a)
      return await running.done
    }
    const race = this.dial(pid, addrs)
    this.inFlight.set(peerId, race)
    try {
      return await race.done
    } finally {
      if (this.inFlight.get(peerId) === race) this.inFlight.delete(peerId)
    }
  }

  /** Addresses a trusted peer was found at on the LAN: tried in a dial under way, and with its card's from now on. */
  learn (peerId: string, addrs: string[]): void {
    this.learned.set(peerId, [...new Set([...addrs, ...(this.learned.get(peerId) ?? [])])].slice(0, MAX_LEARNED))
    const running = this.inFlight.get(peerId)
    for (const a of addrs) running?.add(a)
  }

  private dial (pid: PeerId, given: string[]): Race {
    const id = pid.toString()
    const race = new AddressRace(id, (addr, signal) => this.c.transportManager.dial(withPeer(addr, id), { signal }),
      addr => { this.ranking.remember(id, addr) }, AbortSignal.any([AbortSignal.timeout(DIAL_BUDGET_MS), this.shutdown.signal]))
    const add = (addr: string): void => {
      const a = normalize(addr, id)
      if (a !== undefined && this.allowed(a, id)) race.add(a)
    }
    const dialing = (async () => {
      if (pid.equals(this.c.peerId)) throw new Error('cannot dial this node itself')
      const held = this.hold?.heldFor(id) ?? 0
      if (held > 0) throw new Error(`not dialing ${id} for ${Math.ceil(held / 1000)} s: its last connections closed as they opened (it may not know this node's seats yet)`)
      if (await this.c.connectionGater.denyDialPeer?.(pid) === true) throw new Error(`dialing ${id} is refused: every actor it hosted is revoked`)
      let addrs = await this.known(pid, given)
      if (addrs.length === 0) {
        // nothing known: ask the DHT (it names only trusted peers), as libp2p's own dial would
        const found = await this.c.peerRouting.findPeer(pid, { signal: race.budget }).catch(() => undefined)
        addrs = (found?.multiaddrs ?? []).map(a => a.toString())
      }
      for (const a of this.ranking.order(id, addrs).slice(0, MAX_ADDRESSES)) add(a)
      return await race.run()
    })()
    // the peer's own connection ends the dial even while its addresses are still being looked up (a DHT query)
    let adopted!: (conn: Connection) => void
    const done = Promise.race([dialing, new Promise<Connection>(resolve => { adopted = resolve })])
    return {
      done,
      add,
      adopt: conn => {
        race.adopt(conn)
        adopted(conn)
      }
    }
  }

  private allowed (addr: string, id: string): boolean {
    const gate = this.c.connectionGater.denyDialMultiaddr?.(withPeer(addr, id))
    return gate !== true // the gater here answers synchronously (a promise means "ask later": allowed now)
  }

  private async known (pid: PeerId, given: string[]): Promise<string[]> {
    const id = pid.toString()
    const stored = await this.c.peerStore.get(pid).then(p => p.addresses.map(a => a.multiaddr.toString()), () => [])
    const all: string[] = []
    for (const a of [...given, ...stored, ...(this.learned.get(id) ?? [])]) {
      const bare = normalize(a, id)
      if (bare !== undefined && !all.includes(bare)) all.push(bare)
    }
    return all
  }
}

/**
 * Happy eyeballs over a list that may grow while it runs: the next address starts STAGGER_MS after the last one or
 * as soon as one fails; the first connection wins, the other attempts are aborted (a slower twin that connects
 * anyway is closed); every attempt has its own timeout inside the budget.
 */
class AddressRace {
  private readonly order: string[] = []
  private readonly attempts = new Map<string, AbortController>()
  private readonly errors: string[] = []
  private next = 0
  private running = 0
  private started = false
  private settled = false
  /** Settled by a connection the peer opened (see adopt). */
  private adopted = false
  private timer?: NodeJS.Timeout
  private resolve!: (c: Connection) => void
  private reject!: (e: Error) => void

  constructor (
    private readonly id: string,
    private readonly dialOne: (addr: string, signal: AbortSignal) => Promise<Connection>,
    private readonly won: (addr: string) => void,
    readonly budget: AbortSignal
  ) {}

  add (addr: string): void {
    if (this.settled || this.order.includes(addr) || this.order.length >= MAX_ADDRESSES) return
    this.order.push(addr)
    if (!this.started) return
    if (this.running === 0) this.startNext() // everything before it failed: no need to wait
    else if (this.timer === undefined) this.timer = setTimeout(() => { this.startNext() }, STAGGER_MS)
  }

  async run (): Promise<Connection> {
    return await new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
      this.started = true
      if (this.settled) return this.reject(new Error(`the dial of ${this.id} ended before it ran`))
      if (this.budget.aborted) return this.fail(`no address of ${this.id} answered within ${DIAL_BUDGET_MS} ms`)
      this.budget.addEventListener('abort', this.onBudget)
      if (this.order.length === 0) return this.fail(`no address known for ${this.id}`)
      this.startNext()
    })
  }

  /**
   * A connection the peer opened to this node: the race ends with it, and no other address is started. The attempts
   * still running are not aborted, and one that connects later is kept: when both nodes dial each other at once,
   * each may adopt the other's connection, and aborting (or closing) its own attempt would close the very connection
   * the other node adopted. A hung attempt ends at its own timeout, as it would have.
   */
  adopt (conn: Connection): void {
    if (this.settled) return
    this.adopted = true
    this.settled = true
    clearTimeout(this.timer)
    this.budget.removeEventListener('abort', this.onBudget)
    if (this.started) this.resolve(conn) // otherwise the dial has its connection already (see Dialer.dial)
  }

  private readonly onBudget = (): void => {
    if (!this.settled) this.fail(`no address of ${this.id} answered within ${DIAL_BUDGET_MS} ms`)
  }

  private startNext (): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.settled) return
    if (this.next >= this.order.length) {
      if (this.running === 0) this.fail(`every address of ${this.id} failed`)
      return
    }
    const addr = this.order[this.next++]
    // one controller per attempt, fired by its own timeout, the budget or a winner elsewhere; released once the
    // attempt ends, because a connection keeps the signal it was dialed with and closes when that fires later
    const ctl = new AbortController()
    this.attempts.set(addr, ctl)
    this.running++
    const t0 = Date.now()
    let timedOut = false
    const timer = setTimeout(() => { timedOut = true; ctl.abort() }, addr.includes('/p2p-circuit') ? RELAY_ADDRESS_TIMEOUT_MS : ADDRESS_TIMEOUT_MS)
    const onBudget = (): void => { ctl.abort() }
    this.budget.addEventListener('abort', onBudget)
    const release = (): void => {
      clearTimeout(timer)
      this.budget.removeEventListener('abort', onBudget)
      this.attempts.delete(addr)
    }
    this.dialOne(addr, ctl.signal).then(conn => {
      release()
      this.running--
      if (this.settled) {
        if (!this.adopted) void conn.close().catch(() => {}) // a slower twin of the winning connection
        return
      }
      this.won(addr)
      this.finish()
      this.resolve(conn)
    }, (err: Error) => {
      release()
      this.running--
      this.errors.push(`${addr} ${timedOut ? 'timed out' : err.message} after ${Date.now() - t0} ms`)
      this.startNext()
    })
    if (this.next < this.order.length) this.timer = setTimeout(() => { this.startNext() }, STAGGER_MS)
  }

  /** Stops the race and aborts the attempts still running (the winner's was released when it connected). */
  private finish (): void {
    this.settled = true
    clearTimeout(this.timer)
    this.budget.removeEventListener('abort', this.onBudget)
    for (const ctl of this.attempts.values()) ctl.abort()
  }

  private fail (why: string): void {
    this.finish()
    this.reject(new Error(this.errors.length > 0 ? `${why}: ${this.errors.join('; ')}` : why))
  }
}

function withPeer (addr: string, peerId: string): Multiaddr {
  return multiaddr(`${addr}/p2p/${peerId}`)
}

/** The address in its canonical text without a trailing /p2p/<peer>; undefined when it does not parse. */
function normalize (addr: string, peerId: string): string | undefined {
  let text: string
  try {
    text = multiaddr(addr).toString()
  } catch {
    return undefined // a malformed address in a card is skipped, the others are tried
  }
  const tail = `/p2p/${peerId}`
  return text.endsWith(tail) ? text.slice(0, -tail.length) : text
}
