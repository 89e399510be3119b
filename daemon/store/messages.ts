// Messages, receipts, the outbox and equivocations.
import type { Statements } from './statements.js'
import type { FactStore } from './facts.js'

export type OutboxKind = 'message' | 'receipt' | 'handoff'
export type OutboxStatus = 'pending' | 'failed' | 'expired'

export interface MessageRow {
  id: Uint8Array
  hash: Uint8Array
  envelope: Uint8Array
  /** The sender-signed header envelope (absent only for messages stored before headers existed). */
  header?: Uint8Array
  from: string
  to: string
  localFrom: boolean
  localTo: boolean
  sentAtMs: number
  expiresAtMs?: number
  storedAtMs: number
  state: string
}

export interface ReceiptRow {
  hash: Uint8Array
  messageId: Uint8Array
  state: string
  actor: string
  envelope: Uint8Array
  atMs: number
  receivedAtMs: number
}

export interface OutboxRow {
  id: number
  kind: OutboxKind
  ref: Uint8Array
  dest: string
  status: OutboxStatus
  nextAttemptMs: number
  attempts: number
  lastError?: string
  createdAtMs: number
}

const u8 = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)

function messageFromRow (r: any): MessageRow {
  return {
    id: u8(r.id),
    hash: u8(r.hash),
    envelope: u8(r.envelope),
    header: r.header == null ? undefined : u8(r.header),
    from: r.from_handle,
    to: r.to_handle,
    localFrom: r.local_from === 1,
    localTo: r.local_to === 1,
    sentAtMs: r.sent_at_ms,
    expiresAtMs: r.expires_at_ms ?? undefined,
    storedAtMs: r.stored_at_ms,
    state: r.state
  }
}

function receiptFromRow (r: any): ReceiptRow {
  return { hash: u8(r.hash), messageId: u8(r.message_id), state: r.state, actor: r.actor, envelope: u8(r.envelope), atMs: r.at_ms, receivedAtMs: r.received_at_ms }
}

function outboxFromRow (r: any): OutboxRow {
  return {
    id: r.id,
    kind: r.kind,
    ref: u8(r.ref),
    dest: r.dest,
    status: r.status,
    nextAttemptMs: r.next_attempt_ms,
    attempts: r.attempts,
    lastError: r.last_error ?? undefined,
    createdAtMs: r.created_at_ms
  }
}

export class MessageStore {
  constructor (private readonly s: Statements, private readonly facts: FactStore) {}

  // ---- messages ----

