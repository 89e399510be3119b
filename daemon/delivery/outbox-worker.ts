// The outbox worker: picks due messages and receipts, groups them per destination node, sends them in batches
// over each peer's session (or hands them over in place when the destination is on this node), and records
// every outcome. Nothing leaves the outbox until the answer for it is durably stored.
import { MeshError } from '../../cards/index.js'
import type { DeliverResponseData, EvidenceContentData, HandoffData } from '../../proto/index.js'
import type { Core, DeliverAttempt } from '../core.js'
import type { MessageRow, OutboxRow, ReceiptRow } from '../store/index.js'
import { acceptAudits, acceptMessages, acceptReceipts, applyReceipt, TRANSIENT_CODES, MAX_BATCH_BYTES, MAX_BATCH_MESSAGES } from '../messaging/index.js'
import type { PeerSession } from './peer-session.js'
import { errorText } from '../runtime/errors.js'
import { backoffMs } from './backoff.js'
import { crashPoint } from '../runtime/crash-point.js'
import { DELIVER_FRAMES_IN_FLIGHT } from '../net/index.js'

const PICK_LIMIT = 4096 // rows per scan; more pending than this and the table is read again before each pick
const IDLE_MS = 60_000 // with nothing due, look again after this long anyway

/** A pending row in the worker's memory, with the bytes its writer handed over (none: read at dispatch). */
interface Entry {
  row: OutboxRow
  bytes?: Uint8Array
  header?: Uint8Array
  message?: MessageRow
}

interface Item {
  row: OutboxRow
  bytes: Uint8Array
  /** For a message: the row it was read from (or handed over with), for settling without reading it back. */
  message?: MessageRow
  /** For a message or a handoff: its sender-signed header. */
  header?: Uint8Array
  /** For a handoff: the receipts the seat issued for the message. */
  receipts?: Uint8Array[]
  /** For a COMPLETE receipt issued here: its evidence's content, for the message's sender. */
  content?: Uint8Array
}

export class OutboxWorker {
  /** The pending rows and their schedule, between commits (the table is the truth: see OutboxStore.changed). */
  private queue = new Map<number, Entry>()
  /**
   * The rows in `queue` whose message expires, and when (most messages have no TTL: the scans stay as they were). Such
   * a row is due then, whatever its schedule or its destination's hold, and ends EXPIRED at that dispatch: not at its
   * next attempt, which may be 30 s later.
   */
  private expiries = new Map<number, number>()
  /** The last load did not hold every pending row: the table is read again before each pick. */
  private partial = false
  private readonly inFlight = new Set<number>()
  /** Frames sent to each peer and not yet answered: at most DELIVER_FRAMES_IN_FLIGHT (see net/constants.ts). */
  private readonly framesPerPeer = new Map<string, number>()
  /**
   * Destinations whose node could not be reached: none of their rows is sent before `untilMs` (or before that node
   * connects). Without it, each row of a backlog kept its own retry time, and a worker holding thousands for a node
   * that was down woke for every few of them, scanned them all and dialed again each time.
   */
  private readonly holds = new Map<string, { untilMs: number, failures: number }>()
  private running = false
  private wake?: () => void
  private kicked = false
  private timer?: NodeJS.Timeout
  private loopDone?: Promise<void>
  private readonly kick = (): void => {
    this.kicked = true // remembered when the loop is busy, so no kick is lost
    this.wake?.()
  }

  /**
   * The wall clock jumped. Back: every next attempt and hold's end, times on the old clock, is that much later than
   * meant, so all are due now (one round of retries, as a reconnect makes). Either way the idle wait, on the
   * monotonic clock, is cut short so the rows are looked at on the new clock.
   */
  private readonly onClock = ({ deltaMs }: { deltaMs: number }): void => {
    if (deltaMs < 0) {
      this.holds.clear()
      this.core.store.outbox.allDueNow(Date.now())
    }
    this.kick()
  }

  /** `unreachable`: told of the items a peer could not be reached for (e.g. to hand them to a mailbox). */
  constructor (private readonly core: Core, private readonly session: (peerId: string) => PeerSession,
    private readonly unreachable?: (peerId: string, items: Item[]) => void) {}

  start (): void {
    if (this.running) return
    this.running = true
    this.core.events.on('outbox:kick', this.kick)
    this.core.events.on('clock:jumped', this.onClock)
    this.loopDone = this.loop()
  }

