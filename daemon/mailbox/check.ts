// What a mailbox checks before it holds an item for a member: the signed bytes verify (a message with its
// sender-signed header, a receipt with the header it carries), signer and sender are trusted actors' current keys,
// and the destination is a trusted actor. The mailbox never holds what the destination would refuse as forged.
import { bytesEqual, refuse, sha256, verifyEnvelope, type Refusal } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire, messageFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import { checkHeaderFor, headerOf, openReceipt } from '../receipts/index.js'
import { MAX_MESSAGE_BYTES } from '../limits/index.js'

export interface HeldItem {
  kind: 'message' | 'receipt'
  /** The message id, or the receipt's hash. */
  ref: Uint8Array
  /** The handle whose node must get it: the message's recipient, or the sender of the message a receipt is about. */
  dest: string
  /** For a message: its sender, to whom its DELIVERED receipt goes back. */
  replyTo?: string
}

export type HeldCheck = ({ ok: true } & HeldItem) | Refusal

/** A message handed to a mailbox: signed by its sender's endorsed key, its header matching, for a trusted actor. */
export function checkHeldMessage (core: Core, bytes: Uint8Array, header: Uint8Array | undefined, nowMs: number): HeldCheck {
  if (bytes.byteLength > MAX_MESSAGE_BYTES) return refuse('MESSAGE_TOO_LARGE', `a message may have at most ${MAX_MESSAGE_BYTES} bytes`)
  let payload: Uint8Array
  let msg
  try {
    const env = envelopeFromWire(bytes)
    const v = verifyEnvelope(env, PAYLOAD_TYPES.message)
    if (!v.ok) return refuse('BAD_SIGNATURE', v.reason)
    payload = env.payload
    msg = messageFromWire(payload)
    if (!bytesEqual(env.signer, msg.fromKey)) return refuse('BAD_SIGNATURE', 'the message is signed by another key than its sender names')
  } catch {
    return refuse('MESSAGE_MALFORMED', 'the message does not decode')
  }
  if (msg.id.byteLength !== 16) return refuse('MESSAGE_MALFORMED', 'a message id has 16 bytes')
  const h = checkHeaderFor(header, msg, payload)
  if (!h.ok) return h
  const sender = core.directory.check(msg.from, nowMs)
  if (!sender.ok || !bytesEqual(sender.current.actorKey, msg.fromKey)) return refuse('NOT_ENDORSED', `the key that signed is not the endorsed key of ${msg.from}`)
  const dest = destination(core, msg.to, nowMs)
  if (!dest.ok) return dest
  if (msg.expiresAtMs !== undefined && msg.expiresAtMs <= nowMs) return refuse('EXPIRED', 'the message expired before it reached the mailbox')
  return { ok: true, kind: 'message', ref: msg.id, dest: msg.to, replyTo: msg.from }
}

/** A receipt handed to a mailbox: signed by its actor's current key, carrying a header its sender signed. */
export function checkHeldReceipt (core: Core, bytes: Uint8Array, nowMs: number): HeldCheck {
  const o = openReceipt(bytes)
  if (!o.ok) return o
  const r = o.receipt
  const actor = core.directory.check(r.actor, nowMs)
  if (!actor.ok || !bytesEqual(actor.current.actorKey, o.signer)) return refuse('RECEIPT_WRONG_SIGNER', `the receipt is not signed by the current key of ${r.actor}`)
  const h = headerOf(r)
  if (!h.ok) return h
  const sender = core.directory.get(h.header.from)
  if (sender === undefined || !bytesEqual(sender.actorKey, h.header.fromKey)) return refuse('HEADER_WRONG_SENDER', `the message header is not signed by the key of ${h.header.from}`)
  const dest = destination(core, h.header.from, nowMs)
  if (!dest.ok) return dest
  return { ok: true, kind: 'receipt', ref: sha256(bytes), dest: h.header.from }
}

/** A mailbox holds mail only for trusted actors hosted elsewhere. */
function destination (core: Core, handle: string, nowMs: number): { ok: true } | Refusal {
  const d = core.directory.check(handle, nowMs)
  if (!d.ok) return refuse('MAILBOX_DEST_NOT_TRUSTED', `${handle} is not a trusted actor here: ${d.reason}`)
  if (d.current.peerId === core.peerId) return refuse('MAILBOX_DEST_NOT_TRUSTED', `${handle} is hosted on this node; deliver to it directly`)
  return { ok: true }
}
