// Messages: the signed envelopes a node holds, their derived state and the equivocations seen.
import { u8, type Statements } from './statements.js'

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
  /** The conversation it belongs to (undefined: none, or not indexed yet for a message stored before threads were). */
  thread: string | undefined
  /** The seat that must judge its COMPLETE (require AUDITED). */
  auditor?: string
}

/** A messages row as SQLite returns it. */
interface MessageDbRow {
  id: Buffer
  hash: Buffer
  envelope: Buffer
  header: Buffer | null
  from_handle: string
  to_handle: string
  local_from: number
  local_to: number
  sent_at_ms: number
  expires_at_ms: number | null
  stored_at_ms: number
  state: string
  thread: string | null
  auditor?: string | null
}

function messageFromRow (row: unknown): MessageRow {
  const r = row as MessageDbRow
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
    state: r.state,
    thread: r.thread === null || r.thread === '' ? undefined : r.thread,
    ...(r.auditor == null ? {} : { auditor: r.auditor })
  }
}

/** The longest state (DELIVERY_PENDING): a row's state and its state_pad always take this many bytes (023_state_width.sql). */
export const STATE_WIDTH = 16
const ZEROS = Buffer.alloc(STATE_WIDTH)

/** The zeros that make `state` STATE_WIDTH bytes long (none for a longer one: its row then changes size). */
export function statePad (state: string): Buffer {
  return ZEROS.subarray(0, Math.max(0, STATE_WIDTH - Buffer.byteLength(state)))
}

type NewMessage = Omit<MessageRow, 'state' | 'thread'> & { thread?: string, state?: string }

