// Receipts: the signed receipts held per message, each also appended to the fact log when it is new.
import { u8, type Statements } from './statements.js'
import type { FactStore } from './facts.js'

export interface ReceiptRow {
  hash: Uint8Array
  messageId: Uint8Array
  state: string
  actor: string
  envelope: Uint8Array
  atMs: number
  receivedAtMs: number
}

/** A receipts row as SQLite returns it. */
interface ReceiptDbRow { hash: Buffer, message_id: Buffer, state: string, actor: string, envelope: Buffer, at_ms: number, received_at_ms: number }

function receiptFromRow (row: unknown): ReceiptRow {
  const r = row as ReceiptDbRow
  return { hash: u8(r.hash), messageId: u8(r.message_id), state: r.state, actor: r.actor, envelope: u8(r.envelope), atMs: r.at_ms, receivedAtMs: r.received_at_ms }
}

export class ReceiptStore {
  constructor (private readonly s: Statements, private readonly facts: FactStore) {}

  /** Stores a receipt unless one for the same message, state and actor is held; returns whether it was new. */
  insert (r: ReceiptRow): boolean {
    const added = this.s.get(`INSERT OR IGNORE INTO receipts (hash, message_id, state, actor, envelope, at_ms, received_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(r.hash, r.messageId, r.state, r.actor, r.envelope, r.atMs, r.receivedAtMs).changes === 1
    if (added) this.facts.append('receipt', r.envelope, r.receivedAtMs, r.hash, r.messageId)
    return added
  }

  /** A message's receipts, oldest first. */
  forMessage (messageId: Uint8Array): ReceiptRow[] {
    return this.s.get('SELECT * FROM receipts WHERE message_id = ? ORDER BY at_ms, state').all(messageId).map(receiptFromRow)
  }

  /** The states (and signers) of a message's receipts, read from the unique index alone, without their envelopes. */
  statesOf (messageId: Uint8Array): Array<{ state: string, actor: string }> {
    return this.s.get('SELECT state, actor FROM receipts WHERE message_id = ?').all(messageId) as Array<{ state: string, actor: string }>
  }

  get (messageId: Uint8Array, state: string, actor: string): ReceiptRow | undefined {
    const r = this.s.get('SELECT * FROM receipts WHERE message_id = ? AND state = ? AND actor = ?').get(messageId, state, actor)
    return r === undefined ? undefined : receiptFromRow(r)
  }

  /**
   * The slot of this message's receipt with this hash, without its envelope; undefined when none is held. A receipt is
   * found by its message: the table has no index on the hash (migration 024), and a message has a few receipts.
   */
  slotOf (messageId: Uint8Array, hash: Uint8Array): string | undefined {
    return this.s.get('SELECT state FROM receipts WHERE message_id = ? AND hash = ?').pluck().get(messageId, hash) as string | undefined
  }

  /** This message's receipt with this hash (an outbox row names both). */
  byHash (messageId: Uint8Array, hash: Uint8Array): ReceiptRow | undefined {
    const r = this.s.get('SELECT * FROM receipts WHERE message_id = ? AND hash = ?').get(messageId, hash)
    return r === undefined ? undefined : receiptFromRow(r)
  }
}