  async stop (): Promise<void> {
    if (!this.running) return
    this.running = false
    this.core.events.off('outbox:kick', this.kick)
    this.core.events.off('clock:jumped', this.onClock)
    this.kick()
    await this.loopDone
  }

  /** A peer (re)connected: everything waiting for the actors it hosts is due now. */
  peerConnected (peerId: string): void {
    const handles = this.core.directory.handlesOnPeer(peerId)
    let held = false
    for (const h of handles) held = this.holds.delete(h) || held
    if (this.core.store.outbox.wakeDest(handles, Date.now()) > 0 || held) this.kick()
  }

  private heldUntil (dest: string, nowMs: number): number | undefined {
    const h = this.holds.get(dest)
    return h !== undefined && h.untilMs > nowMs ? h.untilMs : undefined
  }

  private async loop (): Promise<void> {
    while (this.running) {
      this.kicked = false
      const now = Date.now()
      const rows = this.due(now)
      // a row is visible once committed, and durable only when the log's fsync returns: nothing leaves before that
      if (rows.length > 0 && await this.core.store.commit.synced()) this.dispatch(rows, now)
      await this.idle(now)
    }
  }

  /**
   * Sleeps until kicked (new work, a settled batch, a peer connected) or until the next retry is due after `pickedMs`,
   * the time the rows were picked at: a row, an expiry or a hold's end that came while this step sent is due at once.
   * (Counted from the clock now, one that came in the meantime was passed over, as if due already and in flight, and
   * its row waited for the next kick or IDLE_MS.)
   */
  private async idle (pickedMs: number): Promise<void> {
    if (this.kicked || !this.running) return
    const next = this.nextDueAfter(pickedMs)
    const delay = next === undefined ? IDLE_MS : Math.max(1, Math.min(IDLE_MS, next - Date.now()))
    await new Promise<void>(resolve => {
      this.wake = resolve
      this.timer = setTimeout(resolve, delay)
    })
    clearTimeout(this.timer)
    this.wake = undefined
  }

  /** Takes what writers handed over and, when the table changed behind the worker's back, reads it again. */
  private refresh (): void {
    const outbox = this.core.store.outbox
    if (outbox.changed || this.partial) {
      outbox.changed = false
      outbox.handed = [] // what they hold is in the table too
      const held = this.queue
      const expiries = this.expiries
      this.queue = new Map()
      this.expiries = new Map()
      const rows = outbox.pending(PICK_LIMIT)
      this.partial = rows.length >= PICK_LIMIT
      for (const row of rows) {
        const before = held.get(row.id)
        this.queue.set(row.id, before === undefined ? { row } : { ...before, row })
        const at = before === undefined ? this.expiryOf(row) : expiries.get(row.id)
        if (at !== undefined) this.expiries.set(row.id, at)
      }
      return
    }
    for (const h of outbox.handed) {
      if (this.queue.has(h.row.id)) continue
      const message = h.message as MessageRow | undefined
      this.queue.set(h.row.id, { row: h.row, bytes: h.bytes, header: h.header, message })
      const at = message !== undefined ? message.expiresAtMs : this.expiryOf(h.row)
      if (at !== undefined) this.expiries.set(h.row.id, at)
    }
    outbox.handed = []
  }

  /** When a row's message expires, read once when the row comes into memory without it (none: it does not). */
  private expiryOf (row: OutboxRow): number | undefined {
    return row.kind === 'message' ? this.core.store.messages.expiresAt(row.ref) : undefined
  }

  /** The rows due now and not in flight, soonest first (at most PICK_LIMIT). */
  private due (now: number): Entry[] {
    this.refresh()
    const out: Entry[] = []
    const holding = this.holds.size > 0
    for (const e of this.queue.values()) {
      if (this.scheduled(e, now, holding) && !this.inFlight.has(e.row.id)) out.push(e)
    }
    for (const [id, at] of this.expiries) { // expired, and not picked above: it ends EXPIRED at dispatch, nothing is sent
      const e = this.queue.get(id)
      if (at <= now && e !== undefined && !this.scheduled(e, now, holding) && !this.inFlight.has(id)) out.push(e)
    }
    out.sort((a, b) => a.row.nextAttemptMs - b.row.nextAttemptMs || a.row.id - b.row.id)
    return out.length > PICK_LIMIT ? out.slice(0, PICK_LIMIT) : out
  }

