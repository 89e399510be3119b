// A mailbox node's holdings: signed messages and receipts kept for members whose node is away, with their retries.
import { u8, type Statements } from './statements.js'

export type MailboxKind = 'message' | 'receipt'

export interface MailboxRow {
  id: number
  kind: MailboxKind
  ref: Uint8Array
  dest: string
  envelope: Uint8Array
  header?: Uint8Array
  replyTo?: string
  fromPeer: string
  bytes: number
  receivedAtMs: number
  nextAttemptMs: number
  attempts: number
  lastError?: string
}

export interface MailboxPut {
  kind: MailboxKind
  ref: Uint8Array
  dest: string
  envelope: Uint8Array
  header?: Uint8Array
  replyTo?: string
  fromPeer: string
  nowMs: number
}

export interface MailboxUsage { count: number, bytes: number }

interface MailboxDbRow {
  id: number
  kind: MailboxKind
  ref: Buffer
  dest: string
  envelope: Buffer
  header: Buffer | null
  reply_to: string | null
  from_peer: string
  bytes: number
  received_at_ms: number
  next_attempt_ms: number
  attempts: number
  last_error: string | null
}

function fromRow (row: unknown): MailboxRow {
  const r = row as MailboxDbRow
  return {
    id: r.id,
    kind: r.kind,
    ref: u8(r.ref),
    dest: r.dest,
    envelope: u8(r.envelope),
    header: r.header === null ? undefined : u8(r.header),
    replyTo: r.reply_to ?? undefined,
    fromPeer: r.from_peer,
    bytes: r.bytes,
    receivedAtMs: r.received_at_ms,
    nextAttemptMs: r.next_attempt_ms,
    attempts: r.attempts,
    lastError: r.last_error ?? undefined
  }
}

export class MailboxStore {
  constructor (private readonly s: Statements) {}

  /** Holds an item; false when one of that kind and ref is held already (nothing changes). */
  put (p: MailboxPut): boolean {
    const bytes = p.envelope.byteLength + (p.header?.byteLength ?? 0)
    return this.s.get(`INSERT OR IGNORE INTO mailbox (kind, ref, dest, envelope, header, reply_to, from_peer, bytes, received_at_ms, next_attempt_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(p.kind, p.ref, p.dest, p.envelope, p.header ?? null, p.replyTo ?? null, p.fromPeer, bytes, p.nowMs, p.nowMs).changes > 0
  }

  get (kind: MailboxKind, ref: Uint8Array): MailboxRow | undefined {
    const r = this.s.get('SELECT * FROM mailbox WHERE kind = ? AND ref = ?').get(kind, ref)
    return r === undefined ? undefined : fromRow(r)
  }

  /** Items for these handles, oldest first. */
  forDests (handles: string[], limit: number): MailboxRow[] {
    if (handles.length === 0) return []
    const marks = handles.map(() => '?').join(',')
    return this.s.get(`SELECT * FROM mailbox WHERE dest IN (${marks}) ORDER BY id LIMIT ?`).all(...handles, limit).map(fromRow)
  }

  /** Items whose retry is due, oldest first. */
  due (nowMs: number, limit: number): MailboxRow[] {
    return this.s.get('SELECT * FROM mailbox WHERE next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?').all(nowMs, limit).map(fromRow)
  }

  all (): MailboxRow[] {
    return this.s.get('SELECT * FROM mailbox ORDER BY id').all().map(fromRow)
  }

  /** Lets go of items held since before `beforeMs`; returns how many. */
  dropOlderThan (beforeMs: number): number {
    return this.s.get('DELETE FROM mailbox WHERE received_at_ms < ?').run(beforeMs).changes
  }

  remove (id: number): void {
    this.s.get('DELETE FROM mailbox WHERE id = ?').run(id)
  }

  retryLater (id: number, nextAttemptMs: number, error: string): void {
    this.s.get('UPDATE mailbox SET attempts = attempts + 1, next_attempt_ms = ?, last_error = ? WHERE id = ?').run(nextAttemptMs, error, id)
  }

  /** What one peer has handed here and not yet been forwarded. */
  usageOf (peer: string): MailboxUsage {
    const r = this.s.get('SELECT count(*) AS count, coalesce(sum(bytes), 0) AS bytes FROM mailbox WHERE from_peer = ?').get(peer) as MailboxUsage
    return { count: r.count, bytes: r.bytes }
  }

  usage (): MailboxUsage {
    const r = this.s.get('SELECT count(*) AS count, coalesce(sum(bytes), 0) AS bytes FROM mailbox').get() as MailboxUsage
    return { count: r.count, bytes: r.bytes }
  }
}
