// The sender end of /aios-comm/deliver/2 (or /1, with an older peer) towards one peer: one long-lived stream,
// pipelined batches matched to their answers by batch id. The stream is opened on demand and reopened after a failure.
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import type { LengthPrefixedStream } from '@libp2p/utils'
import type { Stream } from '@libp2p/interface'
import { MeshError, wireError } from '../../cards/index.js'
import { errorText } from '../runtime/errors.js'
import { deliverRequestToWire, deliverResponseFromWire, type DeliverResponseData, type EvidenceContentData, type HandoffData } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { TimedIdReaders } from './timed-ids.js'
import { MAX_FRAME_BYTES, DELIVER_PROTOCOL, DELIVER_PROTOCOL_2, DIAL_TIMEOUT_MS, REQUEST_TIMEOUT_MS, type MeshNode, lengthPrefixed } from '../net/index.js'

/** A send that failed because no connection to the peer could be made (as opposed to a failure on one). */
export class NoConnection extends MeshError {
  constructor (message: string, options?: { cause?: unknown }) {
    super('PEER_UNREACHABLE', message, options)
  }
}

interface Waiter {
  resolve: (r: DeliverResponseData) => void
  reject: (e: Error) => void
  timer: NodeJS.Timeout
}

/**
 * The cards of the seats hosted here, with a version that moves whenever they may have changed. A frame asks for the
 * version only; the cards are read (one row per seat) when it moved since that session last sent them.
 */
export interface LocalCards {
  version: () => number
  cards: () => Uint8Array[]
}

interface Open {
  stream: Stream
  lp: LengthPrefixedStream<Stream>
  cardsVersion: number
}

export class PeerSession {
  private open?: Promise<Open>
  private readonly waiting = new Map<number, Waiter>()
  private nextBatch = 1

  constructor (
    private readonly node: MeshNode,
    private readonly core: Core,
    readonly peerId: string,
    private readonly cards: LocalCards,
    private readonly timedIds?: TimedIdReaders
  ) {}

  /**
   * headers: each message's sender-signed header, in the order of messages. `evidence`: content beside COMPLETE
   * receipts of this batch; only ever sent to the message's sender's node, or beside `audits` to its auditor's.
   */
  async send (messages: Uint8Array[], headers: Array<Uint8Array | undefined>, receipts: Uint8Array[], handoffs: HandoffData[] = [], evidence: EvidenceContentData[] = [], audits: HandoffData[] = []): Promise<DeliverResponseData> {
    const o = await this.connect()
    const batchId = this.nextBatch++
    const version = this.cards.version()
    const cards = version !== o.cardsVersion ? this.cards.cards() : []
    o.cardsVersion = version
    const frame = deliverRequestToWire({ batchId, messages, headers: headers.map(h => h ?? new Uint8Array(0)), receipts, cards, handoffs, evidence, audits })
    if (frame.byteLength > MAX_FRAME_BYTES) throw new MeshError('BATCH_TOO_LARGE', `a batch of ${frame.byteLength} bytes does not fit in one frame`)
    const answer = new Promise<DeliverResponseData>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(batchId)
        reject(new MeshError('PEER_TIMEOUT', `no answer from ${this.peerId} within ${REQUEST_TIMEOUT_MS} ms`))
        this.reset(new MeshError('PEER_TIMEOUT', 'timed out'))
      }, REQUEST_TIMEOUT_MS)
      this.waiting.set(batchId, { resolve, reject, timer })
    })
    try {
      await o.lp.write(frame)
    } catch (err) {
      this.reset(err as Error)
    }
    return await answer
  }

  close (): void {
    this.reset(new MeshError('SESSION_CLOSED', 'the daemon is stopping'))
  }

  private async connect (): Promise<Open> {
    if (this.open === undefined) {
      this.open = this.dial()
      this.open.catch(() => { this.open = undefined })
    }
    return await this.open
  }

  private async dial (): Promise<Open> {
    const current = this.core.directory.all().find(c => c.peerId === this.peerId)
    const pid = peerIdFromString(this.peerId)
    const addrs = (current?.multiaddrs ?? []).flatMap(a => {
      try {
        return [multiaddr(a)]
      } catch {
        return []
      }
    })
    if (addrs.length > 0) await this.node.peerStore.merge(pid, { multiaddrs: addrs })
    let stream: Stream
    try {
      await this.node.services.dialer.connect(this.peerId, current?.multiaddrs ?? [])
    } catch (err) {
      throw new NoConnection(`cannot reach ${this.peerId}: ${errorText(err)}`, { cause: err })
    }
    try {
      stream = await this.node.dialProtocol(pid, [DELIVER_PROTOCOL_2, DELIVER_PROTOCOL], { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
    } catch (err) {
      throw new MeshError('PEER_UNREACHABLE', `cannot reach ${this.peerId}: ${errorText(err)}`, { cause: err })
    }
    this.timedIds?.negotiated(this.peerId, stream.protocol)
    const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES })
    const o: Open = { stream, lp, cardsVersion: -1 }
    void this.readLoop(o)
    return o
  }

  private async readLoop (o: Open): Promise<void> {
    try {
      for (;;) {
        const frame = await o.lp.read()
        const res = deliverResponseFromWire(frame.subarray())
        if (res.error !== undefined) throw wireError(res.error.code, `${this.peerId} closed the stream: ${res.error.message}`, 'PEER_CODE_UNKNOWN')
        const w = this.waiting.get(res.batchId)
        if (w === undefined) continue
        this.waiting.delete(res.batchId)
        clearTimeout(w.timer)
        w.resolve(res)
      }
    } catch (err) {
      this.reset(err instanceof MeshError ? err : new MeshError('PEER_STREAM_CLOSED', `the stream to ${this.peerId} ended: ${errorText(err)}`))
    }
  }

  private reset (err: Error): void {
    const o = this.open
    this.open = undefined
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer)
      w.reject(err)
      this.waiting.delete(id)
    }
    void o?.then(x => x.stream.abort(err)).catch(() => {})
  }
}
