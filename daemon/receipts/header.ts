// A message's header: what its sender signs besides the message (id, from, to, the payload's hash), so that a
// receipt can carry proof of which message it is about without the body. The id is derived from the sender's key
// and a nonce, so no other key can sign a header for an id someone else's message uses. It takes one of two forms
// (docs/DECISIONS.md "Message ids that start with their time"): all 16 bytes of the hash, or the nonce's first 4
// bytes, the millisecond it was made in, followed by 12 bytes of the hash. The second form puts new ids side by side
// at the end of every index keyed by them; a node reads both, and a sender uses it only towards nodes that say they
// read it.
import { randomBytes } from 'node:crypto'
import { bytesEqual, refuse, sha256, utf8, verifyEnvelope, type Refusal } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire, headerFromWire, headerToWire, type MessageData, type MessageHeaderData } from '../../proto/index.js'

const ID_DOMAIN = utf8('aios-comm/v1/id')
export const MESSAGE_ID_BYTES = 16
export const NONCE_BYTES = 16

// Nonces are cut from a block of the CSPRNG's bytes, each used once: one randomBytes call per 256 nonces (a call
// cost about 5 µs here, a copy out of the block a tenth of that).
const NONCE_BLOCK = 256 * NONCE_BYTES
let nonces = Buffer.alloc(0)
let nonceAt = 0

/** A fresh random nonce for a message id: never handed out twice. */
export function freshNonce (): Uint8Array {
  if (nonceAt + NONCE_BYTES > nonces.byteLength) {
    nonces = randomBytes(NONCE_BLOCK)
    nonceAt = 0
  }
  const n = Uint8Array.from(nonces.subarray(nonceAt, nonceAt + NONCE_BYTES))
  nonces.fill(0, nonceAt, nonceAt + NONCE_BYTES) // not kept once given out
  nonceAt += NONCE_BYTES
  return n
}

/** The id a sender key and a nonce name: the first 16 bytes of sha256("aios-comm/v1/id" || key || nonce). */
export function messageIdFor (fromKey: Uint8Array, nonce: Uint8Array): Uint8Array {
  return sha256(ID_DOMAIN, fromKey, nonce).slice(0, MESSAGE_ID_BYTES) // a copy: a view of the digest would move it off the heap
}

// The timed form: the nonce's first TIME_BYTES bytes (a fresh timed nonce: its millisecond, big-endian) in place of
// the hash's. What no other key can name is then the hash's last 12 bytes: 96 bits, where the first form has 128.
const TIME_BYTES = 4

/**
 * A fresh nonce whose first 4 bytes are the millisecond it was made in (since the epoch, modulo 2^32, big-endian);
 * 12 random bytes follow. No node reads a time from them: they make an id of a later millisecond sort after those
 * made before it, so that each index keyed by message id takes a commit's ids on its last page or two. The count
 * wraps every 49.7 days; ids made across that moment sort the other way round, once.
 */
export function timedNonce (nowMs: number): Uint8Array {
  const n = freshNonce()
  const ms = Math.floor(nowMs) >>> 0 // modulo 2^32
  // written byte by byte: a DataView of the nonce (an array on V8's heap) would move it off the heap first
  n[0] = ms >>> 24
  n[1] = (ms >>> 16) & 0xff
  n[2] = (ms >>> 8) & 0xff
  n[3] = ms & 0xff
  return n
}

/** The timed id a sender key and a nonce name: the nonce's first 4 bytes, then bytes 4–15 of the same hash. */
export function timedMessageIdFor (fromKey: Uint8Array, nonce: Uint8Array): Uint8Array {
  const id = messageIdFor(fromKey, nonce)
  for (let i = 0; i < TIME_BYTES; i++) id[i] = nonce[i] // copied in place: a view of the nonce would move it off the heap
  return id
}

/** Whether `id` is one a key and a nonce name, in either form. */
export function idNamedBy (id: Uint8Array, fromKey: Uint8Array, nonce: Uint8Array): boolean {
  if (id.byteLength !== MESSAGE_ID_BYTES || nonce.byteLength !== NONCE_BYTES) return false
  const h = messageIdFor(fromKey, nonce)
  if (!sameFrom(id, h, TIME_BYTES, MESSAGE_ID_BYTES)) return false
  return sameFrom(id, h, 0, TIME_BYTES) || sameFrom(id, nonce, 0, TIME_BYTES)
}