  /** Whether a row's own schedule makes it due now: its next attempt has come and its destination is not held. */
  private scheduled (e: Entry, now: number, holding: boolean): boolean {
    return e.row.nextAttemptMs <= now && !(holding && this.heldUntil(e.row.dest, now) !== undefined)
  }

  /** The next moment a held row becomes due after `nowMs` (rows due already are in flight or waiting for room). */
  private nextDueAfter (nowMs: number): number | undefined {
    if (this.core.store.outbox.changed || this.core.store.outbox.handed.length > 0) return nowMs
    let next: number | undefined
    const sooner = (t: number | undefined): void => { if (t !== undefined && t > nowMs && (next === undefined || t < next)) next = t }
    if (this.partial) { // the rows are in the table: a held destination's are due again when its hold ends
      for (const h of this.holds.values()) sooner(h.untilMs)
      sooner(this.core.store.outbox.nextDueAfter(nowMs))
      for (const at of this.expiries.values()) sooner(at) // of the rows loaded; the others', once they are
      return next
    }
    const holding = this.holds.size > 0
    for (const e of this.queue.values()) {
      // a held row is due at its own retry time or at its hold's end, whichever is later
      const held = holding ? this.heldUntil(e.row.dest, nowMs) : undefined
      sooner(held === undefined ? e.row.nextAttemptMs : Math.max(held, e.row.nextAttemptMs))
    }
    for (const at of this.expiries.values()) sooner(at)
    return next
  }

  /** The worker's own outcomes, in the table and in memory alike. */
  private retryLater (row: OutboxRow, atMs: number, why: string): void {
    this.core.store.outbox.retryLater(row.id, atMs, why)
    const e = this.queue.get(row.id)
    if (e !== undefined) e.row = { ...e.row, attempts: e.row.attempts + 1, nextAttemptMs: atMs, lastError: why }
  }

  private finish (row: OutboxRow, status: 'failed' | 'expired', why: string): void {
    this.core.store.outbox.finish(row.id, status, why)
    this.queue.delete(row.id)
    this.expiries.delete(row.id)
  }

  private settled (row: OutboxRow): void {
    this.core.store.outbox.settled(row.id)
    this.queue.delete(row.id)
    this.expiries.delete(row.id)
  }

  private dispatch (entries: Entry[], now: number): void {
    const byPeer = new Map<string, Item[]>()
    const local: Item[] = []
    for (const entry of entries) {
      const row = entry.row
      const signed = this.payload(entry, now)
      if (signed === undefined) continue
      const dest = this.core.directory.get(row.dest)
      if (dest === undefined) {
        const why = this.core.directory.check(row.dest, now) // an expired endorsement says when, and how to renew it
        this.retryLater(row, now + backoffMs(row.attempts), why.ok ? `no valid card for ${row.dest} is held here` : why.reason)
        continue
      }
      const item: Item = { row, ...signed }
      if (row.kind === 'receipt' || row.kind === 'audit') item.content = this.core.store.evidence.outgoingContent(row.ref)
      // an audit request: the COMPLETE (row.ref) with the message and every receipt held for it, for its auditor
      if (row.kind === 'audit' && signed.message !== undefined) item.receipts = this.core.store.receipts.forMessage(signed.message.id).map(r => r.envelope)
      if (row.kind === 'handoff') {
        if (dest.peerId === this.core.peerId) {
          this.retryLater(row, now + backoffMs(row.attempts), `waiting for the card of ${row.dest} at its new node`)
          continue
        }
        item.receipts = this.core.store.receipts.forMessage(row.ref).map(r => r.envelope)
      }
      if (dest.local) {
        local.push(item)
        continue
      }
      const list = byPeer.get(dest.peerId) ?? []
      list.push(item)
      byPeer.set(dest.peerId, list)
    }
    if (local.length > 0) this.track(local, this.deliverLocally(local))
    for (const [peerId, items] of byPeer) {
      let frames = this.framesPerPeer.get(peerId) ?? 0
      for (const batch of batches(items)) {
        if (frames >= DELIVER_FRAMES_IN_FLIGHT) break // the rest go when an answer comes (it kicks the worker)
        frames++
        this.track(batch, this.deliverRemote(peerId, batch), peerId)
      }
    }
  }

