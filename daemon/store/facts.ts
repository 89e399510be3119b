// The fact log: an append-only list of accepted signed facts, idempotent on their hash, read by peers in order.
import { sha256 } from '../../cards/index.js'
import type { FactWatermark } from './fact-watermark.js'
import { FactPeers } from './fact-peers.js'
import type { Statements } from './statements.js'

export type FactKind = 'card' | 'receipt' | 'revocation' | 'endorsement' | 'lease'

export interface FactRow {
  seq: number
  hash: Uint8Array
  kind: FactKind
  bytes: Uint8Array
  atMs: number
}

const u8 = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)

export class FactStore {
  /** Called after each append (inside the writing transaction); the daemon turns it into one event per turn. */
  onAppend?: () => void

  /** Seqs of facts appended while learning from a peer (see `learning`), until the gossip publisher passes them. */
  readonly learned = new Set<number>()
  /** The newest seq learned from a peer (0: none since start): the sync tail's question is whether any is pending. */
  lastLearned = 0
  private learningDepth = 0

  /** Set by the store: told of every seq given out, it knows which are durable (see fact-watermark.ts). */
  watermark?: FactWatermark

  /** Which peer holds each fact appended lately, so that it is not sent there again (see fact-peers.ts). */
  readonly peers = new FactPeers()

  constructor (private readonly s: Statements) {}

  /**
   * Runs `fn` (inside the caller's transaction) with every fact it appends marked as learned from a peer: the
   * node that signed a fact gossips it, gossipsub relays it, sync tails carry it; publishing it again from here
   * would start a second flood of the whole mesh for each node that happened to hear of it by sync first.
   */
  learning<T> (fn: () => T): T {
    this.learningDepth++
    try {
      return fn()
    } finally {
      this.learningDepth--
    }
  }

  /** Appends a fact unless its hash is held; returns the new seq, or undefined when it was held already. */
  append (kind: FactKind, bytes: Uint8Array, atMs: number, hash = sha256(bytes)): number | undefined {
    const r = this.s.get('INSERT OR IGNORE INTO facts (hash, kind, bytes, at_ms) VALUES (?, ?, ?, ?)').run(hash, kind, bytes, atMs)
    if (r.changes !== 1) return undefined
    const seq = Number(r.lastInsertRowid)
    this.watermark?.appended(seq)
    const learned = this.learningDepth > 0
    if (learned) {
      this.learned.add(seq)
      this.lastLearned = seq
    }
    this.peers.appended(seq, hash, learned)
    this.onAppend?.()
    return seq
  }

  has (hash: Uint8Array): boolean {
    return this.s.get('SELECT 1 FROM facts WHERE hash = ?').get(hash) !== undefined
  }

  /** Facts after `seq`, in order, up to `upTo` (the sync server passes the durable watermark). */
  since (seq: number, limit: number, upTo = Number.MAX_SAFE_INTEGER): FactRow[] {
    return (this.s.get('SELECT * FROM facts WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?').all(seq, upTo, limit) as Array<{ seq: number, hash: Buffer, kind: FactRow['kind'], bytes: Buffer, at_ms: number }>)
      .map(r => ({ seq: r.seq, hash: u8(r.hash), kind: r.kind, bytes: u8(r.bytes), atMs: r.at_ms }))
  }

  /** The highest seq that may be handed out by sequence: every fact up to it is on disk (see fact-watermark.ts). */
  durableHead (): number {
    return this.watermark?.durable() ?? this.head()
  }

  head (): number {
    return (this.s.get('SELECT max(seq) FROM facts').pluck().get() as number | null) ?? 0
  }

  count (): number {
    return this.s.get('SELECT count(*) FROM facts').pluck().get() as number
  }

  checkpoint (peerId: string): number {
    return (this.s.get('SELECT seq FROM peer_checkpoints WHERE peer_id = ?').pluck().get(peerId) as number | undefined) ?? 0
  }

  setCheckpoint (peerId: string, seq: number, atMs: number): void {
    this.s.get(`INSERT INTO peer_checkpoints (peer_id, seq, updated_at_ms) VALUES (?, ?, ?)
      ON CONFLICT (peer_id) DO UPDATE SET seq = max(seq, excluded.seq), updated_at_ms = excluded.updated_at_ms`).run(peerId, seq, atMs)
  }
}
