// Facts set aside by sync until a card they need is held (sql/migrations/025_deferred_facts.sql). Written in the
// transaction of the page that brought them, so they outlive a restart after the checkpoint has moved past them.
import { u8, type Statements } from './statements.js'

export interface DeferredFact {
  hash: Uint8Array
  kind: string
  bytes: Uint8Array
  awaiting: string
}

export class DeferredFactStore {
  constructor (private readonly s: Statements) {}

  /** Every fact set aside, oldest first. */
  all (): DeferredFact[] {
    const rows = this.s.get('SELECT hash, kind, bytes, awaiting FROM deferred_facts ORDER BY id').all() as Array<{ hash: Buffer, kind: string, bytes: Buffer, awaiting: string }>
    return rows.map(r => ({ hash: u8(r.hash), kind: r.kind, bytes: u8(r.bytes), awaiting: r.awaiting }))
  }

  /** Sets a fact aside (again: a fact set aside before is replaced, at the back, waiting for `awaiting` now). */
  put (f: DeferredFact, atMs: number): void {
    this.s.get('INSERT OR REPLACE INTO deferred_facts (hash, kind, bytes, awaiting, at_ms) VALUES (?, ?, ?, ?, ?)').run(f.hash, f.kind, f.bytes, f.awaiting, atMs)
  }

  /** How many wait, for which handles (the first few, by name), and since when the oldest has waited. */
  summary (): { count: number, handles: number, awaiting: string[], oldestAtMs?: number } {
    const r = this.s.get('SELECT count(*) AS n, count(DISTINCT awaiting) AS h, min(at_ms) AS oldest FROM deferred_facts').get() as { n: number, h: number, oldest: number | null }
    const awaiting = this.s.get('SELECT DISTINCT awaiting FROM deferred_facts ORDER BY awaiting LIMIT 5').pluck().all() as string[]
    return { count: r.n, handles: r.h, awaiting, ...(r.oldest !== null ? { oldestAtMs: r.oldest } : {}) }
  }

  remove (hash: Uint8Array): void {
    this.s.get('DELETE FROM deferred_facts WHERE hash = ?').run(hash)
  }
}