  /** The signed bytes to send for a row, or undefined when the row was settled here (expired, vanished). */
  private payload (entry: Entry, now: number): { bytes: Uint8Array, header?: Uint8Array, message?: MessageRow } | undefined {
    const row = entry.row
    const store = this.core.store.messages
    if (row.kind === 'handoff') {
      const m = store.message(row.ref)
      if (m === undefined) this.finish(row, 'failed', 'the message is no longer held')
      return m === undefined ? undefined : { bytes: m.envelope, header: m.header }
    }
    if (row.kind === 'audit') {
      const r = this.heldReceipt(row)
      const m = r === undefined ? undefined : store.message(r.messageId)
      if (m === undefined) this.finish(row, 'failed', 'the COMPLETE or its message is no longer held')
      return m === undefined ? undefined : { bytes: m.envelope, header: m.header, message: m }
    }
    if (row.kind === 'message') {
      const m = entry.message ?? store.message(row.ref)
      if (m === undefined) {
        this.finish(row, 'failed', 'the message is no longer held')
        return undefined
      }
      if (m.expiresAtMs !== undefined && m.expiresAtMs <= now) {
        this.finish(row, 'expired', `not delivered before it expired at ${new Date(m.expiresAtMs).toISOString()}`)
        this.core.events.emit('receipt', { messageId: m.id, state: 'EXPIRED', actor: m.to })
        return undefined
      }
      return { bytes: m.envelope, header: m.header, message: m }
    }
    if (entry.bytes !== undefined) return { bytes: entry.bytes }
    const r = this.heldReceipt(row)
    if (r === undefined) {
      this.finish(row, 'failed', 'the receipt is no longer held')
      return undefined
    }
    return { bytes: r.envelope }
  }

  /** The receipt a receipt or audit row sends: the row names its message and its hash. */
  private heldReceipt (row: OutboxRow): ReceiptRow | undefined {
    return row.messageId === undefined ? undefined : this.core.store.receipts.byHash(row.messageId, row.ref)
  }

  private track (items: Item[], work: Promise<void>, peerId?: string): void {
    for (const i of items) this.inFlight.add(i.row.id)
    if (peerId !== undefined) this.framesPerPeer.set(peerId, (this.framesPerPeer.get(peerId) ?? 0) + 1)
    void work.catch(err => this.core.log.error('outbox batch failed', { error: errorText(err) })).finally(() => {
      for (const i of items) this.inFlight.delete(i.row.id)
      if (peerId !== undefined) this.framesPerPeer.set(peerId, (this.framesPerPeer.get(peerId) ?? 0) - 1)
      this.kick()
    })
  }

  private async deliverLocally (items: Item[]): Promise<void> {
    const messages = items.filter(i => i.row.kind === 'message')
    const receipts = items.filter(i => i.row.kind === 'receipt')
    const audits = items.filter(i => i.row.kind === 'audit')
    const startMs = Date.now()
    const res: DeliverResponseData = {
      batchId: 0,
      results: messages.length > 0 ? await acceptMessages(this.core, messages.map(i => i.bytes), messages.map(i => i.header), undefined) : [],
      receiptResults: receipts.length > 0 ? await acceptReceipts(this.core, receipts.map(i => i.bytes), undefined, contents(receipts)) : [],
      auditResults: audits.length > 0 ? await acceptAudits(this.core, audits.map(asHandoff), contents(audits), undefined) : []
    }
    await this.settle(messages, receipts, res, [], { peerId: this.core.peerId, startMs }, audits)
  }

  private async deliverRemote (peerId: string, items: Item[]): Promise<void> {
    const messages = items.filter(i => i.row.kind === 'message')
    const receipts = items.filter(i => i.row.kind === 'receipt')
    const handoffs = items.filter(i => i.row.kind === 'handoff')
    const audits = items.filter(i => i.row.kind === 'audit')
    let res: DeliverResponseData
    const startMs = Date.now()
    try {
      res = await this.session(peerId).send(messages.map(i => i.bytes), messages.map(i => i.header), receipts.map(i => i.bytes), handoffs.map(asHandoff), contents([...receipts, ...audits]), audits.map(asHandoff))
    } catch (err) {
      const reason = err instanceof MeshError ? `${err.code}: ${err.message}` : errorText(err)
      const now = Date.now()
      this.core.log.debug('batch not delivered', { peer: peerId, rows: items.length, ms: now - startMs, error: reason })
      this.hold(items, now) // unreachable, or a stream refused or closed: the rest of the backlog waits with these
      await this.core.store.commit.run(() => {
        for (const i of items) this.retryLater(i.row, now + backoffMs(i.row.attempts), reason)
      }, { durable: false }).catch(err => this.reread(err)) // lost in a power cut, the rows are simply due again
      // as the rows are now (a mailbox may have taken a copy while this batch was out): the memory, read again after markHeld
      this.unreachable?.(peerId, items.map(i => ({ ...i, row: this.queue.get(i.row.id)?.row ?? i.row })))
      this.attempted(messages.map(i => attemptOf(i, { peerId, startMs }, now, 'retry', reason)))
      return
    }
    for (const i of items) this.holds.delete(i.row.dest)
    await this.settle(messages, receipts, res, handoffs, { peerId, startMs }, audits)
  }

