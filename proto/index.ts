// The one door to the wire format: toWire/fromWire for every type in mesh.proto. Generated classes stay here.
import './runtime.js'
import protobuf from 'protobufjs/minimal.js'
import { aioscomm } from './gen/mesh.js'
import type * as T from './types.js'

export type * from './types.js'

const pb = aioscomm.v1

export const PAYLOAD_TYPES = {
  message: 'aios-comm/message',
  header: 'aios-comm/header',
  receipt: 'aios-comm/receipt',
  endorsement: 'aios-comm/endorsement',
  revocation: 'aios-comm/revocation',
  admission: 'aios-comm/admission-request',
  card: 'aios-comm/card',
  lease: 'aios-comm/lease',
  leaseRequest: 'aios-comm/lease-request'
} as const

/** Bytes that do not decode as the expected message. */
export class WireError extends Error {
  readonly code = 'WIRE_MALFORMED'
  constructor (what: string, options?: { cause?: unknown }) {
    super(`malformed ${what}`, options)
    this.name = 'WireError'
  }
}

const STATES: readonly T.ReceiptState[] = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'REJECTED', 'CANCELED', 'AUDITED']
const VERDICTS: readonly T.AuditVerdict[] = ['PASS', 'FAIL']

function verdictFromWire (n: number | null | undefined): T.AuditVerdict | undefined {
  if (n == null || n === 0) return undefined
  const v = VERDICTS[n - 1]
  if (v === undefined) throw new WireError(`receipt: unknown audit verdict ${n}`)
  return v
}

function stateToWire (s: T.ReceiptState): number {
  return STATES.indexOf(s) + 1
}

function stateFromWire (n: number, what: string): T.ReceiptState {
  const s = STATES[n - 1]
  if (s === undefined) throw new WireError(`${what}: unknown receipt state ${n}`)
  return s
}

/**
 * A receipt whose signed payload carries evidence content (Evidence field 4, reserved since content stopped
 * travelling inside facts). It decodes, but no node may hold or pass it on: a fact reaches every node.
 */
export class InlineEvidenceError extends Error {
  readonly code = 'EVIDENCE_INLINE'
  constructor () {
    super('the receipt carries evidence content in its signed payload; content goes only to the sender, beside the receipt')
    this.name = 'InlineEvidenceError'
  }
}

const EVIDENCE_CONTENT_FIELD = 4 // Evidence.inline, now reserved

function decode<R> (what: string, fn: () => R): R {
  try {
    return fn()
  } catch (err) {
    if (err instanceof WireError || err instanceof InlineEvidenceError) throw err
    throw new WireError(what, { cause: err })
  }
}

