// The sender's side of mailboxes: an outbox item whose destination's node has stayed unreachable longer than
// config.mailboxAfterMs is handed, signed bytes as they are, to one of the destination actor's mailboxes (named in
// its card). The outbox row stays: direct delivery goes on, and the recipient stores a duplicate once.
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { MeshError, hex } from '../../cards/index.js'
import { deliverRequestToWire, deliverResponseFromWire, type DeliverResponseData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { DIAL_TIMEOUT_MS, MAX_FRAME_BYTES, REQUEST_TIMEOUT_MS, type MeshNode, lengthPrefixed } from '../net/index.js'
import { MAX_BATCH_BYTES, MAX_BATCH_MESSAGES, TRANSIENT_CODES } from '../messaging/index.js'
import type { OutboxRow } from '../store/index.js'
import { errorText } from '../runtime/errors.js'
import { MAILBOX_PROTOCOL } from './constants.js'

/** An outbox item as the worker had it in hand: its row and its signed bytes. */
export interface WaitingItem {
  row: OutboxRow
  bytes: Uint8Array
  header?: Uint8Array
}

const CLOCK_SLACK_MS = 1000 // an item this far "in the future" was made before the wall clock stepped back

export class MailboxHandoff {
  private readonly busy = new Set<number>() // outbox rows being handed over now

  constructor (private readonly core: Core, private readonly node: MeshNode, private readonly afterMs: number) {}

  /**
   * The worker could not reach this peer: the items that have waited long enough go to a mailbox. An item made
   * "later" than now was made before the wall clock was set back, so how long it waited is unknown; it goes too
   * (a mailbox copy beside the direct retries is stored once), rather than wait out the step.
   */
  unreachable (peerId: string, items: WaitingItem[]): void {
    const now = Date.now()
    const waitedEnough = (createdAtMs: number): boolean => createdAtMs > now + CLOCK_SLACK_MS || now - createdAtMs >= this.afterMs
    const due = items.filter(i => (i.row.kind === 'message' || i.row.kind === 'receipt') && i.row.heldAt === undefined &&
      waitedEnough(i.row.createdAtMs) && !this.busy.has(i.row.id))
    if (due.length === 0) return
    for (const i of due) this.busy.add(i.row.id)
    void this.handOver(peerId, due)
      .catch(err => this.core.log.warn('mailbox hand-off failed', { peer: peerId, error: errorText(err) }))
      .finally(() => { for (const i of due) this.busy.delete(i.row.id) })
  }

  /** Per destination actor: its mailboxes in the order its card names them, until one holds each item. */
  private async handOver (peerId: string, items: WaitingItem[]): Promise<void> {
    const byDest = new Map<string, WaitingItem[]>()
    for (const i of items) byDest.set(i.row.dest, [...(byDest.get(i.row.dest) ?? []), i])
    for (const [dest, list] of byDest) {
      const boxes = (this.core.directory.get(dest)?.mailboxes ?? []).filter(m => m !== peerId && m !== this.core.peerId)
      let left = list
      for (const box of boxes) {
        if (left.length === 0) break
        left = await this.tryMailbox(box, left)
      }
      if (left.length > 0) this.core.log.debug('no mailbox holds these items yet', { dest, items: left.length, mailboxes: boxes.length })
    }
  }

  /** Hands items to one mailbox in batches; returns those it did not hold (to try the next one). */
  private async tryMailbox (box: string, items: WaitingItem[]): Promise<WaitingItem[]> {
    const left: WaitingItem[] = []
    for (const batch of batches(items)) {
      let res: DeliverResponseData
      try {
        res = await this.request(box, batch)
      } catch (err) {
        this.core.log.info('mailbox not reached', { mailbox: box, error: errorText(err) })
        return [...left, ...items.slice(items.indexOf(batch[0]))]
      }
      const messages = batch.filter(i => i.row.kind === 'message')
      const receipts = batch.filter(i => i.row.kind === 'receipt')
      const held: WaitingItem[] = []
      const judge = (i: WaitingItem, code: string | undefined, message: string | undefined): void => {
        if (code === undefined) held.push(i)
        else {
          this.core.log.warn('mailbox refused an item', { mailbox: box, kind: i.row.kind, ref: hex(i.row.ref), code, message })
          if (TRANSIENT_CODES.has(code) || code.startsWith('MAILBOX_')) left.push(i) // another mailbox may take it
        }
      }
      messages.forEach((i, n) => { judge(i, res.results[n]?.errorCode ?? (res.results[n] === undefined ? 'INTERNAL' : undefined), res.results[n]?.errorMessage) })
      receipts.forEach((i, n) => { judge(i, res.receiptResults[n]?.errorCode ?? (res.receiptResults[n] === undefined ? 'INTERNAL' : undefined), res.receiptResults[n]?.errorMessage) })
      if (held.length > 0) {
        const now = Date.now()
        await this.core.store.commit.run(() => { for (const i of held) this.core.store.outbox.markHeld(i.row.id, box, now) }, { durable: false })
        this.core.log.info('handed to a mailbox', { mailbox: box, items: held.length })
      }
    }
    return left
  }

  /** One frame to the mailbox and its answer, on a stream of its own. */
  private async request (box: string, batch: WaitingItem[]): Promise<DeliverResponseData> {
    const pid = peerIdFromString(box)
    const addrs = (this.core.directory.all().find(c => c.peerId === box)?.multiaddrs ?? []).flatMap(a => {
      try {
        return [multiaddr(a)]
      } catch {
        return []
      }
    })
    if (addrs.length > 0) await this.node.peerStore.merge(pid, { multiaddrs: addrs })
    const stream = await this.node.dialProtocol(pid, MAILBOX_PROTOCOL, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
    try {
      const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES })
      const messages = batch.filter(i => i.row.kind === 'message')
      const receipts = batch.filter(i => i.row.kind === 'receipt')
      await lp.write(deliverRequestToWire({
        batchId: 1, messages: messages.map(i => i.bytes), headers: messages.map(i => i.header ?? new Uint8Array(0)), receipts: receipts.map(i => i.bytes), cards: []
      }), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      const res = deliverResponseFromWire((await lp.read({ signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })).subarray())
      if (res.error !== undefined) throw new MeshError('PEER_STREAM_CLOSED', `${box} refused: ${res.error.code}: ${res.error.message}`)
      await stream.close({ signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) }).catch(() => { stream.abort(new Error('closed')) })
      return res
    } catch (err) {
      stream.abort(err as Error)
      throw err
    }
  }
}

function* batches (items: WaitingItem[]): Generator<WaitingItem[]> {
  let batch: WaitingItem[] = []
  let bytes = 0
  for (const i of items) {
    const weight = i.bytes.byteLength + (i.header?.byteLength ?? 0)
    if (batch.length > 0 && (bytes + weight > MAX_BATCH_BYTES || batch.length >= MAX_BATCH_MESSAGES)) {
      yield batch
      batch = []
      bytes = 0
    }
    batch.push(i)
    bytes += weight
  }
  if (batch.length > 0) yield batch
}
