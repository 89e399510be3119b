// notify: sign a message as the acting seat, commit it with its outbox entry, answer DELIVERY_PENDING at once.
import { MeshError, sha256, isValidHandle, isValidRole, isValidSkillId, skillOfAddress, type KeyPair } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, headerToWire, messageToWire, type MessageData, type ReceiptState } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { MessageRow } from '../store/index.js'
import { NODE_CALLER, type Caller } from '../access/index.js'
import { MESSAGE_ID_BYTES, obligationId, parseObligation } from './ids.js'
import { freshNonce, headerFor, messageIdFor, ownHeader, roleOfAddress, timedMessageIdFor, timedNonce } from '../receipts/index.js'
import { MAX_BODY_BYTES, MAX_CONTENT_TYPE_BYTES, MAX_OUTBOX_PER_DEST, MAX_THREAD_BYTES, checkFields } from '../limits/index.js'
import { crashPoint } from '../runtime/crash-point.js'
import { BatchSigner } from './batch-signer.js'
import { checkKey, claimKey, heldKey, oneAtATime, requestHash } from './idempotency.js'
import { status } from './query.js'

const signers = new WeakMap<Core, BatchSigner>()
function signer (core: Core): BatchSigner {
  let s = signers.get(core)
  if (s === undefined) signers.set(core, s = new BatchSigner())
  return s
}

export interface NotifyInput {
  as?: string
  to: string
  body: Uint8Array
  contentType?: string
  require?: ReceiptState
  thread?: string
  replyTo?: Uint8Array
  ttlMs?: number
  /** The client's key: the same key from the same seat within 24 h returns the first obligation. */
  idempotencyKey?: string
  /** A seat (handle or role:NAME) that must check the COMPLETE and sign AUDITED; implies require AUDITED. */
  auditor?: string
  /**
   * For a `skill:ID` address: the seat it goes to, chosen when the message is signed (never `from`); the signed
   * message names that seat. Without it, a skill address is refused.
   */
  choose?: (from: string) => Promise<string>
}

export interface NotifyResult {
  obligation: string
  /** DELIVERY_PENDING for a new obligation; the obligation's current state when a key returns an earlier one. */
  state: string
  from: string
  to: string
  /** Set when the idempotency key returned an obligation made earlier: nothing new was sent. */
  replayed?: true
  /** Why the message waits rather than goes (the recipient's endorsement expired: it leaves once renewed). */
  held?: string
}

export async function notify (core: Core, input: NotifyInput, caller: Caller = NODE_CALLER): Promise<NotifyResult> {
  const from = core.actingSeat(input.as, caller)
  const role = typeof input.to === 'string' ? roleOfAddress(input.to) : undefined
  const skill = role === undefined && typeof input.to === 'string' ? skillOfAddress(input.to) : undefined
  const valid = role !== undefined ? isValidRole(role) : skill !== undefined ? isValidSkillId(skill) : isValidHandle(input.to)
  if (!valid) throw new MeshError('HANDLE_INVALID', `${JSON.stringify(input.to)} is not a handle, role:NAME or skill:ID`)
  if (skill !== undefined && input.choose === undefined) throw new MeshError('NO_SKILL_MATCH', `${input.to} is resolved only by the node's control API; name the seat`)
  if (input.body.byteLength > MAX_BODY_BYTES) throw new MeshError('MESSAGE_TOO_LARGE', `the body has ${input.body.byteLength} bytes; the limit is ${MAX_BODY_BYTES}: send a path to a file instead`)
  checkFields([['the thread', input.thread, MAX_THREAD_BYTES], ['the content type', input.contentType, MAX_CONTENT_TYPE_BYTES], ['reply-to', input.replyTo, MESSAGE_ID_BYTES]])
  const key = input.idempotencyKey
  if (key === undefined) return await send(core, from, input)
  checkKey(key)
  const hash = requestHash({ ...input, contentType: input.contentType ?? 'text/plain', require: input.require ?? 'COMPLETE' })
  return await oneAtATime(core, from, key, async () => {
    const earlier = heldKey(core, from, key, hash, Date.now())
    if (earlier === undefined) return await send(core, from, input, { key, hash })
    const v = await status(core, obligationId(earlier))
    return { obligation: v.obligation, state: v.state, from: v.from, to: v.to, replayed: true }
  })
}