const INSERT = `INSERT INTO messages (id, hash, envelope, header, from_handle, to_handle, local_from, local_to, sent_at_ms, expires_at_ms, stored_at_ms, thread, state, state_pad, auditor)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
const INSERT_IF_NEW = `${INSERT} ON CONFLICT (id) DO NOTHING` // made once: a statement is looked up by its text

function insertValues (m: NewMessage): unknown[] {
  const state = m.state ?? 'DELIVERY_PENDING'
  return [m.id, m.hash, m.envelope, m.header ?? null, m.from, m.to, m.localFrom ? 1 : 0, m.localTo ? 1 : 0, m.sentAtMs, m.expiresAtMs ?? null, m.storedAtMs, m.thread ?? null, state, statePad(state), m.auditor ?? null]
}

export class MessageStore {
  constructor (private readonly s: Statements) {}

  /** `thread`: '' when the message has none; left out, it is read from the envelope when a conversation is asked for. */
  /**
   * `state`: the derived state it is stored with (DELIVERY_PENDING when left out), so that a message stored together
   * with its first receipt is written once, not written and then rewritten.
   */
  insertMessage (m: NewMessage): void {
    this.s.get(INSERT).run(...insertValues(m))
  }

  /**
   * Stores the message unless one with its id is held; returns whether it stored it. One statement where asking
   * first and then inserting took two (the recipient's accept, whose read before its transaction may be stale).
   */
  insertIfNew (m: NewMessage): boolean {
    return this.s.get(INSERT_IF_NEW).run(...insertValues(m)).changes === 1
  }

  /** The obligations these seats audit whose COMPLETE waits for their verdict, oldest first. */
  toAudit (handles: string[]): MessageRow[] {
    if (handles.length === 0) return []
    const marks = handles.map(() => '?').join(', ')
    return this.s.get(`SELECT * FROM messages WHERE auditor IN (${marks}) AND state = 'COMPLETE' ORDER BY sent_at_ms, id`).all(...handles).map(messageFromRow)
  }

  /** What the recipient asks of an id it is offered: held or not, with which content, in the inbox or not (no bytes copied). */
  held (id: Uint8Array): { hash: Uint8Array, localTo: boolean } | undefined {
    const r = this.s.get('SELECT hash, local_to FROM messages WHERE id = ?').get(id) as Pick<MessageDbRow, 'hash' | 'local_to'> | undefined
    return r === undefined ? undefined : { hash: u8(r.hash), localTo: r.local_to === 1 }
  }

  message (id: Uint8Array): MessageRow | undefined {
    const r = this.s.get('SELECT * FROM messages WHERE id = ?').get(id)
    return r === undefined ? undefined : messageFromRow(r)
  }

  /**
   * What a receipt for the message is checked against, and its state: the row without its envelope (a receipt that
   * arrives by gossip or sync needs neither the body nor a copy of it).
   */
  forReceipt (id: Uint8Array): Pick<MessageRow, 'id' | 'hash' | 'from' | 'to' | 'header' | 'state'> | undefined {
    const r = this.s.get('SELECT hash, header, from_handle, to_handle, state FROM messages WHERE id = ?').get(id) as Pick<MessageDbRow, 'hash' | 'header' | 'from_handle' | 'to_handle' | 'state'> | undefined
    return r === undefined ? undefined : { id, hash: u8(r.hash), header: r.header == null ? undefined : u8(r.header), from: r.from_handle, to: r.to_handle, state: r.state }
  }

  /** A message's derived state without its bytes (what waiting for a state reads on every receipt). */
  /** When a message held here expires (none: it does not, or it is not held). */
  expiresAt (id: Uint8Array): number | undefined {
    return (this.s.get('SELECT expires_at_ms FROM messages WHERE id = ?').pluck().get(id) as number | null | undefined) ?? undefined
  }

  stateOf (id: Uint8Array): { state: string, localFrom: boolean } | undefined {
    const r = this.s.get('SELECT state, local_from FROM messages WHERE id = ?').get(id) as Pick<MessageDbRow, 'state' | 'local_from'> | undefined
    return r === undefined ? undefined : { state: r.state, localFrom: r.local_from === 1 }
  }

  /**
   * Messages addressed to local seats, newest last; `open` leaves out COMPLETE and REJECTED, and CANCELED once the
   * seat has read it after the withdrawal (markCancelSeen).
   */
  inbox (handles: string[], open: boolean): MessageRow[] {
    if (handles.length === 0) return []
    const marks = handles.map(() => '?').join(',')
    const filter = open ? "AND state NOT IN ('COMPLETE', 'REJECTED') AND NOT (state = 'CANCELED' AND cancel_seen_at_ms IS NOT NULL)" : ''
    return this.s.get(`SELECT * FROM messages WHERE local_to = 1 AND to_handle IN (${marks}) ${filter} ORDER BY sent_at_ms, id`).all(...handles).map(messageFromRow)
  }

  /**
   * Messages a local seat sent to one actor, newest first, strictly before the (sentAtMs, id) cursor when one is
   * given, at most `limit`: the A2A bridge lists its tasks with it. `from` undefined: sent by any local seat.
   */
  sentTo (from: string | undefined, to: string, limit: number, before?: { sentAtMs: number, id: Uint8Array }): MessageRow[] {
    const who = from === undefined ? '' : 'AND from_handle = ?'
    const after = before === undefined ? '' : 'AND (sent_at_ms < ? OR (sent_at_ms = ? AND id < ?))'
    const args: unknown[] = [to, ...(from === undefined ? [] : [from]), ...(before === undefined ? [] : [before.sentAtMs, before.sentAtMs, before.id]), limit]
    return this.s.get(`SELECT * FROM messages WHERE to_handle = ? AND local_from = 1 ${who} ${after} ORDER BY sent_at_ms DESC, id DESC LIMIT ?`).all(...args).map(messageFromRow)
  }

  /** How many messages `sentTo` can list in all. */
  countSentTo (from: string | undefined, to: string): number {
    const who = from === undefined ? '' : 'AND from_handle = ?'
    return this.s.get(`SELECT count(*) FROM messages WHERE to_handle = ? AND local_from = 1 ${who}`).pluck().get(to, ...(from === undefined ? [] : [from])) as number
  }

  /** Messages held for a seat that are not final yet: what a seat move hands over. */
  openFor (handle: string): MessageRow[] {
    return this.s.get(`SELECT * FROM messages WHERE local_to = 1 AND to_handle = ? AND state NOT IN ('COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED') ORDER BY sent_at_ms, id`).all(handle).map(messageFromRow)
  }

  /** The recipient seat read a withdrawn message: it leaves the open inbox (the first read counts). */
  markCancelSeen (id: Uint8Array, atMs: number): void {
    this.s.get("UPDATE messages SET cancel_seen_at_ms = ? WHERE id = ? AND state = 'CANCELED' AND cancel_seen_at_ms IS NULL").run(atMs, id)
  }

  /** The message was handed over with its seat: it stays here as history, out of the inbox. */
  unmarkLocalTo (id: Uint8Array): void {
    this.s.get('UPDATE messages SET local_to = 0 WHERE id = ?').run(id)
  }

  /** A message sent by a local seat to a local seat is delivered in place: it becomes inbox too. */
  markLocalTo (id: Uint8Array): void {
    this.s.get('UPDATE messages SET local_to = 1 WHERE id = ?').run(id)
  }

  /** The row keeps its size (state_pad), so SQLite rewrites only the pages that changed, not the envelope's overflow pages. */
  setState (id: Uint8Array, state: string): void {
    this.s.get('UPDATE messages SET state = ?, state_pad = ? WHERE id = ?').run(state, statePad(state), id)
  }

  countMessages (): number {
    return this.s.get('SELECT count(*) FROM messages').pluck().get() as number
  }

  /** A second, different message under an id already held: kept as proof that its sender signed both. */
  recordEquivocation (messageId: Uint8Array, hash: Uint8Array, from: string, peerId: string | undefined, nowMs: number): void {
    this.s.get('INSERT OR IGNORE INTO equivocations (message_id, hash, from_handle, peer_id, seen_at_ms) VALUES (?, ?, ?, ?, ?)').run(messageId, hash, from, peerId ?? null, nowMs)
  }

  // Conversations and a seat's sent messages (migration 015)

  /** A seat's side of one conversation, oldest first: the messages of `thread` (and the message `rootId` that
   * opened it without a thread) that the seat sent from here or received here. */
  conversation (handle: string, thread: string, rootId: Uint8Array | undefined, limit: number): MessageRow[] {
    return this.s.get(`SELECT * FROM messages WHERE (thread = ? OR id = ?)
      AND ((from_handle = ? AND local_from = 1) OR (to_handle = ? AND local_to = 1)) ORDER BY sent_at_ms, id LIMIT ?`)
      .all(thread, rootId ?? null, handle, handle, limit).map(messageFromRow)
  }

  /** Messages a seat sent from here, newest first; `open` leaves out the final ones. */
  sentBy (handle: string, open: boolean, limit: number): MessageRow[] {
    const filter = open ? "AND state NOT IN ('COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED')" : ''
    return this.s.get(`SELECT * FROM messages WHERE from_handle = ? AND local_from = 1 ${filter} ORDER BY sent_at_ms DESC, id LIMIT ?`).all(handle, limit).map(messageFromRow)
  }

  /** Messages stored before threads were indexed: their thread is read from the envelope once. */
  unthreaded (limit: number): Array<{ id: Uint8Array, envelope: Uint8Array }> {
    return (this.s.get('SELECT id, envelope FROM messages WHERE thread IS NULL LIMIT ?').all(limit) as Array<{ id: Buffer, envelope: Buffer }>)
      .map(r => ({ id: u8(r.id), envelope: u8(r.envelope) }))
  }

  setThread (id: Uint8Array, thread: string | undefined): void {
    this.s.get('UPDATE messages SET thread = ? WHERE id = ?').run(thread ?? '', id)
  }
}
