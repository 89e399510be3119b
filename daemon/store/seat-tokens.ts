// Isolated seats: the hash of each one's token (the token itself is only ever in its 0600 file).
import type { Statements } from './statements.js'
import { SeatCache } from './seat-cache.js'

export class SeatTokenStore {
  /** Read on every call that acts as a seat; written only by `actor token` (see seat-cache.ts for the rule). */
  private readonly hashes = new SeatCache<Uint8Array>(() => this.s.database)

  constructor (private readonly s: Statements) {}

  /** Sets (or replaces, on rotation) a seat's token hash. */
  set (handle: string, hash: Uint8Array, atMs: number): void {
    this.hashes.changed()
    this.s.get(`INSERT INTO seat_tokens (handle, token_hash, created_at_ms) VALUES (?, ?, ?)
      ON CONFLICT (handle) DO UPDATE SET token_hash = excluded.token_hash, created_at_ms = excluded.created_at_ms`).run(handle, hash, atMs)
  }

  /** The seat's token hash; undefined when the seat is not isolated. */
  hash (handle: string): Uint8Array | undefined {
    return this.hashes.actor(handle, () => {
      const r = this.s.get('SELECT token_hash FROM seat_tokens WHERE handle = ?').pluck().get(handle) as Buffer | undefined
      return r === undefined ? undefined : new Uint8Array(r)
    })
  }

  /** Every isolated seat still hosted here, with its token hash. */
  hosted (): Array<{ handle: string, hash: Uint8Array }> {
    return (this.s.get('SELECT t.handle, t.token_hash FROM seat_tokens t JOIN actors a ON a.handle = t.handle WHERE a.hosted = 1 ORDER BY t.handle').all() as Array<{ handle: string, token_hash: Buffer }>)
      .map(r => ({ handle: r.handle, hash: new Uint8Array(r.token_hash) }))
  }

  remove (handle: string): boolean {
    this.hashes.changed()
    return this.s.get('DELETE FROM seat_tokens WHERE handle = ?').run(handle).changes === 1
  }
}