/** The seats a message goes to: its recipient, or every seat whose card holds the role it is addressed to. */
async function destinations (core: Core, to: string): Promise<{ seats: string[], held?: string }> {
  const role = roleOfAddress(to)
  if (role !== undefined) {
    const seats = core.directory.withRole(role).map(c => c.handle)
    if (seats.length === 0) throw new MeshError('ROLE_EMPTY', `no seat known here holds the role ${role}`)
    return { seats }
  }
  let recipient = core.directory.check(to)
  if (!recipient.ok && recipient.code === 'ACTOR_UNKNOWN' && core.lookupCard !== undefined && await core.lookupCard(to)) {
    recipient = core.directory.check(to)
  }
  // An expired endorsement can be renewed by the mesh owner from afar: the message waits for it (status says why).
  // A revoked key, a conflict or an unknown actor is final here.
  const held = !recipient.ok && recipient.code === 'CARD_EXPIRED' ? recipient.reason : undefined
  if (!recipient.ok && held === undefined) {
    const code = recipient.code === 'ACTOR_UNKNOWN' ? 'RECIPIENT_UNKNOWN' : recipient.code
    throw new MeshError(code, `cannot send to ${to}: ${recipient.reason}${code === 'RECIPIENT_UNKNOWN' ? ' (import its card: aios-comm card import FILE)' : ''}`)
  }
  return { seats: [to], held }
}

/**
 * The seat that audits: a handle, or for role:NAME one seat holding the role now, chosen here (a seat of this node
 * first, then by handle) and signed into the message, so every node knows whose verdict counts. Never the recipient (the sender may be it).
 */
function auditorFor (core: Core, input: NotifyInput): string | undefined {
  const wanted = input.auditor
  if (wanted === undefined || wanted === '') {
    if (input.require === 'AUDITED') throw new MeshError('AUDITOR_INVALID', 'require AUDITED needs an auditor (--auditor HANDLE|role:NAME)')
    return undefined
  }
  if (typeof wanted !== 'string') throw new MeshError('AUDITOR_INVALID', 'the auditor is a handle or role:NAME')
  if (input.require !== undefined && input.require !== 'AUDITED') throw new MeshError('AUDITOR_INVALID', `an auditor is for require AUDITED, not ${input.require}`)
  const role = roleOfAddress(wanted)
  if (role !== undefined) {
    if (!isValidRole(role)) throw new MeshError('AUDITOR_INVALID', `${JSON.stringify(wanted)} is not a handle or role:NAME`)
    const holders = core.directory.withRole(role).filter(c => c.handle !== input.to)
    const pick = holders.find(c => c.local) ?? holders[0]
    if (pick === undefined) throw new MeshError('AUDITOR_INVALID', `no seat known here other than the recipient holds the role ${role}`)
    return pick.handle
  }
  if (!isValidHandle(wanted)) throw new MeshError('AUDITOR_INVALID', `${JSON.stringify(wanted)} is not a handle or role:NAME`)
  if (wanted === input.to) throw new MeshError('AUDITOR_INVALID', `${wanted} is the recipient: a seat cannot audit its own work`)
  const known = core.directory.check(wanted)
  if (!known.ok) throw new MeshError('AUDITOR_INVALID', `cannot name ${wanted} as auditor: ${known.reason}`)
  return wanted
}

async function send (core: Core, from: string, input: NotifyInput, idem?: { key: string, hash: Uint8Array }): Promise<NotifyResult> {
  const sender = core.directory.check(from)
  if (!sender.ok) throw new MeshError(sender.code, `${from} cannot send: ${sender.reason}`)
  // a skill address goes to one seat, chosen now; the idempotency key above stands for the address as asked
  const to = skillOfAddress(input.to) !== undefined && input.choose !== undefined ? await input.choose(from) : input.to
  const { seats, held } = await destinations(core, to)
  const auditor = auditorFor(core, { ...input, to }) // never the seat the message goes to
  for (const dest of seats) {
    if (core.store.outbox.full(dest, MAX_OUTBOX_PER_DEST)) {
      throw new MeshError('OUTBOX_FULL', `${MAX_OUTBOX_PER_DEST} messages already wait for ${dest}; wait until its node is reachable`)
    }
  }
  const seat = core.seatKey(from)
  const span = core.tracer?.send(from, to) // its context is signed into the message; none when traces are off
  try {
    const result = await signAndQueue(core, from, seat, { ...input, to, auditor }, seats, idem, span?.traceparent)
    span?.sent(parseObligation(result.obligation), input.body.byteLength)
    return { ...result, ...(held === undefined ? {} : { held }) }
  } catch (err) {
    span?.failed(err)
    throw err
  }
}

