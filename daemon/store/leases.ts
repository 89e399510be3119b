// Leases: the signed LEASE facts held per message, each also appended to the fact log when it is new.
import { u8, type Statements } from './statements.js'
import type { FactStore } from './facts.js'

export interface LeaseRow {
  hash: Uint8Array
  messageId: Uint8Array
  fence: number
  kind: 'GRANTED' | 'RELEASED'
  holder: string
  atMs: number
  expiresAtMs: number
  envelope: Uint8Array
  receivedAtMs: number
}

interface LeaseDbRow { hash: Buffer, message_id: Buffer, fence: number, kind: string, holder: string, at_ms: number, expires_at_ms: number, envelope: Buffer, received_at_ms: number }

function leaseFromRow (row: unknown): LeaseRow {
  const r = row as LeaseDbRow
  return {
    hash: u8(r.hash), messageId: u8(r.message_id), fence: r.fence, kind: r.kind as LeaseRow['kind'], holder: r.holder,
    atMs: r.at_ms, expiresAtMs: r.expires_at_ms, envelope: u8(r.envelope), receivedAtMs: r.received_at_ms
  }
}

export class LeaseStore {
  constructor (private readonly s: Statements, private readonly facts: FactStore) {}

  /** Stores a lease fact unless it is held; returns whether it was new. */
  insert (l: LeaseRow): boolean {
    const added = this.s.get('INSERT OR IGNORE INTO leases (hash, message_id, fence, kind, holder, at_ms, expires_at_ms, envelope, received_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(l.hash, l.messageId, l.fence, l.kind, l.holder, l.atMs, l.expiresAtMs, l.envelope, l.receivedAtMs).changes === 1
    if (added) this.facts.append('lease', l.envelope, l.receivedAtMs, l.hash)
    return added
  }

  /** A message's lease facts in the order they were signed: by fence, then time, grants before a release at the same time. */
  forMessage (messageId: Uint8Array): LeaseRow[] {
    return this.s.get('SELECT * FROM leases WHERE message_id = ? ORDER BY fence, at_ms, kind').all(messageId).map(leaseFromRow)
  }

  /** Messages with a grant that expires after `afterMs` and is not released: what the expiry watch waits for. */
  expiringAfter (afterMs: number): Array<{ messageId: Uint8Array, expiresAtMs: number }> {
    return (this.s.get(`SELECT message_id, max(expires_at_ms) AS e FROM leases WHERE kind = 'GRANTED' GROUP BY message_id HAVING e > ?`).all(afterMs) as Array<{ message_id: Buffer, e: number }>)
      .map(r => ({ messageId: u8(r.message_id), expiresAtMs: r.e }))
  }
}
