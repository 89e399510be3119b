// The serving end of /aios-comm/sync/1: a trusted peer asks for this node's fact log since its checkpoint; it gets
// pages up to the head, then (when it asks for the tail) new facts as they are appended. Only facts a durable commit
// covers are served (the store's watermark): the peer's checkpoint moves past every seq it is served, so a seq that a
// power cut could take back and give to another fact would leave that fact out of its sync for good. A request
// without the tail gets the durable log as it stands; the tail gets the rest as soon as a durable commit covers it.
// A request with a window gets at most that many pages ahead of the client's acks (constants.ts, SYNC_WINDOW); once
// the client's side of the stream ends, what it was still owed is sent and the stream closes.
import type { Connection, Stream } from '@libp2p/interface'
import type { LengthPrefixedStream } from '@libp2p/utils'
import { WireError, syncAckFromWire, syncPageToWire, syncRequestFromWire, type FactData, type SyncRequestData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { MAX_FRAME_BYTES, lengthPrefixed } from '../net/index.js'
import { errorText } from '../runtime/errors.js'
import { FACT_FLUSH_MS, MAX_FACT_BYTES, MAX_SYNC_WINDOW, SYNC_PAGE_BYTES, SYNC_PAGE_FACTS } from './constants.js'

const MAX_ACK_BYTES = 16 // a SyncAck is a tag and a varint

// Once caught up, the live tail sends facts learned from peers this long after they are appended, in one page:
// gossip has carried them by then, so the tail is the repair it is meant to be (each node tails every peer, so
// without the wait every fact crossed the mesh once per pair of nodes, on the same event loops that gossip and
// commit it). Facts this node made go at once when no page went out in the last FACT_FLUSH_MS, else at the end of
// that window, together (they reach each peer once from here either way; a steady trickle need not cost a page each).
export const TAIL_DELAY_MS = 250

/** Facts per page a request may ask for: 0 means the default; whatever it says, 1 to SYNC_PAGE_FACTS. */
export function syncLimit (req: SyncRequestData): number {
  return Math.max(1, Math.min(req.limit === 0 ? SYNC_PAGE_FACTS : req.limit, SYNC_PAGE_FACTS))
}

/** Pages a request may have ahead of its acks: 0 (it sends none) or 1 to MAX_SYNC_WINDOW. */
export function syncWindow (req: SyncRequestData): number {
  return Math.min(req.window ?? 0, MAX_SYNC_WINDOW)
}

/**
 * Reads the client's acks, telling `onAck` the pages of each, until its side of the stream ends: resolves with
 * undefined when the client closed its side (it sends no more), and with the error when an ack did not decode, was
 * too long, or the stream failed.
 */
async function readAcks (lp: LengthPrefixedStream<Stream>, onAck: (pages: number) => void): Promise<Error | undefined> {
  for (;;) {
    let bytes: Uint8Array
    try {
      bytes = (await lp.read()).subarray()
    } catch (err) {
      return (err as Error).name === 'UnexpectedEOFError' ? undefined : err as Error
    }
    try {
      if (bytes.byteLength > MAX_ACK_BYTES) throw new WireError(`sync ack (${bytes.byteLength} bytes; one has at most ${MAX_ACK_BYTES})`)
      onAck(syncAckFromWire(bytes).pages)
    } catch (err) {
      return err as Error
    }
  }
}

/** Serves this node's log to a trusted peer: pages from `since`, then new facts as they are appended. */
export async function serveSync (core: Core, stream: Stream, connection: Connection): Promise<void> {
  const remote = connection.remotePeer.toString()
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES })
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
    const window = syncWindow(req)
    // pages the client may still be sent before its next ack: without a window, no bound but the transport's
    let credit = window === 0 ? Infinity : window
    let acksEnded = false
    if (window > 0) {
      void readAcks(lp, pages => {
        const blocked = credit <= 0
        credit = Math.min(credit + pages, window) // never owed more than the window, whatever the client says
        if (blocked) wake?.()
      }).then(err => {
        acksEnded = true
        if (err !== undefined) {
          core.log.debug('sync stream ended', { peer: remote, error: errorText(err) })
          stream.abort(err)
        }
        wake?.()
      })
    }
    let caughtUp = false
    let pageAt = -Infinity // performance.now() when the last page with facts was written
    while (stream.status === 'open') {
      if (credit <= 0) {
        // the window's pages are out and none acknowledged: the next waits for an ack (none comes once the client's side ended)
        if (acksEnded) break
        await new Promise<void>(resolve => { wake = resolve })
        wake = undefined
        continue
      }
      appended = false
      const head = core.store.facts.durableHead() // read first: a fact appended meanwhile waits for the next round
      const page = core.store.facts.since(since, limit, head)
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
        // in the live tail, a fact that came from this very peer is not sent back: the peer held it when it sent it
        // (a catch-up serves everything, so a peer whose store went back in time still gets its own facts again)
        if (caughtUp && core.store.facts.peers.cameFrom.takeIf(f.seq, f.hash, remote)) {
          last = f.seq
          continue
        }
        if (facts.length > 0 && bytes + f.bytes.byteLength > SYNC_PAGE_BYTES) break
        facts.push({ seq: f.seq, kind: f.kind, envelope: f.bytes })
        bytes += f.bytes.byteLength
        last = f.seq
      }
      if (facts.length > 0 || !caughtUp) {
        if (facts.length > 0) pageAt = performance.now()
        // counted before the write, which may wait for the transport: an ack for this very page may come meanwhile
        credit--
        await lp.write(syncPageToWire({ facts, head, done: last >= head, window }))
        caughtUp = caughtUp || last >= head
      }
      since = last
      if (last < head) continue
      if (!req.tail) break
      if (!appended && !core.store.watermark.pending()) await new Promise<void>(resolve => { wake = resolve })
      wake = undefined
      // facts this node made go at once, or at the end of the flush window when a page went out within it (they fan
      // out from here anyway, as gossip does); a batch holding facts learned from peers waits, since every peer also
      // hears of those from everywhere else. Facts held only by a relaxed commit wait for a durable commit (one is
      // made if none comes). The waits run at once.
      let delay: NodeJS.Timeout | undefined
      const waits: Array<Promise<void>> = []
      const ms = core.store.facts.lastLearned > since ? TAIL_DELAY_MS : pageAt + FACT_FLUSH_MS - performance.now()
      if (ms > 0) waits.push(new Promise<void>(resolve => { delay = setTimeout(resolve, ms) }))
      if (core.store.watermark.pending()) waits.push(core.store.watermark.whenDurable())
      if (stream.status === 'open' && waits.length > 0) {
        await new Promise<void>(resolve => {
          wake = () => { if (stream.status !== 'open') resolve() } // only a close cuts the wait short
          void Promise.all(waits).then(() => resolve())
        })
        wake = undefined
      }
      clearTimeout(delay)
    }
    if ((!req.tail || acksEnded) && stream.status === 'open') await stream.close()
  } catch (err) {
    core.log.debug('sync stream ended', { peer: remote, error: errorText(err) })
    stream.abort(err as Error)
  } finally {
    core.events.off('facts:appended', onAppend)
  }
}