  /**
   * A batch for these items' destinations failed as a whole (the node could not be reached, or refused or closed the
   * stream): none of their rows goes out again before a backoff of the destination, then all that are due go together.
   */
  private hold (items: Item[], now: number): void {
    for (const dest of new Set(items.map(i => i.row.dest))) {
      const h = this.holds.get(dest)
      if (h !== undefined && h.untilMs > now) continue // frames sent together fail together: one failure
      const failures = (h?.failures ?? 0) + 1
      this.holds.set(dest, { untilMs: now + backoffMs(failures - 1), failures })
    }
  }

  /**
   * Records the answers: stored receipts leave the outbox; refusals retry or end the row with their code. The
   * commit is not fsynced by itself (the next durable one covers it): what a power cut could take back is redone
   * by itself, since the rows are then due again and the recipient answers a message it holds with the DELIVERED
   * receipt it stored, never a second copy.
   */
  private async settle (messages: Item[], receipts: Item[], res: DeliverResponseData, handoffs: Item[], sent: Sent, audits: Item[] = []): Promise<void> {
    const store = this.core.store.messages
    const outbox: Outcomes = { settled: r => this.settled(r), retryLater: (r, t, w) => this.retryLater(r, t, w), finish: (r, st, w) => this.finish(r, st, w) }
    const now = Date.now()
    const settledStates: Array<{ messageId: Uint8Array, state: string, actor: string }> = []
    const attempts: DeliverAttempt[] = []
    // the receipts an answer brings are held by the peer that answered: its sync tail passes over them
    const ok = await this.core.store.commit.run(() => this.core.store.facts.peers.receivedFrom(sent.peerId, () => {
      messages.forEach((item, i) => {
        const r = res.results[i]
        const m = item.message ?? store.message(item.row.ref)
        if (r === undefined || m === undefined) {
          settleRow(outbox, item.row, undefined, 'message', now)
          attempts.push(attemptOf(item, sent, now, 'retry', 'no answer for this message in the batch'))
          return
        }
        if (r.receipt !== undefined) {
          const applied = applyReceipt(this.core, r.receipt, m, now)
          if (applied.ok && applied.state === 'DELIVERED') {
            this.settled(item.row)
            if (applied.isNew) settledStates.push({ messageId: m.id, state: 'DELIVERED', actor: m.to })
            attempts.push(attemptOf(item, sent, now, 'delivered'))
          } else {
            const why = applied.ok ? `answered with ${applied.state}, not DELIVERED` : `${applied.code}: ${applied.reason}`
            this.retryLater(item.row, now + backoffMs(item.row.attempts), why)
            attempts.push(attemptOf(item, sent, now, 'retry', why))
          }
          return
        }
        if (r.errorCode === 'EXPIRED') { // the recipient's clock says it expired before it arrived: not delivered, for good
          const why = `EXPIRED: ${r.errorMessage ?? ''}`
          this.finish(item.row, 'expired', why)
          settledStates.push({ messageId: m.id, state: 'EXPIRED', actor: m.to })
          attempts.push(attemptOf(item, sent, now, 'failed', why))
          return
        }
        // an answer without a receipt is a refusal: with no code, an internal one
        const settled = settleRow(outbox, item.row, { errorCode: r.errorCode ?? 'INTERNAL', errorMessage: r.errorMessage }, 'message', now)
        if (settled === 'failed') settledStates.push({ messageId: m.id, state: 'FAILED', actor: m.to })
        attempts.push(attemptOf(item, sent, now, settled === 'failed' ? 'failed' : 'retry', `${r.errorCode ?? 'INTERNAL'}: ${r.errorMessage ?? ''}`))
      })
      receipts.forEach((item, i) => { settleRow(outbox, item.row, res.receiptResults[i], 'receipt', now) })
      handoffs.forEach((item, i) => {
        if (settleRow(outbox, item.row, res.handoffResults?.[i], 'handoff', now) === 'done') store.unmarkLocalTo(item.row.ref)
      })
      audits.forEach((item, i) => { settleRow(outbox, item.row, res.auditResults?.[i], 'audit', now) })
      return true
    }), { durable: false }).catch(err => this.reread(err))
    if (ok !== true) return
    if (settledStates.length > 0) crashPoint('after-settle-commit')
    this.attempted(attempts)
    for (const s of settledStates) this.core.events.emit('receipt', s)
  }