// protobufjs hands out Buffers on Node; callers get plain Uint8Array views (no copy).
const view = (b: Uint8Array): Uint8Array => (b.constructor === Uint8Array ? b : new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
const bytesOrUndef = (b: Uint8Array | null | undefined): Uint8Array | undefined => (b != null && b.byteLength > 0 ? view(b) : undefined)
const strOrUndef = (s: string | null | undefined): string | undefined => (s != null && s !== '' ? s : undefined)
const numOrUndef = (n: number | null | undefined): number | undefined => (n != null && n !== 0 ? n : undefined)
const req = (b: Uint8Array | null | undefined): Uint8Array => (b == null ? new Uint8Array(0) : view(b))

// ---- encoding ----

// One writer serves every encode, so its buffer grows to the largest message once instead of doubling from 128
// bytes on every call; each result is one exact-size copy out of it. Encoding is synchronous; a writer is taken
// while in use, so a nested or failed encode simply gets a fresh one.
let spare: protobuf.Writer | undefined
const SPARE_MAX_BYTES = 4 * 1024 * 1024 // a full deliver frame with room; a writer grown past it is not kept

function withWriter<R> (encode: (w: protobuf.Writer) => protobuf.Writer, use: (w: protobuf.Writer) => R): R {
  const w = spare ?? protobuf.Writer.create()
  spare = undefined
  w.reset()
  const out = use(encode(w))
  if ((w as unknown as { buf: Uint8Array }).buf.byteLength <= SPARE_MAX_BYTES) spare = w
  return out
}

function encoded (encode: (w: protobuf.Writer) => protobuf.Writer): Uint8Array {
  return withWriter(encode, w => w.finish())
}

// ---- envelope ----

function envelopeFields (e: T.Envelope): aioscomm.v1.ISignedEnvelope {
  return { payloadType: e.payloadType, payload: e.payload, signer: e.signer, signature: e.signature, batch: e.batch }
}

export function envelopeToWire (e: T.Envelope): Uint8Array {
  return encoded(w => pb.SignedEnvelope.encode(envelopeFields(e), w))
}

/**
 * Decodes a signed envelope that is in canonical form (exactly the bytes envelopeToWire gives for it). Objects are
 * known by the hash of their envelope bytes, so one signed payload must have one encoding: otherwise anyone
 * relaying a message could append an unknown field, keep the signature valid and make it a different message.
 *
 * Read by hand, in one pass that is also the check: envelopeToWire writes fields 1 to 5 in order, each at most once,
 * a field only when it is not empty (a proof's signature even then), one proof, lengths and numbers as the shortest
 * varint, and nothing else; any other byte ends the read with WireError. Decoding with the generated class and
 * encoding the result again to compare cost three times as much CPU and a message object per envelope, and each node
 * reads two or three envelopes per message (test/proto/envelope-reader.test.ts holds this reader to that comparison).
 */
export function envelopeFromWire (bytes: Uint8Array): T.Envelope {
  const r: EnvelopeReader = { bytes, at: 0 }
  const end = bytes.byteLength
  const env: T.Envelope = { payloadType: '', payload: EMPTY_BYTES, signer: EMPTY_BYTES }
  if (r.at < end && bytes[r.at] === 0x0a) env.payloadType = utf8Field(r, end)
  if (r.at < end && bytes[r.at] === 0x12) env.payload = bytesField(r, end, false)
  if (r.at < end && bytes[r.at] === 0x1a) env.signer = bytesField(r, end, false)
  if (r.at < end && bytes[r.at] === 0x22) env.signature = bytesField(r, end, true)
  else if (r.at < end && bytes[r.at] === 0x2a) env.batch = batchField(r, end)
  if (r.at !== end) throw new WireError(NOT_CANONICAL) // an unknown, repeated or misplaced field, or a second proof
  return env
}

const NOT_CANONICAL = 'signed envelope: not in canonical encoding'
const EMPTY_BYTES = new Uint8Array(0)
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** Where a hand read of an envelope stands. */
interface EnvelopeReader { bytes: Uint8Array, at: number }

/** A varint of at most 32 bits in its shortest form, the only form envelopeToWire writes. */
function varint32 (r: EnvelopeReader, end: number): number {
  let value = 0
  for (let i = 0, scale = 1; i < 5; i++, scale *= 128) {
    if (r.at >= end) throw new WireError('signed envelope')
    const b = r.bytes[r.at++]
    value += (b & 0x7f) * scale
    if (b < 0x80) {
      if ((b === 0 && i > 0) || value > 0xffffffff) throw new WireError(NOT_CANONICAL)
      return value
    }
  }
  throw new WireError(NOT_CANONICAL)
}

/** The span of the length-delimited field whose tag is at r.at; r.at moves past it. */
function span (r: EnvelopeReader, end: number): [number, number] {
  r.at++ // the tag, one byte for every field here
  const n = varint32(r, end)
  if (n > end - r.at) throw new WireError('signed envelope')
  const from = r.at
  r.at += n
  return [from, r.at]
}

/** A bytes field as a view of the input (no copy); an empty one only where it is written empty (`emptyOk`). */
function bytesField (r: EnvelopeReader, end: number, emptyOk: boolean): Uint8Array {
  const [from, to] = span(r, end)
  if (to === from && !emptyOk) throw new WireError(NOT_CANONICAL)
  return new Uint8Array(r.bytes.buffer, r.bytes.byteOffset + from, to - from)
}

function utf8Field (r: EnvelopeReader, end: number): string {
  const [from, to] = span(r, end)
  if (to === from) throw new WireError(NOT_CANONICAL)
  let ascii = true
  for (let i = from; i < to && ascii; i++) ascii = r.bytes[i] < 0x80
  try {
    return ascii ? Buffer.from(r.bytes.buffer, r.bytes.byteOffset + from, to - from).toString('latin1') : strictUtf8.decode(r.bytes.subarray(from, to))
  } catch (err) {
    throw new WireError('signed envelope', { cause: err })
  }
}

/** A BatchProof, read as the envelope is: root, index, count, path, signature, in order, defaults left out. */
function batchField (r: EnvelopeReader, outer: number): T.BatchProof {
  const [from, end] = span(r, outer)
  r.at = from // read inside the field; it ends at `end`
  const b = r.bytes
  const batch: T.BatchProof = { root: EMPTY_BYTES, index: 0, count: 0, path: [], signature: EMPTY_BYTES }
  if (r.at < end && b[r.at] === 0x0a) batch.root = bytesField(r, end, false)
  if (r.at < end && b[r.at] === 0x10) batch.index = positiveVarint(r, end)
  if (r.at < end && b[r.at] === 0x18) batch.count = positiveVarint(r, end)
  while (r.at < end && b[r.at] === 0x22) batch.path.push(bytesField(r, end, true))
  if (r.at < end && b[r.at] === 0x2a) batch.signature = bytesField(r, end, false)
  if (r.at !== end) throw new WireError(NOT_CANONICAL)
  return batch
}

/** A number field: written only when it is not 0. */
function positiveVarint (r: EnvelopeReader, end: number): number {
  r.at++ // the tag
  const v = varint32(r, end)
  if (v === 0) throw new WireError(NOT_CANONICAL)
  return v
}

// ---- message ----

export function messageToWire (m: T.MessageData): Uint8Array {
  return encoded(w => pb.Message.encode({ ...m, require: stateToWire(m.require) }, w))
}

export function messageFromWire (bytes: Uint8Array): T.MessageData {
  return decode('message', () => {
    const m = pb.Message.decode(bytes)
    return {
      id: req(m.id),
      from: m.from,
      to: m.to,
      sentAtMs: m.sentAtMs,
      thread: strOrUndef(m.thread),
      replyTo: bytesOrUndef(m.replyTo),
      contentType: m.contentType,
      body: req(m.body),
      require: m.require === 0 ? 'DELIVERED' : stateFromWire(m.require, 'message'),
      expiresAtMs: numOrUndef(m.expiresAtMs),
      attachments: m.attachments.map(a => ({ name: a.name ?? '', contentType: a.contentType ?? '', sha256: req(a.sha256), size: a.size ?? 0, inline: bytesOrUndef(a.inline) })),
      fromKey: req(m.fromKey),
      auditor: strOrUndef(m.auditor),
      traceparent: strOrUndef(m.traceparent)
    }
  })
}

// ---- receipt ----

export function receiptToWire (r: T.ReceiptData): Uint8Array {
  return encoded(w => pb.Receipt.encode({ ...r, state: stateToWire(r.state), verdict: r.verdict === undefined ? undefined : VERDICTS.indexOf(r.verdict) + 1 }, w))
}

export function receiptFromWire (bytes: Uint8Array): T.ReceiptData {
  return decode('receipt', () => {
    const reader = protobuf.Reader.create(bytes)
    reader.discardUnknown = false // kept, so a payload carrying the reserved content field can be told apart
    const m = pb.Receipt.decode(reader)
    const e = m.evidence
    if (e != null && (e.$unknowns ?? []).some(raw => fieldNumber(raw) === EVIDENCE_CONTENT_FIELD)) throw new InlineEvidenceError()
    return {
      messageId: req(m.messageId),
      messageHash: req(m.messageHash),
      actor: m.actor,
      state: stateFromWire(m.state, 'receipt'),
      atMs: m.atMs,
      note: strOrUndef(m.note),
      evidence: e == null ? undefined : { path: e.path ?? '', sha256: req(e.sha256), size: e.size ?? 0 },
      code: strOrUndef(m.code),
      from: strOrUndef(m.from),
      header: bytesOrUndef(m.header),
      fence: numOrUndef(m.fence),
      lease: bytesOrUndef(m.lease),
      round: numOrUndef(m.round),
      verdict: verdictFromWire(m.verdict),
      audited: bytesOrUndef(m.audited)
    }
  })
}

// ---- message header ----

export function headerToWire (h: T.MessageHeaderData): Uint8Array {
  return encoded(w => pb.MessageHeader.encode(h, w))
}

export function headerFromWire (bytes: Uint8Array): T.MessageHeaderData {
  return decode('message header', () => {
    const m = pb.MessageHeader.decode(bytes)
    return { messageId: req(m.messageId), from: m.from, to: m.to, payloadSha256: req(m.payloadSha256), sentAtMs: m.sentAtMs, fromKey: req(m.fromKey), nonce: req(m.nonce), auditor: strOrUndef(m.auditor) }
  })
}

/** The field number of one raw unknown field (its tag, a uvarint, comes first). */
function fieldNumber (raw: Uint8Array): number {
  return protobuf.Reader.create(raw).uint32() >>> 3
}

// ---- trust facts ----

export function endorsementToWire (e: T.EndorsementData): Uint8Array {
  return encoded(w => pb.Endorsement.encode(e, w))
}

export function endorsementFromWire (bytes: Uint8Array): T.EndorsementData {
  return decode('endorsement', () => {
    const m = pb.Endorsement.decode(bytes)
    return { meshKey: req(m.meshKey), handle: m.handle, actorKey: req(m.actorKey), issuedAtMs: m.issuedAtMs, expiresAtMs: m.expiresAtMs }
  })
}

export function revocationToWire (r: T.RevocationData): Uint8Array {
  return encoded(w => pb.Revocation.encode(r, w))
}

export function revocationFromWire (bytes: Uint8Array): T.RevocationData {
  return decode('revocation', () => {
    const m = pb.Revocation.decode(bytes)
    return { meshKey: req(m.meshKey), actorKey: req(m.actorKey), handle: strOrUndef(m.handle), atMs: m.atMs, reason: strOrUndef(m.reason) }
  })
}

export function admissionToWire (a: T.AdmissionRequestData): Uint8Array {
  return encoded(w => pb.AdmissionRequest.encode(a, w))
}

export function admissionFromWire (bytes: Uint8Array): T.AdmissionRequestData {
  return decode('admission request', () => {
    const m = pb.AdmissionRequest.decode(bytes)
    return { meshKey: req(m.meshKey), handle: m.handle, actorKey: req(m.actorKey), createdAtMs: m.createdAtMs }
  })
}

export function cardFactToWire (json: Uint8Array): Uint8Array {
  return encoded(w => pb.CardFact.encode({ json }, w))
}

export function cardFactFromWire (bytes: Uint8Array): Uint8Array {
  return decode('card fact', () => req(pb.CardFact.decode(bytes).json))
}

// ---- deliver protocol ----

export function deliverRequestToWire (r: T.DeliverRequestData): Uint8Array {
  return encoded(w => pb.DeliverRequest.encode(r, w))
}

export function deliverRequestFromWire (bytes: Uint8Array): T.DeliverRequestData {
  return decode('deliver request', () => {
    const m = pb.DeliverRequest.decode(bytes)
    return {
      batchId: m.batchId,
      messages: m.messages.map(req),
      receipts: m.receipts.map(req),
      cards: m.cards.map(req),
      handoffs: m.handoffs.map(h => ({ message: req(h.message), receipts: (h.receipts ?? []).map(req), header: bytesOrUndef(h.header) })),
      headers: m.headers.map(req),
      evidence: m.evidence.map(e => ({ receiptHash: req(e.receiptHash), content: req(e.content) })),
      audits: m.audits.map(h => ({ message: req(h.message), receipts: (h.receipts ?? []).map(req), header: bytesOrUndef(h.header) }))
    }
  })
}

export function deliverResponseToWire (r: T.DeliverResponseData): Uint8Array {
  return encoded(w => pb.DeliverResponse.encode(r, w))
}

export function deliverResponseFromWire (bytes: Uint8Array): T.DeliverResponseData {
  return decode('deliver response', () => {
    const m = pb.DeliverResponse.decode(bytes)
    return {
      batchId: m.batchId,
      results: m.results.map(r => ({ messageId: req(r.messageId), receipt: bytesOrUndef(r.receipt), errorCode: strOrUndef(r.errorCode), errorMessage: strOrUndef(r.errorMessage) })),
      receiptResults: m.receiptResults.map(r => ({ receiptHash: req(r.receiptHash), errorCode: strOrUndef(r.errorCode), errorMessage: strOrUndef(r.errorMessage) })),
      error: m.error == null ? undefined : { code: m.error.code ?? '', message: m.error.message ?? '' },
      handoffResults: m.handoffResults.map(r => ({ messageId: req(r.messageId), receipt: bytesOrUndef(r.receipt), errorCode: strOrUndef(r.errorCode), errorMessage: strOrUndef(r.errorMessage) })),
      auditResults: m.auditResults.map(r => ({ messageId: req(r.messageId), receipt: bytesOrUndef(r.receipt), errorCode: strOrUndef(r.errorCode), errorMessage: strOrUndef(r.errorMessage) }))
    }
  })
}

// ---- sync protocol ----

export function factToWire (f: T.FactData): Uint8Array {
  return encoded(w => pb.Fact.encode(f, w))
}

export function factFromWire (bytes: Uint8Array): T.FactData {
  return decode('fact', () => {
    const m = pb.Fact.decode(bytes)
    return { seq: m.seq, kind: m.kind, envelope: req(m.envelope) }
  })
}

export function factBatchToWire (b: T.FactBatchData): Uint8Array {
  return encoded(w => pb.FactBatch.encode(b, w))
}

export function factBatchFromWire (bytes: Uint8Array): T.FactBatchData {
  return decode('fact batch', () => {
    const m = pb.FactBatch.decode(bytes)
    return { facts: m.facts.map(f => ({ seq: f.seq ?? 0, kind: f.kind ?? '', envelope: req(f.envelope) })) }
  })
}

export function syncRequestToWire (r: T.SyncRequestData): Uint8Array {
  return encoded(w => pb.SyncRequest.encode(r, w))
}

export function syncRequestFromWire (bytes: Uint8Array): T.SyncRequestData {
  return decode('sync request', () => {
    const m = pb.SyncRequest.decode(bytes)
    return { since: m.since, limit: m.limit, tail: m.tail, ...(m.window > 0 ? { window: m.window } : {}) } // absent and 0 alike: no window
  })
}

export function syncAckToWire (a: T.SyncAckData): Uint8Array {
  return encoded(w => pb.SyncAck.encode(a, w))
}

export function syncAckFromWire (bytes: Uint8Array): T.SyncAckData {
  return decode('sync ack', () => ({ pages: pb.SyncAck.decode(bytes).pages }))
}

export function syncPageToWire (p: T.SyncPageData): Uint8Array {
  return encoded(w => pb.SyncPage.encode(p, w))
}

export function syncPageFromWire (bytes: Uint8Array): T.SyncPageData {
  return decode('sync page', () => {
    const m = pb.SyncPage.decode(bytes)
    return { facts: m.facts.map(f => ({ seq: f.seq ?? 0, kind: f.kind ?? '', envelope: req(f.envelope) })), head: m.head, done: m.done, ...(m.window > 0 ? { window: m.window } : {}) }
  })
}

export function streamErrorToWire (e: T.StreamErrorData): Uint8Array {
  return encoded(w => pb.StreamError.encode(e, w))
}

export function streamErrorFromWire (bytes: Uint8Array): T.StreamErrorData {
  return decode('stream error', () => {
    const m = pb.StreamError.decode(bytes)
    return { code: m.code, message: m.message }
  })
}

// ---- join protocol ----

export function joinRequestToWire (r: T.JoinRequestData): Uint8Array {
  return encoded(w => pb.JoinRequest.encode(r, w))
}

export function joinRequestFromWire (bytes: Uint8Array): T.JoinRequestData {
  return decode('join request', () => {
    const m = pb.JoinRequest.decode(bytes)
    return { secret: req(m.secret), requests: m.requests.map(req), cards: m.cards.map(req) }
  })
}

export function joinResponseToWire (r: T.JoinResponseData): Uint8Array {
  return encoded(w => pb.JoinResponse.encode(r, w))
}

export function joinResponseFromWire (bytes: Uint8Array): T.JoinResponseData {
  return decode('join response', () => {
    const m = pb.JoinResponse.decode(bytes)
    return { endorsements: m.endorsements.map(req), cards: m.cards.map(req), bootstrap: m.bootstrap, errorCode: strOrUndef(m.errorCode), errorMessage: strOrUndef(m.errorMessage) }
  })
}

// ---- roles and leases ----

const LEASE_KINDS: readonly T.LeaseKind[] = ['GRANTED', 'RELEASED']
const LEASE_OPS: readonly T.LeaseOp[] = ['CLAIM', 'RENEW', 'RELEASE']

function enumFromWire<E> (list: readonly E[], n: number, what: string): E {
  const v = list[n - 1]
  if (v === undefined) throw new WireError(`${what}: unknown value ${n}`)
  return v
}

export function leaseToWire (l: T.LeaseData): Uint8Array {
  return encoded(w => pb.Lease.encode({ ...l, kind: LEASE_KINDS.indexOf(l.kind) + 1 }, w))
}

export function leaseFromWire (bytes: Uint8Array): T.LeaseData {
  return decode('lease', () => {
    const m = pb.Lease.decode(bytes)
    return {
      messageId: req(m.messageId),
      messageHash: req(m.messageHash),
      role: m.role,
      holder: m.holder,
      holderKey: req(m.holderKey),
      fence: m.fence,
      kind: enumFromWire(LEASE_KINDS, m.kind, 'lease'),
      atMs: m.atMs,
      expiresAtMs: m.expiresAtMs,
      header: req(m.header)
    }
  })
}

export function leaseRequestToWire (r: T.LeaseRequestData): Uint8Array {
  return encoded(w => pb.LeaseRequest.encode({ ...r, op: LEASE_OPS.indexOf(r.op) + 1 }, w))
}

export function leaseRequestFromWire (bytes: Uint8Array): T.LeaseRequestData {
  return decode('lease request', () => {
    const m = pb.LeaseRequest.decode(bytes)
    return { op: enumFromWire(LEASE_OPS, m.op, 'lease request'), messageId: req(m.messageId), seat: m.seat, durationMs: m.durationMs, fence: m.fence, atMs: m.atMs }
  })
}

export function leaseAnswerToWire (a: T.LeaseAnswerData): Uint8Array {
  return encoded(w => pb.LeaseAnswer.encode(a, w))
}

export function leaseAnswerFromWire (bytes: Uint8Array): T.LeaseAnswerData {
  return decode('lease answer', () => {
    const m = pb.LeaseAnswer.decode(bytes)
    return { lease: bytesOrUndef(m.lease), errorCode: strOrUndef(m.errorCode), errorMessage: strOrUndef(m.errorMessage) }
  })
}

// ---- capabilities ----

export function cardsRequestToWire (r: T.CardsRequestData): Uint8Array {
  return encoded(w => pb.CardsRequest.encode(r, w))
}

export function cardsRequestFromWire (bytes: Uint8Array): T.CardsRequestData {
  return decode('cards request', () => ({ skill: pb.CardsRequest.decode(bytes).skill ?? '' }))
}

export function cardsAnswerToWire (a: T.CardsAnswerData): Uint8Array {
  return encoded(w => pb.CardsAnswer.encode(a, w))
}

export function cardsAnswerFromWire (bytes: Uint8Array): T.CardsAnswerData {
  return decode('cards answer', () => ({ cards: (pb.CardsAnswer.decode(bytes).cards ?? []).map(view) }))
}
