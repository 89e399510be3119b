// The fact log: an append-only list of accepted signed facts, idempotent on their hash, read by peers in order. A
// receipt is kept under its message id and its hash (`ref`), every other fact under its hash alone (migration 024).
import { sha256 } from '../../cards/index.js'
import type { FactWatermark } from './fact-watermark.js'
import { FactPeers } from './fact-peers.js'
import { u8, type Statements } from './statements.js'

export type FactKind = 'card' | 'receipt' | 'revocation' | 'endorsement' | 'lease'

export interface FactRow {
  seq: number
  hash: Uint8Array
  kind: FactKind
  bytes: Uint8Array
  atMs: number
}

/** The `ref` of every fact that is not a receipt. */
export const NO_REF: Uint8Array = new Uint8Array(0)

/** Own facts held for the gossip publisher; past it the oldest is dropped (the sync tail still carries it). */
export const MAX_OWN_FACTS = 16_384

/**
 * Told by whatever runs transactions (the group commit, Store.tx) how they end, so that the fact log knows which
 * own facts were committed without reading them back.
 */
export interface FactTransactions {
  /**
   * Where the open transaction's appends stand (the last seq it gave out; 0: none yet); handed back to `undo` when
   * the savepoint that follows is taken back.
   */
  mark: () => number
  undo: (mark: number) => void
  /** The top-level transaction committed / rolled back. */
  committed: () => void
  rolledBack: () => void
}

export class FactStore implements FactTransactions {
  /** Called after each append (inside the writing transaction); the daemon turns it into one event per turn. */
  onAppend?: () => void

  /**
   * This node's own facts (not learned from a peer) appended by the open transaction, savepoints taken back removed;
   * they move to `own` when it commits. A seq a rolled-back write gave out is given again to the next fact.
   */
  private uncommitted: FactRow[] = []
  /** Own facts committed, in seq order, until the gossip publisher takes them (see takeOwn). */
  private own: FactRow[] = []
  /** Whether a publisher takes own facts (see collectOwn): a process that has none keeps none. */
  private collecting = false
  /** The newest seq learned from a peer (0: none since start): the sync tail's question is whether any is pending. */
  lastLearned = 0
  private learningDepth = 0
  /**
   * The log's head: the highest seq a committed transaction (or a statement of its own) gave out. Held here, as the
   * transactions report how they end, rather than read back with max(seq) outside a transaction, which takes and
   * drops SQLite's lock each time (several reads per fsync of the log). Retention never drops the newest fact.
   */
  private committedHead: number
  /** The highest seq the open transaction gave out, savepoints taken back removed (0: none). */
  private txHead = 0

  /** Set by the store: told of every seq given out, it knows which are durable (see fact-watermark.ts). */
  watermark?: FactWatermark

  /** Which peer holds each fact appended lately, so that it is not sent there again (see fact-peers.ts). */
  readonly peers = new FactPeers()

  constructor (private readonly s: Statements) {
    this.committedHead = (s.get('SELECT max(seq) FROM facts').pluck().get() as number | null) ?? 0
  }

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

  /**
   * Appends a fact unless it is held; returns the new seq, or undefined when it was held already. `ref`: a receipt's
   * message id (the receipt store passes it), so that the log's key follows the time order of message ids.
   */
  append (kind: FactKind, bytes: Uint8Array, atMs: number, hash = sha256(bytes), ref = NO_REF): number | undefined {
    const r = this.s.get('INSERT OR IGNORE INTO facts (hash, kind, bytes, at_ms, ref) VALUES (?, ?, ?, ?, ?)').run(hash, kind, bytes, atMs, ref)
    if (r.changes !== 1) return undefined
    const seq = Number(r.lastInsertRowid)
    this.watermark?.appended(seq)
    const inTx = this.s.database.inTransaction
    if (inTx) this.txHead = Math.max(this.txHead, seq)
    else this.committedHead = Math.max(this.committedHead, seq) // a statement of its own: committed (durably) as it returned
    const learned = this.learningDepth > 0
    if (learned) this.lastLearned = seq
    else if (this.collecting) {
      const row: FactRow = { seq, hash, kind, bytes, atMs }
      if (inTx) this.uncommitted.push(row)
      else this.queueOwn([row])
    }
    this.peers.appended(seq, hash, learned)
    this.onAppend?.()
    return seq
  }

  mark (): number {
    return this.txHead
  }

  /** The savepoint after `mark` was taken back, and with it every seq it gave out (the next append reuses them). */
  undo (mark: number): void {
    this.txHead = mark
    while (this.uncommitted.length > 0 && this.uncommitted[this.uncommitted.length - 1].seq > mark) this.uncommitted.pop()
  }

  committed (): void {
    if (this.txHead > this.committedHead) this.committedHead = this.txHead
    this.txHead = 0
    if (this.uncommitted.length === 0) return
    this.queueOwn(this.uncommitted)
    this.uncommitted = []
  }

  rolledBack (): void {
    this.txHead = 0
    this.uncommitted = []
  }

  /**
   * Own facts committed and not yet taken, oldest first: at most `limit`, and only those below `below` (the first seq
   * that is not yet durable; see FactWatermark.firstUnsynced). What stays waits for the next call.
   */
  takeOwn (below: number, limit: number): FactRow[] {
    let n = 0
    while (n < this.own.length && n < limit && this.own[n].seq < below) n++
    return n === 0 ? [] : this.own.splice(0, n)
  }

  /** Whether committed own facts wait to be taken. */
  ownWaiting (): boolean {
    return this.own.length > 0
  }

  /** A publisher starts (true: own facts committed from now on are held for takeOwn) or stops (none are held). */
  collectOwn (on: boolean): void {
    this.collecting = on
    this.own = []
    this.uncommitted = []
  }

  private queueOwn (rows: FactRow[]): void {
    for (const r of rows) this.own.push(r)
    if (this.own.length > MAX_OWN_FACTS) this.own.splice(0, this.own.length - MAX_OWN_FACTS)
  }

  /** Whether the fact with this hash is held: a receipt under its message id (`ref`), any other fact under NO_REF. */
  has (hash: Uint8Array, ref = NO_REF): boolean {
    return this.s.get('SELECT 1 FROM facts WHERE ref = ? AND hash = ?').get(ref, hash) !== undefined
  }

  /**
   * Facts after `seq`, in order, up to `upTo` (the sync server passes the durable watermark). The columns a row gives
   * are named: each BLOB read comes as a Buffer of its own, and a receipt's `ref` is not needed here.
   */
  since (seq: number, limit: number, upTo = Number.MAX_SAFE_INTEGER): FactRow[] {
    return (this.s.get('SELECT seq, hash, kind, bytes, at_ms FROM facts WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?').all(seq, upTo, limit) as Array<{ seq: number, hash: Buffer, kind: FactRow['kind'], bytes: Buffer, at_ms: number }>)
      .map(r => ({ seq: r.seq, hash: u8(r.hash), kind: r.kind, bytes: u8(r.bytes), atMs: r.at_ms }))
  }

  /** The highest seq that may be handed out by sequence: every fact up to it is on disk (see fact-watermark.ts). */
  durableHead (): number {
    return this.watermark?.durable() ?? this.head()
  }

  /** The highest seq committed (see committedHead); inside a transaction, its own appends are not counted yet. */
  head (): number {
    return this.committedHead
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
