// /aios-comm/sync/1: on every (re)connect each side asks the other for its fact log since the checkpoint it
// stored for that peer, pages through the catch-up, then keeps a live tail. Checkpoints persist, so a catch-up
// costs what was missed, not the whole log.
import type { Connection, Stream } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import { lpStream, type LengthPrefixedStream } from '@libp2p/utils'
import { syncPageFromWire, syncPageToWire, syncRequestFromWire, syncRequestToWire, type FactData, type SyncRequestData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { type MeshNode, MAX_FRAME_BYTES } from '../net/index.js'
import { errorText } from '../runtime/errors.js'
import { applyFact } from './apply.js'
import { MAX_FACT_BYTES, SYNC_PAGE_BYTES, SYNC_PAGE_FACTS, SYNC_PROTOCOL } from './constants.js'

const RETRY_MS = 1000 // a peer whose sync stream failed (not yet serving, say) is asked again this soon
// A page that brought nothing new moves the checkpoint in memory only; it is written this much later (or with the
// next page that writes anyway, or at stop). A checkpoint that lags only makes a catch-up re-read facts already
// held, which are idempotent, so no write (and no fsync) is spent per echoed fact.
const LAZY_CHECKPOINT_MS = 1000
// Once caught up, the live tail sends facts learned from peers this long after they are appended, in one page:
// gossip has carried them by then, so the tail is the repair it is meant to be (each node tails every peer, so
// without the wait every fact crossed the mesh once per pair of nodes, on the same event loops that gossip and
// commit it). Facts this node made go at once: they reach each peer once from here either way.
export const TAIL_DELAY_MS = 250

export interface SyncStats {
  /** Facts received from this peer (catch-up and tail). */
  received: number
  /** Of those, facts new here. */
  applied: number
  rejected: number
  bytes: number
  caughtUpAt?: string
}

/** Facts per page a request may ask for: 0 means the default; whatever it says, 1 to SYNC_PAGE_FACTS. */
export function syncLimit (req: SyncRequestData): number {
  return Math.max(1, Math.min(req.limit === 0 ? SYNC_PAGE_FACTS : req.limit, SYNC_PAGE_FACTS))
}

/** Serves this node's log to a trusted peer: pages from `since`, then new facts as they are appended. */
export async function serveSync (core: Core, stream: Stream, connection: Connection): Promise<void> {
  const remote = connection.remotePeer.toString()
  const lp = lpStream(stream, { maxDataLength: MAX_FRAME_BYTES })
  if (!core.directory.isTrustedPeer(remote)) {
    stream.abort(new Error('peer not trusted'))
    return
  }
  let wake: (() => void) | undefined
  let appended = false // set by every append, so one that lands while a page is being written is not missed
  const onAppend = (): void => { appended = true; wake?.() }
  core.events.on('facts:appended', onAppend)
  stream.addEventListener('close', () => wake?.())
  try {
    const req = syncRequestFromWire((await lp.read()).subarray())
    let since = req.since
    const limit = syncLimit(req)
    let caughtUp = false
    while (stream.status === 'open') {
      appended = false
      const page = core.store.facts.since(since, limit)
      const facts: FactData[] = []
      let bytes = 0
      let last = since
      for (const f of page) {
        // a fact over the limit (stored by an older version) would make a page no peer can read: it is passed over
        if (f.bytes.byteLength > MAX_FACT_BYTES) {
          core.log.debug('fact over the size limit not served', { seq: f.seq, bytes: f.bytes.byteLength })
          last = f.seq
          continue
        }
        if (facts.length > 0 && bytes + f.bytes.byteLength > SYNC_PAGE_BYTES) break
        facts.push({ seq: f.seq, kind: f.kind, envelope: f.bytes })
        bytes += f.bytes.byteLength
        last = f.seq
      }
      const head = core.store.facts.head()
      if (facts.length > 0 || !caughtUp) {
        await lp.write(syncPageToWire({ facts, head, done: last >= head }))
        caughtUp = caughtUp || last >= head
      }
      since = last
      if (last < head) continue
      if (!req.tail) break
      if (!appended) await new Promise<void>(resolve => { wake = resolve })
      wake = undefined
      // facts this node made go at once (they fan out from here anyway, as gossip does); a batch holding facts
      // learned from peers waits, since every peer also hears of those from everywhere else
      if (stream.status === 'open' && core.store.facts.lastLearned > since) {
        await new Promise<void>(resolve => {
          const t = setTimeout(resolve, TAIL_DELAY_MS)
          wake = () => { if (stream.status !== 'open') { clearTimeout(t); resolve() } } // only a close cuts the wait short
        })
        wake = undefined
      }
    }
    if (!req.tail) await stream.close()
  } catch (err) {
    core.log.debug('sync stream ended', { peer: remote, error: errorText(err) })
    stream.abort(err as Error)
  } finally {
    core.events.off('facts:appended', onAppend)
  }
}

/** Pulls a peer's log from the stored checkpoint and keeps the tail open; one session per peer at a time. */
export class SyncClient {
  private readonly sessions = new Map<string, LengthPrefixedStream<Stream>>()
  readonly stats = new Map<string, SyncStats>()

  constructor (private readonly node: MeshNode, private readonly core: Core) {}

  private closed = false

  async pull (peerId: string): Promise<void> {
    if (this.closed || this.sessions.has(peerId) || !this.core.directory.isTrustedPeer(peerId)) return
    let stream: Stream
    try {
      stream = await this.node.dialProtocol(peerIdFromString(peerId), SYNC_PROTOCOL, { signal: AbortSignal.timeout(5000) })
    } catch (err) {
      this.core.log.debug('sync dial failed', { peer: peerId, error: errorText(err) })
      this.retryLater(peerId)
      return
    }
    const lp = lpStream(stream, { maxDataLength: MAX_FRAME_BYTES })
    this.sessions.set(peerId, lp)
    const stats = this.stats.get(peerId) ?? { received: 0, applied: 0, rejected: 0, bytes: 0 }
    this.stats.set(peerId, stats)
    try {
      await lp.write(syncRequestToWire({ since: this.core.store.facts.checkpoint(peerId), limit: 0, tail: true }))
      for (;;) {
        const page = syncPageFromWire((await lp.read()).subarray())
        await this.applyPage(peerId, page.facts, stats)
        if (page.done && stats.caughtUpAt === undefined) stats.caughtUpAt = new Date().toISOString()
      }
    } catch (err) {
      this.core.log.debug('sync session ended', { peer: peerId, error: errorText(err) })
      stream.abort(err as Error)
    } finally {
      this.sessions.delete(peerId)
    }
    this.retryLater(peerId)
  }

  /** A session that could not start or ended while the peer is still connected is tried again. */
  private retryLater (peerId: string): void {
    setTimeout(() => {
      if (!this.closed && this.node.getConnections(peerIdFromString(peerId)).length > 0) void this.pull(peerId)
    }, RETRY_MS).unref()
  }

  close (): void {
    this.closed = true
    for (const lp of this.sessions.values()) lp.unwrap().abort(new Error('stopping'))
    this.sessions.clear()
    clearTimeout(this.lazyTimer)
    try {
      this.core.store.tx(() => this.writeLazy(Date.now()))
    } catch (err) {
      this.core.log.warn('cannot store sync checkpoints', { error: errorText(err) }) // they are re-read next time
    }
  }

  private readonly lazy = new Map<string, number>()
  private lazyTimer?: NodeJS.Timeout

  /** Checkpoints held in memory go into the current transaction. */
  private writeLazy (now: number): void {
    for (const [peer, seq] of this.lazy) this.core.store.facts.setCheckpoint(peer, seq, now)
    this.lazy.clear()
  }

  private checkpointLater (peerId: string, seq: number): void {
    this.lazy.set(peerId, Math.max(seq, this.lazy.get(peerId) ?? 0))
    if (this.lazyTimer !== undefined) return
    this.lazyTimer = setTimeout(() => {
      this.lazyTimer = undefined
      void this.core.store.commit.run(() => this.writeLazy(Date.now()), { durable: false }).catch(err => this.core.log.warn('cannot store sync checkpoints', { error: errorText(err) }))
    }, LAZY_CHECKPOINT_MS)
    this.lazyTimer.unref()
  }

  private async applyPage (peerId: string, facts: FactData[], stats: SyncStats): Promise<void> {
    if (facts.length === 0) return
    const now = Date.now()
    await this.core.store.commit.run(() => {
      let wrote = false
      for (const f of facts) {
        stats.received++
        stats.bytes += f.envelope.byteLength
        const v = applyFact(this.core, f.kind, f.envelope, now)
        if (v.verdict === 'new') {
          stats.applied++
          wrote = true
        }
        if (v.verdict === 'reject') {
          stats.rejected++
          this.core.log.warn('fact refused', { peer: peerId, kind: f.kind, code: v.code, reason: v.reason })
          this.core.events.emit('refused', { what: 'fact', code: v.code, reason: v.reason, peer: peerId })
        }
      }
      const last = facts[facts.length - 1].seq
      if (wrote) {
        this.lazy.delete(peerId)
        this.core.store.facts.setCheckpoint(peerId, last, now) // rides the write this page makes anyway
      } else this.checkpointLater(peerId, last)
    })
  }
}