/** Whether a and b hold the same bytes from `from` to `to` (compared in place: no views are made). */
function sameFrom (a: Uint8Array, b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (a[i] !== b[i]) return false
  return true
}

/** The header a message about to be signed has, as `headerFromWire` gives it back from the header's payload. */
export function headerFor (msg: MessageData, payload: Uint8Array, nonce: Uint8Array): MessageHeaderData {
  return { messageId: msg.id, from: msg.from, to: msg.to, payloadSha256: sha256(payload), sentAtMs: msg.sentAtMs, fromKey: msg.fromKey, nonce, auditor: msg.auditor === '' ? undefined : msg.auditor }
}

/** The header payload for a message about to be signed (its payload bytes are what the sender signs). */
export function headerPayload (msg: MessageData, payload: Uint8Array, nonce: Uint8Array): Uint8Array {
  return headerToWire(headerFor(msg, payload, nonce))
}

// Headers this node signed itself, by the array that holds the signed envelope (the one its message row and outbox
// row keep): a receipt that carries those same bytes back is given this header without decoding it again. Only
// `ownHeader` adds to it, with the header it signed those bytes over; an entry goes when its array is collected.
const ownHeaders = new WeakMap<Uint8Array, MessageHeaderData>()

/**
 * `envelope`: the signed header envelope this node just made with its seat's key over `headerToWire(header)`, for a
 * message whose id that key and the header's nonce name (notify). Its bytes must never change afterwards.
 */
export function ownHeader (envelope: Uint8Array, header: MessageHeaderData): void {
  ownHeaders.set(envelope, header)
}

export type HeaderCheck = { ok: true, header: MessageHeaderData } | Refusal

/**
 * Decodes and verifies a header by itself: signed by the key it names, and the id is that key's to name. `held`: a
 * header this node verified when it stored it; bytes equal to it are decoded and checked for their id, not verified
 * again (the same bytes give the same answer).
 */
export function openHeader (bytes: Uint8Array | undefined, held?: Uint8Array): HeaderCheck {
  if (bytes === undefined || bytes.byteLength === 0) return refuse('HEADER_MISSING', 'the message header signed by its sender is missing')
  if (held !== undefined) {
    // the same bytes as a header signed here: decoded, they would give exactly what was signed
    const own = ownHeaders.get(held)
    if (own !== undefined && bytesEqual(held, bytes)) return { ok: true, header: own }
  }
  let header: MessageHeaderData
  try {
    const env = envelopeFromWire(bytes)
    if (held === undefined || !bytesEqual(held, bytes)) {
      const v = verifyEnvelope(env, PAYLOAD_TYPES.header)
      if (!v.ok) return refuse('HEADER_BAD_SIGNATURE', v.reason)
    }
    header = headerFromWire(env.payload)
    if (!bytesEqual(env.signer, header.fromKey)) return refuse('HEADER_BAD_SIGNATURE', 'the header is signed by another key than the sender it names')
  } catch {
    return refuse('HEADER_MALFORMED', 'the message header does not decode')
  }
  if (!idNamedBy(header.messageId, header.fromKey, header.nonce)) {
    return refuse('HEADER_WRONG_ID', 'the message id is not derived from the sender key and nonce the header states')
  }
  return { ok: true, header }
}

/** The header that came with a message names exactly that message: same id, sender, key, recipient, auditor and payload. */
export function checkHeaderFor (bytes: Uint8Array | undefined, msg: MessageData, payload: Uint8Array): HeaderCheck {
  const o = openHeader(bytes)
  if (!o.ok) return o
  const h = o.header
  if (!bytesEqual(h.messageId, msg.id) || h.from !== msg.from || h.to !== msg.to || !bytesEqual(h.fromKey, msg.fromKey) ||
    h.sentAtMs !== msg.sentAtMs || (h.auditor ?? '') !== (msg.auditor ?? '') || !bytesEqual(h.payloadSha256, sha256(payload))) {
    return refuse('HEADER_MISMATCH', 'the header does not describe the message it came with')
  }
  return o
}
