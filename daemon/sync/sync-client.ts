// The pulling end of /aios-comm/sync/1: on every (re)connect this node asks each trusted peer for its fact log since
// the checkpoint stored for that peer, pages through the catch-up, then keeps a live tail.
import type { Stream } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import type { LengthPrefixedStream } from '@libp2p/utils'
import { syncAckToWire, syncPageFromWire, syncRequestToWire, type FactData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { type MeshNode, DIAL_TIMEOUT_MS, MAX_FRAME_BYTES, lengthPrefixed } from '../net/index.js'
import { errorText } from '../runtime/errors.js'
import { crashPoint } from '../runtime/crash-point.js'
import { applyFact } from './apply.js'
import { hexOf } from './gossip.js'
import { sha256 } from '../../cards/index.js'
import { SyncCheckpoints } from './checkpoints.js'
import { SYNC_PROTOCOL, SYNC_WINDOW } from './constants.js'

const RETRY_MS = 1000 // a session that ended after the peer answered is asked for again this soon
// what a session's stream may hold unread: every page of the window (a page is at most a frame) and the next one's start
const READ_BUFFER_BYTES = (SYNC_WINDOW + 1) * (MAX_FRAME_BYTES + 8)
const ACK = syncAckToWire({ pages: 1 })
/**
 * A peer that would not open a session (not serving yet; or it does not know this node's seats, and refuses it) is
 * asked again after RETRY_MS, twice that after the next failure, and so on up to MAX_RETRY_MS, until one answers.
 */
export const MAX_RETRY_MS = 30_000
const MAX_BACKING_OFF = 4096 // peers whose back-off is remembered; the one that failed longest ago is forgotten past this
// Receipts and leases set aside because a card they need had not arrived, tried again once that card is held. A
// compacted log keeps only each seat's newest card, which may come after the receipts signed under it. They are
// stored with the page that brought them (its checkpoint moves past them) and loaded at start, so a restart before
// the card comes loses none. Bounded by count and bytes (a receipt is at most 16 KiB), oldest first out.
export const MAX_DEFERRED_FACTS = 4096
export const MAX_DEFERRED_BYTES = 8 * 1024 * 1024

export interface SyncStats {
  /** Facts received from this peer (catch-up and tail). */
  received: number
  /** Of those, facts new here. */
  applied: number
  rejected: number
  bytes: number
  caughtUpAt?: string
  /**
   * Sessions with this peer that ended after it had answered (each is asked for again RETRY_MS later), and how the
   * last one ended: a count that keeps growing says the catch-up keeps starting over.
   */
  ended?: number
  lastEnd?: { at: string, error: string }
}

/** Pulls a peer's log from the stored checkpoint and keeps the tail open; one session per peer at a time. */
export class SyncClient {
  private readonly sessions = new Map<string, LengthPrefixedStream<Stream>>()
  private readonly starting = new Set<string>() // peers whose session is being dialed
  /** Peers that failed to answer: how often in a row, and when (performance.now()) to ask next. */
  private readonly backoff = new Map<string, { failures: number, notBefore: number }>()
  private readonly retries = new Map<string, NodeJS.Timeout>() // at most one pending retry per peer
  readonly stats = new Map<string, SyncStats>()
  private readonly checkpoints: SyncCheckpoints
  private closed = false
  // the stored set, in memory: a page looks here, not in the table, for facts whose card it brought
  private readonly deferred = new Map<string, { hash: Uint8Array, kind: string, envelope: Uint8Array, awaiting: string }>()
  private deferredBytes = 0
  private retrying = false
  private retryAgain = false // a card came while a retry was running: one more pass after it

  constructor (private readonly node: MeshNode, private readonly core: Core) {
    this.checkpoints = new SyncCheckpoints(core)
    this.load()
    void this.retryHeld() // what was set aside before a stop, whose card came meanwhile
    // a card that came another way (gossip, an import, a join) while no page brings one: its facts are applied now
    core.events.on('directory:changed', () => { void this.retryHeld() })
  }

  /** Whether a fact set aside waits for a card held now. */
  private anyHeld (): boolean {
    for (const f of this.deferred.values()) if (this.core.directory.get(f.awaiting) !== undefined) return true
    return false
  }

  /** The facts set aside whose card is held now, applied in a commit of their own (one at a time). */
  private async retryHeld (): Promise<void> {
    if (this.retrying) {
      this.retryAgain = true
      return
    }
    if (this.closed || !this.anyHeld()) return
    this.retrying = true
    try {
      await this.core.store.commit.run(() => this.core.store.facts.peers.receivedFrom(undefined, () => this.retryDeferred(Date.now())))
    } catch (err) {
      this.load()
      this.core.log.warn('facts set aside for a card not applied', { error: errorText(err) })
    } finally {
      this.retrying = false
    }
    if (this.retryAgain) {
      this.retryAgain = false
      await this.retryHeld()
    }
  }

  /** The set as stored: at start, and after a transaction failed (what it set aside or took back is undone). */
  private load (): void {
    this.deferred.clear()
    this.deferredBytes = 0
    for (const f of this.core.store.deferred.all()) {
      this.deferred.set(hexOf(f.hash), { hash: f.hash, kind: f.kind, envelope: f.bytes, awaiting: f.awaiting })
      this.deferredBytes += f.bytes.byteLength
    }
  }

  /**
   * Opens a session to a trusted peer unless one is open or being dialed, or the peer is backing off after a failure
   * (its retry pulls then). `retry`: the retry timer's own call. Every connect and every directory change asks for a
   * pull: each of them used to start a retry chain of its own, a pull a second per chain for as long as the peer
   * stayed connected and refused.
   */
  async pull (peerId: string, retry = false): Promise<void> {
    if (this.closed || this.sessions.has(peerId) || this.starting.has(peerId) || !this.core.directory.isTrustedPeer(peerId)) return
    const b = this.backoff.get(peerId)
    if (!retry && b !== undefined && performance.now() < b.notBefore) return
    this.starting.add(peerId)
    let stream: Stream
    try {
      await this.node.services.dialer.connect(peerId)
      stream = await this.node.dialProtocol(peerIdFromString(peerId), SYNC_PROTOCOL, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
    } catch (err) {
      const again = this.failed(peerId)
      this.core.log.debug('sync dial failed', { peer: peerId, error: errorText(err), ...again })
      return
    } finally {
      this.starting.delete(peerId)
    }
    const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES, maxBufferSize: READ_BUFFER_BYTES })
    this.sessions.set(peerId, lp)
    const stats = this.stats.get(peerId) ?? { received: 0, applied: 0, rejected: 0, bytes: 0 }
    this.stats.set(peerId, stats)
    let answered = false
    try {
      await lp.write(syncRequestToWire({ since: this.core.store.facts.checkpoint(peerId), limit: 0, tail: true, window: SYNC_WINDOW }))
      for (;;) {
        const page = syncPageFromWire((await lp.read()).subarray())
        if (!answered) this.backoff.delete(peerId) // it answers: its back-off is over
        answered = true
        await this.applyPage(peerId, page.facts, stats)
        // applied (and durable): the peer may send one page more. A peer that keeps no window (an older version) is sent
        // no acks: it would not read them
        if ((page.window ?? 0) > 0) await lp.write(ACK)
        if (page.done && stats.caughtUpAt === undefined) stats.caughtUpAt = new Date().toISOString()
      }
    } catch (err) {
      const again = answered ? {} : this.failed(peerId)
      if (answered && !this.closed) {
        stats.ended = (stats.ended ?? 0) + 1
        stats.lastEnd = { at: new Date().toISOString(), error: errorText(err) }
      }
      this.core.log.debug('sync session ended', { peer: peerId, error: errorText(err), ...again })
      stream.abort(err as Error)
    } finally {
      if (this.sessions.get(peerId) === lp) this.sessions.delete(peerId)
    }
    if (answered) this.retryIn(peerId, RETRY_MS)
  }

  /** A session that could not start, or ended before the peer answered: the peer backs off one step more. */
  private failed (peerId: string): { failures: number, retryInMs: number } {
    const b = this.backoff.get(peerId) ?? { failures: 0, notBefore: 0 }
    this.backoff.delete(peerId) // re-inserted: the map's order is the order of the last failure, oldest first
    b.failures++
    const retryInMs = Math.min(RETRY_MS * 2 ** Math.min(b.failures - 1, 30), MAX_RETRY_MS)
    b.notBefore = performance.now() + retryInMs
    this.backoff.set(peerId, b)
    for (const peer of this.backoff.keys()) {
      if (this.backoff.size <= MAX_BACKING_OFF) break
      this.backoff.delete(peer)
    }
    this.retryIn(peerId, retryInMs)
    return { failures: b.failures, retryInMs }
  }

  /** Pulls again in `ms` if the peer is still connected then (a connect after that pulls at once). */
  private retryIn (peerId: string, ms: number): void {
    clearTimeout(this.retries.get(peerId))
    this.retries.set(peerId, setTimeout(() => {
      this.retries.delete(peerId)
      if (!this.closed && this.node.getConnections(peerIdFromString(peerId)).length > 0) void this.pull(peerId, true)
    }, ms).unref())
  }

  close (): void {
    this.closed = true
    for (const t of this.retries.values()) clearTimeout(t)
    this.retries.clear()
    for (const lp of this.sessions.values()) lp.unwrap().abort(new Error('stopping'))
    this.sessions.clear()
    this.checkpoints.flush()
  }

  /** Sets a fact aside, in memory and in the store (call inside a transaction); returns how many older ones it pushed out. */
  private defer (f: FactData, awaiting: string, now: number): number {
    const hash = sha256(f.envelope)
    const key = hexOf(hash)
    this.drop(key)
    const envelope = Uint8Array.from(f.envelope) // a copy: the page's bytes may be a view of its whole frame
    this.deferred.set(key, { hash, kind: f.kind, envelope, awaiting })
    this.deferredBytes += envelope.byteLength
    this.core.store.deferred.put({ hash, kind: f.kind, bytes: envelope, awaiting }, now)
    let dropped = 0
    for (; this.deferred.size > MAX_DEFERRED_FACTS || this.deferredBytes > MAX_DEFERRED_BYTES; dropped++) this.forget(this.deferred.keys().next().value as string)
    return dropped
  }

  /** Takes a fact out of the set, in memory and in the store (inside a transaction). */
  private forget (key: string): void {
    const f = this.drop(key)
    if (f !== undefined) this.core.store.deferred.remove(f.hash)
  }

  private drop (key: string): { hash: Uint8Array, envelope: Uint8Array } | undefined {
    const f = this.deferred.get(key)
    if (f === undefined) return undefined
    this.deferred.delete(key)
    this.deferredBytes -= f.envelope.byteLength
    return f
  }

  /**
   * Facts set aside whose awaited card is held now, applied again (inside the page's transaction): each is verified
   * again only once its card is here, so a fact that waits costs nothing per page. Returns how many were new.
   */
  private retryDeferred (now: number): number {
    let applied = 0
    for (const [key, f] of [...this.deferred]) {
      if (this.core.directory.get(f.awaiting) === undefined) continue
      this.forget(key)
      const v = applyFact(this.core, f.kind, f.envelope, now)
      if (v.verdict === 'ignore' && v.awaiting !== undefined) this.defer({ seq: 0, kind: f.kind, envelope: f.envelope }, v.awaiting, now) // now waits for another card
      if (v.verdict === 'new') applied++
    }
    return applied
  }

  private async applyPage (peerId: string, facts: FactData[], stats: SyncStats): Promise<void> {
    if (facts.length === 0) return
    const now = Date.now()
    let dropped: number
    try {
      dropped = await this.commitPage(peerId, facts, stats, now)
    } catch (err) {
      this.load()
      throw err
    }
    if (dropped > 0) this.core.log.warn('facts waiting for a card dropped: too many wait', { peer: peerId, dropped, waiting: this.deferred.size })
    crashPoint('after-sync-page')
  }

  /** Applies a page, its checkpoint in the same transaction; returns how many facts set aside it pushed out. */
  private async commitPage (peerId: string, facts: FactData[], stats: SyncStats, now: number): Promise<number> {
    return await this.core.store.commit.run(() => this.core.store.facts.peers.receivedFrom(peerId, () => {
      let wrote = false
      let dropped = 0
      let cards = false
      let refused: { n: number, kind: string, code: string, reason: string } | undefined
      for (const f of facts) {
        stats.received++
        stats.bytes += f.envelope.byteLength
        const v = applyFact(this.core, f.kind, f.envelope, now)
        if (v.verdict === 'ignore' && v.awaiting !== undefined) dropped += this.defer(f, v.awaiting, now)
        if (v.verdict === 'new') {
          stats.applied++
          wrote = true
          cards ||= f.kind === 'card'
          this.core.log.debug('fact arrived', { via: 'sync', from: peerId, get hash () { return hexOf(sha256(f.envelope)) } })
        }
        if (v.verdict === 'reject') {
          stats.rejected++
          if (refused === undefined) refused = { n: 1, kind: f.kind, code: v.code, reason: v.reason }
          else refused.n++
          this.core.events.emit('refused', { what: 'fact', code: v.code, reason: v.reason, peer: peerId })
        }
      }
      // one line per page, whatever a peer puts in it: the first refusal's reason and how many there were
      if (refused !== undefined) this.core.log.warn('facts refused', { peer: peerId, refused: refused.n, of: facts.length, kind: refused.kind, code: refused.code, reason: refused.reason })
      // facts set aside came with earlier pages, perhaps from another peer: held by no peer this node knows of
      if (cards && this.deferred.size > 0) stats.applied += this.core.store.facts.peers.receivedFrom(undefined, () => this.retryDeferred(now))
      const last = facts[facts.length - 1].seq
      if (wrote) this.checkpoints.write(peerId, last, now) // rides the write this page makes anyway
      else this.checkpoints.later(peerId, last)
      return dropped
    }))
  }
}
