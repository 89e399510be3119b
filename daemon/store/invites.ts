// Invitations held by a mesh owner's node.
import type { Statements } from './statements.js'

export class InviteStore {
  constructor (private readonly s: Statements) {}

  add (secretHash: Uint8Array, nowMs: number, expiresAtMs: number): void {
    this.s.get('INSERT INTO invites (secret_hash, created_at_ms, expires_at_ms) VALUES (?, ?, ?)').run(secretHash, nowMs, expiresAtMs)
  }

  /** True when the secret is that of an unexpired, unused invitation (nothing is marked). */
  isOpen (secretHash: Uint8Array, nowMs: number): boolean {
    return this.s.get('SELECT 1 FROM invites WHERE secret_hash = ? AND used_at_ms IS NULL AND expires_at_ms > ?').get(secretHash, nowMs) !== undefined
  }

  /** Marks an unexpired, unused invitation used; false when there is none such. */
  use (secretHash: Uint8Array, peerId: string, nowMs: number): boolean {
    return this.s.get('UPDATE invites SET used_at_ms = ?, used_by = ? WHERE secret_hash = ? AND used_at_ms IS NULL AND expires_at_ms > ?')
      .run(nowMs, peerId, secretHash, nowMs).changes === 1
  }

  anyOpen (nowMs: number): boolean {
    return this.s.get('SELECT 1 FROM invites WHERE used_at_ms IS NULL AND expires_at_ms > ? LIMIT 1').get(nowMs) !== undefined
  }
}
