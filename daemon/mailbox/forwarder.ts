// The mailbox's forwarding: what it holds goes to its destination's node when that node connects (and on a retry
// timer), over the ordinary deliver protocol. A message leaves the mailbox once its recipient answered with a receipt
// it signed after its own durable commit; that receipt then travels back to the message's sender the same way.
import { hex, sha256 } from '../../cards/index.js'
import type { DeliverResponseData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { backoffMs, type PeerSession } from '../delivery/index.js'
import { MAX_BATCH_BYTES, TRANSIENT_CODES } from '../messaging/index.js'
import { checkReceipt } from '../receipts/index.js'
import type { MailboxRow } from '../store/index.js'
import { errorText } from '../runtime/errors.js'
import { FORWARD_BATCH, FORWARD_RETRY_MS, MAX_HOLD_MS } from './constants.js'

export class MailboxForwarder {
  private readonly busy = new Set<string>() // peers a batch is in flight to
  private timer?: NodeJS.Timeout
  private running = false

  constructor (private readonly core: Core, private readonly session: (peerId: string) => PeerSession) {}

  start (): void {
    this.running = true
    this.timer = setInterval(() => { this.forwardDue() }, FORWARD_RETRY_MS)
    this.timer.unref()
    this.forwardDue()
  }

  stop (): void {
    this.running = false
    clearInterval(this.timer)
  }

  /** A peer connected: what is held for the actors it hosts goes now. */
  peerConnected (peerId: string): void {
    const rows = this.core.store.mailbox.forDests(this.core.directory.handlesOnPeer(peerId), FORWARD_BATCH)
    if (rows.length > 0) void this.forward(peerId, fit(rows))
  }

  /** Everything whose retry is due, per destination node. */
  forwardDue (): void {
    if (!this.running) return
    void this.core.store.commit.run(() => this.core.store.mailbox.dropOlderThan(Date.now() - MAX_HOLD_MS), { durable: false }).then(dropped => {
      if (dropped > 0) this.core.log.warn('mailbox let go of items held too long', { count: dropped, days: MAX_HOLD_MS / 86_400_000 })
    })
    const byPeer = new Map<string, MailboxRow[]>()
    for (const row of this.core.store.mailbox.due(Date.now(), FORWARD_BATCH * 8)) {
      const peer = this.core.directory.get(row.dest)?.peerId
      if (peer === undefined || peer === this.core.peerId) continue
      const list = byPeer.get(peer) ?? []
      if (list.length < FORWARD_BATCH) list.push(row)
      byPeer.set(peer, list)
    }
    for (const [peer, rows] of byPeer) void this.forward(peer, fit(rows))
  }

  private async forward (peerId: string, rows: MailboxRow[]): Promise<void> {
    if (!this.running || this.busy.has(peerId)) return
    this.busy.add(peerId)
    let answered = false
    try {
      const messages = rows.filter(r => r.kind === 'message')
      const receipts = rows.filter(r => r.kind === 'receipt')
      let res: DeliverResponseData
      try {
        res = await this.session(peerId).send(messages.map(r => r.envelope), messages.map(r => r.header), receipts.map(r => r.envelope))
      } catch (err) {
        const now = Date.now()
        await this.core.store.commit.run(() => {
          for (const r of rows) this.core.store.mailbox.retryLater(r.id, now + Math.max(backoffMs(r.attempts), 1000), errorText(err))
        }, { durable: false })
        return
      }
      await this.settle(peerId, messages, receipts, res)
      answered = true
    } catch (err) {
      this.core.log.warn('mailbox forwarding failed', { peer: peerId, error: errorText(err) })
    } finally {
      this.busy.delete(peerId)
    }
    // more may be waiting for that peer than one batch (only after an answer: a failure waits for its retry)
    if (answered && this.running && this.core.store.mailbox.forDests(this.core.directory.handlesOnPeer(peerId), 1).some(r => r.nextAttemptMs <= Date.now())) this.peerConnected(peerId)
  }

  /** Records the destination's answers durably: held items leave, receipts for messages start their way back. */
  private async settle (peerId: string, messages: MailboxRow[], receipts: MailboxRow[], res: DeliverResponseData): Promise<void> {
    const box = this.core.store.mailbox
    const now = Date.now()
    let back = 0
    await this.core.store.commit.run(() => {
      messages.forEach((row, i) => {
        const r = res.results[i]
        if (r?.receipt !== undefined && r.receipt.byteLength > 0) {
          const to = this.core.directory.get(row.dest)
          const c = to === undefined ? undefined : checkReceipt(r.receipt, { id: row.ref, hash: sha256(row.envelope), to: row.dest, from: row.replyTo ?? '' }, to.actorKey)
          if (c?.ok === true && row.replyTo !== undefined) {
            box.put({ kind: 'receipt', ref: c.hash, dest: row.replyTo, envelope: r.receipt, fromPeer: peerId, nowMs: now })
            box.remove(row.id)
            back++
            return
          }
          box.retryLater(row.id, now + backoffMs(row.attempts), c === undefined ? 'no card for the recipient' : c.ok ? 'no sender to answer' : `${c.code}: ${c.reason}`)
          return
        }
        this.settleRow(row, r?.errorCode, r?.errorMessage, now)
      })
      receipts.forEach((row, i) => {
        const r = res.receiptResults[i]
        if (r !== undefined && r.errorCode === undefined) box.remove(row.id)
        else this.settleRow(row, r?.errorCode, r?.errorMessage, now)
      })
    })
    this.core.log.info('mailbox forwarded items', { peer: peerId, messages: messages.length, receipts: receipts.length, receiptsBack: back })
    if (back > 0) this.forwardDue()
  }

  /** A refusal for now is tried again later; a final one ends the item here (its sender still retries directly). */
  private settleRow (row: MailboxRow, code: string | undefined, message: string | undefined, now: number): void {
    if (code === undefined || TRANSIENT_CODES.has(code)) {
      this.core.store.mailbox.retryLater(row.id, now + backoffMs(row.attempts), code === undefined ? 'no answer in the batch' : `${code}: ${message ?? ''}`)
      return
    }
    this.core.log.warn('mailbox item refused by its destination', { kind: row.kind, ref: hex(row.ref), dest: row.dest, code })
    this.core.store.mailbox.remove(row.id)
  }
}

/** The first rows that fit in one deliver frame (at least one: a single item always fits, by the message limit). */
function fit (rows: MailboxRow[]): MailboxRow[] {
  let bytes = 0
  const out: MailboxRow[] = []
  for (const r of rows) {
    if (out.length > 0 && bytes + r.bytes > MAX_BATCH_BYTES) break
    out.push(r)
    bytes += r.bytes
  }
  return out
}