  private attempted (attempts: DeliverAttempt[]): void {
    for (const a of attempts) this.core.events.emit('message:deliver', a)
  }

  /** A commit of the worker's outcomes failed: its memory may be ahead of the table, which is read again. */
  private reread (err: unknown): undefined {
    this.core.store.outbox.changed = true
    this.core.log.error('outbox outcome not stored', { error: errorText(err) })
    return undefined
  }
}

/** Where a batch went and when it left. */
interface Sent { peerId: string, startMs: number }

function attemptOf (item: Item, sent: Sent, endMs: number, outcome: DeliverAttempt['outcome'], error?: string): DeliverAttempt {
  return { messageId: item.row.ref, dest: item.row.dest, peerId: sent.peerId, queuedAtMs: item.row.createdAtMs, startMs: sent.startMs, endMs, outcome, ...(error === undefined ? {} : { error }) }
}

/** How the worker records an outcome: in the table and in its memory alike. */
interface Outcomes {
  settled: (row: OutboxRow) => void
  retryLater: (row: OutboxRow, atMs: number, why: string) => void
  finish: (row: OutboxRow, status: 'failed' | 'expired', why: string) => void
}

/** A peer's answer about one item: none (the batch did not cover it), accepted (no code), or refused with a code. */
interface Answer { errorCode?: string, errorMessage?: string }

/**
 * Settles one outbox row by the peer's answer: done when accepted; due again after a backoff when unanswered or
 * refused for now (a transient code); failed for good otherwise. Returns which, for the caller's own bookkeeping.
 */
function settleRow (outbox: Outcomes, row: OutboxRow, answer: Answer | undefined, what: OutboxRow['kind'], now: number): 'done' | 'retry' | 'failed' {
  if (answer === undefined) {
    outbox.retryLater(row, now + backoffMs(row.attempts), `no answer for this ${what} in the batch`)
    return 'retry'
  }
  if (answer.errorCode === undefined) {
    outbox.settled(row)
    return 'done'
  }
  const reason = `${answer.errorCode}: ${answer.errorMessage ?? ''}`
  if (TRANSIENT_CODES.has(answer.errorCode)) {
    outbox.retryLater(row, now + backoffMs(row.attempts), reason)
    return 'retry'
  }
  outbox.finish(row, 'failed', reason)
  return 'failed'
}

const asHandoff = (i: Item): HandoffData => ({ message: i.bytes, receipts: i.receipts ?? [], header: i.header })

/** The evidence content that goes beside the receipts of a batch (to the message's sender, the batch's destination). */
function contents (receipts: Item[]): EvidenceContentData[] {
  return receipts.flatMap(i => i.content === undefined ? [] : [{ receiptHash: i.row.ref, content: i.content }])
}

function* batches (items: Item[]): Generator<Item[]> {
  let batch: Item[] = []
  let bytes = 0
  let msgs = 0
  let rcpts = 0
  for (const item of items) {
    const isMsg = item.row.kind !== 'receipt'
    const weight = item.bytes.byteLength + (item.header?.byteLength ?? 0) + (item.receipts ?? []).reduce((n, r) => n + r.byteLength, 0) + (item.content?.byteLength ?? 0)
    if (batch.length > 0 && (bytes + weight > MAX_BATCH_BYTES || (isMsg ? msgs : rcpts) >= MAX_BATCH_MESSAGES)) {
      yield batch
      batch = []
      bytes = msgs = rcpts = 0
    }
    batch.push(item)
    bytes += weight
    if (isMsg) msgs++
    else rcpts++
  }
  if (batch.length > 0) yield batch
}
