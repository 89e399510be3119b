// /aios-comm/dialback/1: a node asks a trusted peer "dial me at A"; the peer opens a new connection to exactly A
// and answers yes only when the Noise handshake proves the asker is there. Public addresses are stated once confirmed.
import { peerIdFromString } from '@libp2p/peer-id'
import { lengthPrefixed } from './length-prefix.js'
import { multiaddr } from '@multiformats/multiaddr'
import type { Connection, Stream } from '@libp2p/interface'
import type { MeshNode } from './node.js'
import { DIAL_TIMEOUT_MS } from './constants.js'
import { ipKind, multiaddrIp } from '../addresses/index.js'

export const DIALBACK_PROTOCOL = '/aios-comm/dialback/1'

/** The answer, one byte. */
export const DIALBACK = { unreachable: 0, reached: 1, refused: 2 } as const

const MAX_REQUEST_BYTES = 256 // one binary multiaddr: /ip6/…/tcp/…/ws/p2p/… is under 80 bytes
const READ_TIMEOUT_MS = 5000
// A no is given only once the whole dial budget has passed: how fast a dial failed (refused at once, or silent)
// would otherwise tell the asker whether something listens there
const ANSWER_AFTER_MS = DIAL_TIMEOUT_MS
const ASKS_PER_MINUTE = 6 // per asking peer: a node has a few candidate addresses, re-checked every few minutes
const MAX_CONCURRENT_DIALS = 2 // across all askers: dial-backs are rare, and must never crowd out real dials
const CONFIRMED_TTL_MS = 30 * 60_000 // a confirmed address is stated this long, then must be confirmed again
const RECHECK_MS = 10 * 60_000 // confirmed addresses are asked about again this often, before they expire
const RETRY_MS = 5 * 60_000 // an address a peer could not reach is asked about again after this
const MAX_OBSERVED_IPS = 8 // public IPs peers told us they see us at, newest kept
const ASK_TIMEOUT_MS = ANSWER_AFTER_MS + DIAL_TIMEOUT_MS

/** The addresses a dial-back may go to: TCP (or WebSocket over TCP) at an IP, ending in the asker's own peer id. */
const DIALABLE = /^\/(ip4|ip6)\/[^/]+\/tcp\/\d{1,5}(\/ws)?\/p2p\/([^/]+)$/

export interface DialBackOptions {
  /** Does this peer host a trusted actor now? Only they may ask, and only they are asked. */
  isTrustedPeer: (peerId: string) => boolean
  /** Told of every ask refused (untrusted, too many, an address that is not the asker's). */
  onRefused?: (peerId: string, reason: string) => void
}

/** Why an ask may not be dialed, or undefined when it may. `from`: the address the asker's connection comes from. */
export function dialBackRefusal (addr: string, asker: string, from: string): string | undefined {
  const m = DIALABLE.exec(addr)
  if (m === null) return 'only a TCP or WebSocket address at an IP, ending in the asker\'s peer id, is dialed back'
  if (m[3] !== asker) return 'a dial-back goes only to the asker\'s own peer id'
  if (from.includes('/p2p-circuit')) return 'a dial-back is asked over a direct connection only'
  // never to another host: the dial goes to the IP the asker's own connection comes from, so it probes nobody else
  if (multiaddrIp(addr) !== multiaddrIp(from)) return 'a dial-back goes only to the IP the asker\'s connection comes from'
  return undefined
}

interface Claim { confirmedAtMs?: number, triedAtMs: number }

export class DialBack {
  private readonly asks = new Map<string, number[]>() // asker → times of its asks in the last minute
  private dialing = 0
  private readonly claims = new Map<string, Claim>()
  private readonly observed: string[] = [] // public IPs, newest first
  private askedRound = 0

  constructor (private readonly node: MeshNode, private readonly o: DialBackOptions) {}

  async start (): Promise<void> {
    await this.node.handle(DIALBACK_PROTOCOL, (stream, connection) => {
      this.serve(stream, connection).catch(err => { stream.abort(err as Error) })
    }, { maxInboundStreams: 2, maxOutboundStreams: 2 })
    this.node.addEventListener('peer:identify', evt => {
      const seen = evt.detail.observedAddr?.toString()
      const ip = seen === undefined ? undefined : multiaddrIp(seen)
      if (ip === undefined || ipKind(ip) !== 'public' || !this.o.isTrustedPeer(evt.detail.peerId.toString())) return
      const at = this.observed.indexOf(ip)
      if (at >= 0) this.observed.splice(at, 1)
      this.observed.unshift(ip)
      this.observed.length = Math.min(this.observed.length, MAX_OBSERVED_IPS)
    })
  }

  /** After a sleep: what peers saw and confirmed was about the network before it. */
  forget (): void {
    this.claims.clear()
    this.observed.length = 0
  }

  /** Public addresses a trusted peer has dialed back lately. */
  confirmedPublic (): string[] {
    const now = Date.now()
    return [...this.claims.entries()].filter(([, c]) => c.confirmedAtMs !== undefined && now - c.confirmedAtMs < CONFIRMED_TTL_MS).map(([a]) => a)
  }

  /**
   * The public addresses worth confirming: this node's own public listener addresses, and every public IP peers
   * see it at paired with each listener's port (a forwarded port, or a host whose NAT keeps the port).
   */
  candidates (bound: string[]): string[] {
    const direct = bound.filter(a => !a.includes('/p2p-circuit') && DIALABLE.test(`${a}/p2p/x`))
    const out = new Set(direct.filter(a => ipKind(multiaddrIp(a) as string) === 'public'))
    for (const ip of this.observed) {
      const family = ip.includes(':') ? 'ip6' : 'ip4'
      for (const a of direct) if (a.startsWith(`/${family}/`)) out.add(a.replace(/^\/ip[46]\/[^/]+/, `/${family}/${ip}`))
    }
    return [...out]
  }