  insertMessage (m: Omit<MessageRow, 'state'>): void {
    this.s.get(`INSERT INTO messages (id, hash, envelope, header, from_handle, to_handle, local_from, local_to, sent_at_ms, expires_at_ms, stored_at_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(m.id, m.hash, m.envelope, m.header ?? null, m.from, m.to, m.localFrom ? 1 : 0, m.localTo ? 1 : 0, m.sentAtMs, m.expiresAtMs ?? null, m.storedAtMs)
  }

  message (id: Uint8Array): MessageRow | undefined {
    const r = this.s.get('SELECT * FROM messages WHERE id = ?').get(id)
    return r === undefined ? undefined : messageFromRow(r)
  }

  /** A message's derived state without its bytes (what waiting for a state reads on every receipt). */
  stateOf (id: Uint8Array): { state: string, localFrom: boolean } | undefined {
    const r: any = this.s.get('SELECT state, local_from FROM messages WHERE id = ?').get(id)
    return r === undefined ? undefined : { state: r.state, localFrom: r.local_from === 1 }
  }

  /** Messages addressed to local seats, newest last; `open` leaves out COMPLETE and REJECTED. */
  inbox (handles: string[], open: boolean): MessageRow[] {
    if (handles.length === 0) return []
    const marks = handles.map(() => '?').join(',')
    const filter = open ? "AND state NOT IN ('COMPLETE', 'REJECTED')" : ''
    return this.s.get(`SELECT * FROM messages WHERE local_to = 1 AND to_handle IN (${marks}) ${filter} ORDER BY sent_at_ms, id`).all(...handles).map(messageFromRow)
  }

  /** Messages held for a seat that are not final yet: what a seat move hands over. */
  openFor (handle: string): MessageRow[] {
    return this.s.get(`SELECT * FROM messages WHERE local_to = 1 AND to_handle = ? AND state NOT IN ('COMPLETE', 'REJECTED') ORDER BY sent_at_ms, id`).all(handle).map(messageFromRow)
  }

  /** The message was handed over with its seat: it stays here as history, out of the inbox. */
  unmarkLocalTo (id: Uint8Array): void {
    this.s.get('UPDATE messages SET local_to = 0 WHERE id = ?').run(id)
  }

  /** A message sent by a local seat to a local seat is delivered in place: it becomes inbox too. */
  markLocalTo (id: Uint8Array): void {
    this.s.get('UPDATE messages SET local_to = 1 WHERE id = ?').run(id)
  }

  setState (id: Uint8Array, state: string): void {
    this.s.get('UPDATE messages SET state = ? WHERE id = ?').run(state, id)
  }

  countMessages (): number {
    return this.s.get('SELECT count(*) FROM messages').pluck().get() as number
  }

  // ---- receipts ----

  /** Stores a receipt unless one for the same message, state and actor is held; returns whether it was new. */
  insertReceipt (r: ReceiptRow): boolean {
    const added = this.s.get(`INSERT OR IGNORE INTO receipts (hash, message_id, state, actor, envelope, at_ms, received_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(r.hash, r.messageId, r.state, r.actor, r.envelope, r.atMs, r.receivedAtMs).changes === 1
    if (added) this.facts.append('receipt', r.envelope, r.receivedAtMs, r.hash)
    return added
  }

  receipts (messageId: Uint8Array): ReceiptRow[] {
    return this.s.get('SELECT * FROM receipts WHERE message_id = ? ORDER BY at_ms, state').all(messageId).map(receiptFromRow)
  }

  receipt (messageId: Uint8Array, state: string, actor: string): ReceiptRow | undefined {
    const r = this.s.get('SELECT * FROM receipts WHERE message_id = ? AND state = ? AND actor = ?').get(messageId, state, actor)
    return r === undefined ? undefined : receiptFromRow(r)
  }

  receiptByHash (hash: Uint8Array): ReceiptRow | undefined {
    const r = this.s.get('SELECT * FROM receipts WHERE hash = ?').get(hash)
    return r === undefined ? undefined : receiptFromRow(r)
  }

  // ---- outbox ----

  enqueue (kind: OutboxKind, ref: Uint8Array, dest: string, nowMs: number): void {
    this.s.get(`INSERT OR IGNORE INTO outbox (kind, ref, dest, next_attempt_ms, created_at_ms) VALUES (?, ?, ?, ?, ?)`).run(kind, ref, dest, nowMs, nowMs)
  }

  due (nowMs: number, limit: number): OutboxRow[] {
    return this.s.get(`SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?`).all(nowMs, limit).map(outboxFromRow)
  }

  /** The next moment a pending row becomes due after `nowMs` (rows due already are in flight or waiting for room). */
  nextDueAfter (nowMs: number): number | undefined {
    return (this.s.get(`SELECT min(next_attempt_ms) FROM outbox WHERE status = 'pending' AND next_attempt_ms > ?`).pluck().get(nowMs) as number | null) ?? undefined
  }

  outbox (all: boolean): OutboxRow[] {
    const filter = all ? '' : "WHERE status = 'pending'"
    return this.s.get(`SELECT * FROM outbox ${filter} ORDER BY id`).all().map(outboxFromRow)
  }

  outboxFor (kind: OutboxKind, ref: Uint8Array): OutboxRow | undefined {
    const r = this.s.get('SELECT * FROM outbox WHERE kind = ? AND ref = ? ORDER BY id LIMIT 1').get(kind, ref)
    return r === undefined ? undefined : outboxFromRow(r)
  }

  pendingFor (dest: string): number {
    return this.s.get(`SELECT count(*) FROM outbox WHERE dest = ? AND status = 'pending'`).pluck().get(dest) as number
  }

  pendingCount (): number {
    return this.s.get(`SELECT count(*) FROM outbox WHERE status = 'pending'`).pluck().get() as number
  }

  done (id: number): void {
    this.s.get('DELETE FROM outbox WHERE id = ?').run(id)
  }

  retryLater (id: number, nextAttemptMs: number, error: string): void {
    this.s.get('UPDATE outbox SET attempts = attempts + 1, next_attempt_ms = ?, last_error = ? WHERE id = ?').run(nextAttemptMs, error, id)
  }

  finish (id: number, status: Exclude<OutboxStatus, 'pending'>, error: string): void {
    this.s.get('UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ? WHERE id = ?').run(status, error, id)
  }

  /** Puts a message's outbox rows (pending, failed or expired) back to pending, due now; returns how many. */
  retryNow (ref: Uint8Array, nowMs: number): number {
    return this.s.get(`UPDATE outbox SET status = 'pending', next_attempt_ms = ? WHERE kind = 'message' AND ref = ?`).run(nowMs, ref).changes
  }

  /** Makes every pending item for these handles due now (a peer just connected). */
  wakeDest (handles: string[], nowMs: number): number {
    if (handles.length === 0) return 0
    const marks = handles.map(() => '?').join(',')
    return this.s.get(`UPDATE outbox SET next_attempt_ms = ? WHERE status = 'pending' AND dest IN (${marks}) AND next_attempt_ms > ?`).run(nowMs, ...handles, nowMs).changes
  }

  // ---- equivocations ----

  recordEquivocation (messageId: Uint8Array, hash: Uint8Array, from: string, peerId: string | undefined, nowMs: number): void {
    this.s.get('INSERT OR IGNORE INTO equivocations (message_id, hash, from_handle, peer_id, seen_at_ms) VALUES (?, ?, ?, ?, ?)').run(messageId, hash, from, peerId ?? null, nowMs)
  }
}
