// The A2A client's rows (migration 014): card keys pinned per agent URL, obligations to outside agents and the
// receipts their seat signed as a witness. Kept apart from messages and receipts: nothing here is gossiped.
import { u8, type Statements } from './statements.js'

export interface A2APinRow {
  url: string
  thumbprint: string
  jwk: string
  cardName: string
  pinnedAtMs: number
  seenAtMs: number
}

export interface A2AObligationRow {
  messageId: Uint8Array
  hash: Uint8Array
  envelope: Uint8Array
  header: Uint8Array
  from: string
  recipient: string
  url: string
  cardName: string
  keyThumbprint?: string
  taskId?: string
  contextId?: string
  taskState?: string
  state: string
  lastError?: string
  sentAtMs: number
  updatedAtMs: number
}

export interface A2AReceiptRow {
  hash: Uint8Array
  messageId: Uint8Array
  state: string
  envelope: Uint8Array
  atMs: number
}

const opt = <T>(v: T | null): T | undefined => v ?? undefined

interface PinDbRow { url: string, thumbprint: string, jwk: string, card_name: string, pinned_at_ms: number, seen_at_ms: number }
interface ObligationDbRow {
  message_id: Buffer, hash: Buffer, envelope: Buffer, header: Buffer, from_handle: string, recipient: string, url: string, card_name: string,
  key_thumbprint: string | null, task_id: string | null, context_id: string | null, task_state: string | null, state: string,
  last_error: string | null, sent_at_ms: number, updated_at_ms: number
}
interface ReceiptDbRow { hash: Buffer, message_id: Buffer, state: string, envelope: Buffer, at_ms: number }

function obligationFromRow (r: ObligationDbRow): A2AObligationRow {
  return {
    messageId: u8(r.message_id), hash: u8(r.hash), envelope: u8(r.envelope), header: u8(r.header), from: r.from_handle, recipient: r.recipient,
    url: r.url, cardName: r.card_name, keyThumbprint: opt(r.key_thumbprint), taskId: opt(r.task_id), contextId: opt(r.context_id),
    taskState: opt(r.task_state), state: r.state, lastError: opt(r.last_error), sentAtMs: r.sent_at_ms, updatedAtMs: r.updated_at_ms
  }
}

export class A2AClientStore {
  constructor (private readonly s: Statements) {}

  pin (url: string): A2APinRow | undefined {
    const r = this.s.get('SELECT * FROM a2a_pins WHERE url = ?').get(url) as PinDbRow | undefined
    return r === undefined ? undefined : { url: r.url, thumbprint: r.thumbprint, jwk: r.jwk, cardName: r.card_name, pinnedAtMs: r.pinned_at_ms, seenAtMs: r.seen_at_ms }
  }

  /** Pins a key for a URL, replacing the one held (the caller decided that a new key may replace it). */
  setPin (p: A2APinRow): void {
    this.s.get(`INSERT INTO a2a_pins (url, thumbprint, jwk, card_name, pinned_at_ms, seen_at_ms) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (url) DO UPDATE SET thumbprint = excluded.thumbprint, jwk = excluded.jwk, card_name = excluded.card_name,
      pinned_at_ms = excluded.pinned_at_ms, seen_at_ms = excluded.seen_at_ms`)
      .run(p.url, p.thumbprint, p.jwk, p.cardName, p.pinnedAtMs, p.seenAtMs)
  }

  /** Every pinned key, by URL. */
  pins (): A2APinRow[] {
    return (this.s.get('SELECT * FROM a2a_pins ORDER BY url').all() as PinDbRow[])
      .map(r => ({ url: r.url, thumbprint: r.thumbprint, jwk: r.jwk, cardName: r.card_name, pinnedAtMs: r.pinned_at_ms, seenAtMs: r.seen_at_ms }))
  }

  /** Drops the key pinned for a URL; false when none was. */
  forgetPin (url: string): boolean {
    return this.s.get('DELETE FROM a2a_pins WHERE url = ?').run(url).changes === 1
  }

  seen (url: string, atMs: number): void {
    this.s.get('UPDATE a2a_pins SET seen_at_ms = ? WHERE url = ?').run(atMs, url)
  }

  insertObligation (o: A2AObligationRow): void {
    this.s.get(`INSERT INTO a2a_obligations (message_id, hash, envelope, header, from_handle, recipient, url, card_name, key_thumbprint,
      task_id, context_id, task_state, state, last_error, sent_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(o.messageId, o.hash, o.envelope, o.header, o.from, o.recipient, o.url, o.cardName, o.keyThumbprint ?? null, o.taskId ?? null,
        o.contextId ?? null, o.taskState ?? null, o.state, o.lastError ?? null, o.sentAtMs, o.updatedAtMs)
  }

  /** Forgets an obligation whose request never left this node (the agent was unreachable or refused it outright). */
  deleteObligation (messageId: Uint8Array): void {
    this.s.get('DELETE FROM a2a_receipts WHERE message_id = ?').run(messageId)
    this.s.get('DELETE FROM a2a_obligations WHERE message_id = ?').run(messageId)
  }

  obligation (messageId: Uint8Array): A2AObligationRow | undefined {
    const r = this.s.get('SELECT * FROM a2a_obligations WHERE message_id = ?').get(messageId) as ObligationDbRow | undefined
    return r === undefined ? undefined : obligationFromRow(r)
  }

  /** What the remote agent said last: its task, and why nothing more is known when a call failed. */
  setTask (messageId: Uint8Array, t: { taskId?: string, contextId?: string, taskState?: string, lastError?: string, state: string, atMs: number }): void {
    this.s.get(`UPDATE a2a_obligations SET task_id = COALESCE(?, task_id), context_id = COALESCE(?, context_id), task_state = COALESCE(?, task_state),
      last_error = ?, state = ?, updated_at_ms = ? WHERE message_id = ?`)
      .run(t.taskId ?? null, t.contextId ?? null, t.taskState ?? null, t.lastError ?? null, t.state, t.atMs, messageId)
  }

  /** Newest first; without `all`, only those still waiting for the agent (neither COMPLETE nor REJECTED). */
  list (all: boolean): A2AObligationRow[] {
    const sql = all
      ? 'SELECT * FROM a2a_obligations ORDER BY sent_at_ms DESC'
      : "SELECT * FROM a2a_obligations WHERE state NOT IN ('COMPLETE', 'REJECTED') ORDER BY sent_at_ms DESC"
    return (this.s.get(sql).all() as ObligationDbRow[]).map(obligationFromRow)
  }

  /** Stores a witness receipt unless one for the same state is held; returns whether it was new. */
  insertReceipt (r: A2AReceiptRow): boolean {
    return this.s.get('INSERT OR IGNORE INTO a2a_receipts (hash, message_id, state, envelope, at_ms) VALUES (?, ?, ?, ?, ?)')
      .run(r.hash, r.messageId, r.state, r.envelope, r.atMs).changes === 1
  }

  receipts (messageId: Uint8Array): A2AReceiptRow[] {
    return (this.s.get('SELECT * FROM a2a_receipts WHERE message_id = ? ORDER BY at_ms, rowid').all(messageId) as ReceiptDbRow[])
      .map(r => ({ hash: u8(r.hash), messageId: u8(r.message_id), state: r.state, envelope: u8(r.envelope), atMs: r.at_ms }))
  }
}