/**
 * Whether every node the message goes to reads timed ids: its seats' (a role's seats, or its recipient's) and its
 * auditor's. A seat here always does; a node that has not said so since this daemon started (timed-ids.ts) does not.
 */
function readTimedIds (core: Core, handles: string[]): boolean {
  for (const h of handles) {
    const dest = core.directory.get(h)
    if (dest === undefined || !(dest.local || core.readsTimedIds?.(dest.peerId) === true)) return false
  }
  return true
}

async function signAndQueue (core: Core, from: string, seat: KeyPair, input: NotifyInput, seats: string[], idem: { key: string, hash: Uint8Array } | undefined, traceparent: string | undefined): Promise<NotifyResult> {
  const now = Date.now()
  // resolved by send: the seat a skill address chose, and the auditor's handle (never role:NAME)
  const { to, auditor } = input
  const timed = readTimedIds(core, auditor === undefined ? seats : [...seats, auditor])
  const nonce = timed ? timedNonce(now) : freshNonce()
  const msg: MessageData = {
    id: timed ? timedMessageIdFor(seat.publicKey, nonce) : messageIdFor(seat.publicKey, nonce),
    from,
    to,
    sentAtMs: now,
    thread: input.thread,
    replyTo: input.replyTo,
    contentType: input.contentType ?? 'text/plain',
    body: input.body,
    require: auditor !== undefined ? 'AUDITED' : input.require ?? 'COMPLETE',
    expiresAtMs: input.ttlMs !== undefined ? now + input.ttlMs : undefined,
    fromKey: seat.publicKey,
    auditor,
    ...(traceparent === undefined ? {} : { traceparent })
  }
  const payload = messageToWire(msg)
  const envelopeOf = signer(core).add(seat, payload)
  const header = headerFor(msg, payload, nonce)
  const headerOf = signer(core).add(seat, headerToWire(header), PAYLOAD_TYPES.header)
  const store = core.store.messages
  const row = await core.store.commit.run(() => {
    const envelope = envelopeToWire(envelopeOf()) // the turn's messages and headers are signed together, inside the commit
    const signedHeader = envelopeToWire(headerOf())
    const m: MessageRow = {
      id: msg.id,
      hash: sha256(envelope),
      envelope,
      header: signedHeader,
      from,
      to: msg.to,
      localFrom: true,
      localTo: false,
      sentAtMs: now,
      expiresAtMs: msg.expiresAtMs,
      storedAtMs: now,
      state: 'DELIVERY_PENDING',
      thread: msg.thread ?? '',
      auditor
    }
    store.insertMessage(m)
    ownHeader(signedHeader, header) // the DELIVERED receipts that carry it back are checked without decoding it again
    const rows = seats.flatMap(dest => {
      const id = core.store.outbox.enqueue('message', msg.id, dest, now, { handed: true })
      return id === undefined ? [] : [{ id, dest }]
    })
    if (idem !== undefined) claimKey(core, from, idem.key, idem.hash, msg.id, now)
    return { rows, m }
  })
  // committed: the worker takes the rows with the bytes in hand (it reads the message back only after a restart)
  for (const r of row.rows) {
    core.store.outbox.handOver({
      row: { id: r.id, kind: 'message', ref: msg.id, dest: r.dest, status: 'pending', nextAttemptMs: now, attempts: 0, createdAtMs: now },
      bytes: row.m.envelope,
      header: row.m.header,
      message: row.m
    })
  }
  crashPoint('after-notify-commit')
  core.events.emit('message:out', { id: msg.id, from, to: msg.to })
  core.events.emit('outbox:kick')
  return { obligation: obligationId(msg.id), state: 'DELIVERY_PENDING', from, to: msg.to }
}
