// Byte/text helpers shared by keys, envelopes and cards: base64url, hex, uvarint framing, sha256.
import * as nodeCrypto from 'node:crypto'

// A few bytes (an id, a digest) are copied into a Buffer cut from Node's pool: a view of an array that lives on V8's
// heap, as digests do (sha256 below), would move it off the heap first. Larger arrays are viewed in place.
const SMALL_BYTES = 64

function asBuffer (bytes: Uint8Array): Buffer {
  return bytes.byteLength <= SMALL_BYTES ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

export function b64url (bytes: Uint8Array): string {
  return asBuffer(bytes).toString('base64url')
}

/** Strict base64url decoding: returns undefined for anything that is not canonical base64url. */
export function fromB64url (text: string): Uint8Array | undefined {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  const bytes = new Uint8Array(Buffer.from(text, 'base64url'))
  return b64url(bytes) === text ? bytes : undefined
}

export function hex (bytes: Uint8Array): string {
  return asBuffer(bytes).toString('hex')
}

export function fromHex (text: string): Uint8Array | undefined {
  if (typeof text !== 'string' || !/^([0-9a-f]{2})*$/.test(text)) return undefined
  return new Uint8Array(Buffer.from(text, 'hex'))
}

// One-shot hashing (Node ≥ 20.12) needs no Hash object per call. The digest is asked for as latin1 text ('binary',
// Node's other name for it: one character per byte) and copied into a 32-byte array on V8's heap. A digest returned
// as a Buffer has a backing store of its own, allocated outside the heap and swept by the collector: for a 64-byte
// Merkle node that cost four to five times the hash itself here (docs/PROFILE.md). The fallback is for runtimes
// without one-shot hashing.
const oneShot: ((algorithm: string, data: Uint8Array, encoding: 'binary') => string) | undefined =
  typeof (nodeCrypto as { hash?: unknown }).hash === 'function' ? (nodeCrypto.hash as (a: string, d: Uint8Array, e: 'binary') => string) : undefined

// Parts are copied here and hashed in one call: cheaper than a Hash object for the small hashes of envelopes
// (Merkle nodes, leaves, ids). Hashing is synchronous, so one buffer serves every call; larger inputs stream.
const SCRATCH_BYTES = 4096 // a 1 KB message's leaf with room; bigger inputs go through a Hash object
const scratch = Buffer.allocUnsafe(SCRATCH_BYTES)

/** A digest given as latin1 text, as bytes (one character per byte). Arrays of up to 64 bytes live on V8's heap. */
function fromLatin1 (digest: string): Uint8Array {
  const out = new Uint8Array(digest.length)
  for (let i = 0; i < digest.length; i++) out[i] = digest.charCodeAt(i)
  return out
}

function digestOne (data: Uint8Array): Uint8Array {
  return fromLatin1(oneShot !== undefined ? oneShot('sha256', data, 'binary') : nodeCrypto.createHash('sha256').update(data).digest('binary'))
}

/**
 * sha256 of the parts, concatenated. The digest is a fresh array on V8's heap: take a copy of part of it with
 * `slice`, not a view with `subarray` (a view of a heap array moves its bytes off the heap first, the cost saved here).
 */
export function sha256 (...parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return digestOne(parts[0])
  let total = 0
  for (const p of parts) total += p.byteLength
  if (oneShot === undefined || total > SCRATCH_BYTES) {
    const h = nodeCrypto.createHash('sha256')
    for (const p of parts) h.update(p)
    return fromLatin1(h.digest('binary'))
  }
  let at = 0
  for (const p of parts) {
    scratch.set(p, at)
    at += p.byteLength
  }
  return fromLatin1(oneShot('sha256', scratch.subarray(0, total), 'binary'))
}

const encoder = new TextEncoder()

export function utf8 (text: string): Uint8Array {
  return encoder.encode(text)
}

/** Bytes the uvarint of n takes (n a non-negative safe integer). */
export function uvarintLength (n: number): number {
  let len = 1
  while (n >= 0x80) {
    n = Math.floor(n / 128)
    len++
  }
  return len
}

/** Writes the uvarint of n at `at`; returns the offset after it. */
export function putUvarint (out: Uint8Array, at: number, n: number): number {
  while (n >= 0x80) {
    out[at++] = (n & 0x7f) | 0x80
    n = Math.floor(n / 128)
  }
  out[at++] = n
  return at
}

export function uvarint (n: number): Uint8Array {
  if (n < 0x80 && n >= 0) return Uint8Array.of(n)
  const out = new Uint8Array(uvarintLength(n))
  putUvarint(out, 0, n)
  return out
}

/** Bytes lengthPrefixed gives for these parts. */
export function lengthPrefixedSize (parts: readonly Uint8Array[]): number {
  let total = 0
  for (const p of parts) total += uvarintLength(p.byteLength) + p.byteLength
  return total
}

/** Writes each part prefixed by its uvarint length at `at`; returns the offset after them. */
export function putLengthPrefixed (out: Uint8Array, at: number, parts: readonly Uint8Array[]): number {
  for (const p of parts) {
    at = putUvarint(out, at, p.byteLength)
    out.set(p, at)
    at += p.byteLength
  }
  return at
}

/** Concatenates each part prefixed by its uvarint length: an unambiguous encoding of a tuple of byte strings. */
export function lengthPrefixed (...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(lengthPrefixedSize(parts))
  putLengthPrefixed(out, 0, parts)
  return out
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

// Native memcmp: a byte loop in JS cost 0.8 µs for 32 bytes and 25 µs for 1 KiB here, Buffer.compare 0.17–0.3 µs.
export function bytesEqual (a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0
}
