// Evidence kept beside the signed receipts: the file a local seat acked with, or the sender's copy of its content.
import { u8, type Statements } from './statements.js'

export type EvidenceOrigin = 'issued' | 'received'

export interface EvidenceRow {
  receiptHash: Uint8Array
  messageId: Uint8Array
  origin: EvidenceOrigin
  path: string
  sha256: Uint8Array
  size: number
  content?: Uint8Array
  storedAtMs: number
}

/** An evidence row as SQLite returns it. */
interface EvidenceDbRow {
  receipt_hash: Buffer
  message_id: Buffer
  origin: EvidenceRow['origin']
  path: string
  sha256: Buffer
  size: number
  content: Buffer | null
  stored_at_ms: number
}

function evidenceFromRow (r: EvidenceDbRow): EvidenceRow {
  return {
    receiptHash: u8(r.receipt_hash),
    messageId: u8(r.message_id),
    origin: r.origin,
    path: r.path,
    sha256: u8(r.sha256),
    size: r.size,
    content: r.content === null ? undefined : u8(r.content),
    storedAtMs: r.stored_at_ms
  }
}

export class EvidenceStore {
  constructor (private readonly s: Statements) {}

  /** Keeps the first row for a receipt: what was issued here, or the copy that checked out, never replaced. */
  put (e: EvidenceRow): boolean {
    return this.s.get(`INSERT OR IGNORE INTO evidence (receipt_hash, message_id, origin, path, sha256, size, content, stored_at_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(e.receiptHash, e.messageId, e.origin, e.path, e.sha256, e.size, e.content ?? null, e.storedAtMs).changes === 1
  }

  get (receiptHash: Uint8Array): EvidenceRow | undefined {
    const r = this.s.get('SELECT * FROM evidence WHERE receipt_hash = ?').get(receiptHash) as EvidenceDbRow | undefined
    return r === undefined ? undefined : evidenceFromRow(r)
  }

  /** The content to send beside a receipt issued here, when it is small enough to travel. */
  outgoingContent (receiptHash: Uint8Array): Uint8Array | undefined {
    const r = this.s.get("SELECT content FROM evidence WHERE receipt_hash = ? AND origin = 'issued'").pluck().get(receiptHash) as Buffer | null | undefined
    return r == null ? undefined : u8(r)
  }
}
