// Seat tokens: 32 random bytes in base64url, kept only as a SHA-256 hash and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export const SEAT_TOKEN_BYTES = 32 // 256 bits: unguessable, so a plain SHA-256 (no slow KDF) protects the stored form

export function newSeatToken (): string {
  return randomBytes(SEAT_TOKEN_BYTES).toString('base64url')
}

export function hashSeatToken (token: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(token, 'utf8').digest())
}

/** Does the token hash to this stored hash? Constant time in the token's content. */
export function tokenMatches (token: string, stored: Uint8Array): boolean {
  const given = hashSeatToken(token)
  return given.byteLength === stored.byteLength && timingSafeEqual(given, stored)
}