  /** Asks trusted peers to dial back each candidate that is due (at most one ask in flight per call, per address). */
  async check (bound: string[]): Promise<boolean> {
    const before = this.confirmedPublic().join(' ')
    const now = Date.now()
    const wanted = new Set(this.candidates(bound))
    for (const addr of this.claims.keys()) if (!wanted.has(addr)) this.claims.delete(addr) // an address this node left
    const peers = this.node.getConnections()
      .filter(c => c.status === 'open' && !c.remoteAddr.toString().includes('/p2p-circuit') && this.o.isTrustedPeer(c.remotePeer.toString()))
    for (const addr of wanted) {
      const claim = this.claims.get(addr)
      const due = claim === undefined || now - claim.triedAtMs >= (claim.confirmedAtMs === undefined ? RETRY_MS : RECHECK_MS)
      const ip = multiaddrIp(addr)
      // a peer dials back only the IP it sees this node's connection come from: ask one connected over the same
      // family (IPv4, IPv6), a different one each round
      const fit = peers.filter(c => (multiaddrIp(c.remoteAddr.toString()) ?? '').includes(':') === (ip ?? '').includes(':'))
      if (!due || fit.length === 0) continue
      const peer = fit[this.askedRound++ % fit.length]
      const reached = await this.ask(peer.remotePeer.toString(), addr)
      this.claims.set(addr, { triedAtMs: now, ...(reached ? { confirmedAtMs: now } : {}) })
    }
    return this.confirmedPublic().join(' ') !== before
  }

  /** One ask: does `peer` reach this node at `addr`? */
  async ask (peer: string, addr: string): Promise<boolean> {
    try {
      const stream = await this.node.dialProtocol(peerIdFromString(peer), DIALBACK_PROTOCOL, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
      const lp = lengthPrefixed(stream, { maxDataLength: 1 })
      await lp.write(multiaddr(`${addr}/p2p/${this.node.peerId.toString()}`).bytes)
      const answer = (await lp.read({ signal: AbortSignal.timeout(ASK_TIMEOUT_MS) })).subarray()
      await stream.close().catch(() => {})
      return answer.length === 1 && answer[0] === DIALBACK.reached
    } catch {
      return false
    }
  }

  private async serve (stream: Stream, connection: Connection): Promise<void> {
    const asker = connection.remotePeer.toString()
    const lp = lengthPrefixed(stream, { maxDataLength: MAX_REQUEST_BYTES })
    const answer = async (a: number): Promise<void> => {
      await lp.write(Uint8Array.of(a))
      await stream.close({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) }).catch(() => { stream.abort(new Error('dial-back stream closed')) })
    }
    const refuse = async (reason: string): Promise<void> => {
      this.o.onRefused?.(asker, reason)
      await answer(DIALBACK.refused)
    }
    if (!this.o.isTrustedPeer(asker)) return await refuse('dial-back is served only to peers that host a trusted actor')
    if (!this.allow(asker)) return await refuse('too many dial-back asks; wait a minute')
    const bytes = (await lp.read({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) })).subarray()
    let addr: string
    try {
      addr = multiaddr(bytes).toString()
    } catch {
      return await refuse('not a multiaddr')
    }
    const why = dialBackRefusal(addr, asker, connection.remoteAddr.toString())
    if (why !== undefined) return await refuse(why)
    if (this.dialing >= MAX_CONCURRENT_DIALS) return await refuse('dial-backs are busy; ask again later')
    const started = Date.now()
    this.dialing++
    let reached = false
    try {
      reached = await this.dialsBack(addr, asker)
    } finally {
      this.dialing--
    }
    if (!reached) await new Promise(resolve => setTimeout(resolve, Math.max(0, started + ANSWER_AFTER_MS - Date.now())))
    await answer(reached ? DIALBACK.reached : DIALBACK.unreachable)
  }

  /** A new connection to exactly `addr`, whose Noise handshake proves `asker` is there; closed again at once. */
  private async dialsBack (addr: string, asker: string): Promise<boolean> {
    // a dial that joined one already under way may return a connection that was there before: never count or close it
    const before = new Set(this.node.getConnections(peerIdFromString(asker)).map(c => c.id))
    let conn: Connection | undefined
    try {
      conn = await this.node.dial(multiaddr(addr), { force: true, signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
      if (before.has(conn.id)) {
        conn = undefined
        return false
      }
      const at = conn.remoteAddr.toString().replace(/\/p2p\/[^/]+$/, '')
      return conn.remotePeer.toString() === asker && at === addr.replace(/\/p2p\/[^/]+$/, '')
    } catch {
      return false
    } finally {
      await conn?.close().catch(() => {})
    }
  }

  /** At most ASKS_PER_MINUTE asks per peer. */
  private allow (peer: string): boolean {
    const now = Date.now()
    const recent = (this.asks.get(peer) ?? []).filter(t => now - t < 60_000)
    if (recent.length >= ASKS_PER_MINUTE) {
      this.asks.set(peer, recent)
      return false
    }
    recent.push(now)
    this.asks.set(peer, recent)
    if (this.asks.size > 1024) for (const [p, t] of this.asks) if (t.every(x => now - x >= 60_000)) this.asks.delete(p)
    return true
  }
}
