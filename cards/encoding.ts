// Byte/text helpers shared by keys, envelopes and cards: base64url, hex, uvarint framing, sha256.
import { createHash } from 'node:crypto'

export function b64url (bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
}

/** Strict base64url decoding: returns undefined for anything that is not canonical base64url. */
export function fromB64url (text: string): Uint8Array | undefined {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  const bytes = new Uint8Array(Buffer.from(text, 'base64url'))
  return b64url(bytes) === text ? bytes : undefined
}

export function hex (bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

export function fromHex (text: string): Uint8Array | undefined {
  if (typeof text !== 'string' || !/^([0-9a-f]{2})*$/.test(text)) return undefined
  return new Uint8Array(Buffer.from(text, 'hex'))
}

export function sha256 (...parts: Uint8Array[]): Uint8Array {
  const h = createHash('sha256')
  for (const p of parts) h.update(p)
  return new Uint8Array(h.digest())
}

export function utf8 (text: string): Uint8Array {
  return new TextEncoder().encode(text)
}

export function uvarint (n: number): Uint8Array {
  const out: number[] = []
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80)
    n = Math.floor(n / 128)
  }
  out.push(n)
  return Uint8Array.from(out)
}

/** Concatenates each part prefixed by its uvarint length: an unambiguous encoding of a tuple of byte strings. */
export function lengthPrefixed (...parts: Uint8Array[]): Uint8Array {
  const pieces: Uint8Array[] = []
  for (const p of parts) pieces.push(uvarint(p.byteLength), p)
  return concat(pieces)
}

export function concat (parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}

export function bytesEqual (a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false
  return true
}
