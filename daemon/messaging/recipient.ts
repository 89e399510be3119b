// The recipient's side: read, consume, ack (CONSUMED then COMPLETE with evidence) and reject. Each step is a
// receipt signed by the recipient seat, stored, and queued for the sender's node. A message its sender withdrew
// (CANCELED) can still be read; every other step is refused.
import { MeshError } from '../../cards/index.js'
import { envelopeFromWire, messageFromWire, type EvidenceData, type ReceiptState } from '../../proto/index.js'
import type { Core } from '../core.js'
import { NODE_CALLER, checkObligationAccess, type Caller } from '../access/index.js'
import type { MessageRow } from '../store/index.js'
import { deriveState, isFinal, openReceipt, parseSlot, rank, roleOfAddress, signReceipt, slotOf } from '../receipts/index.js'
import { heldLease, roleSeat } from './roles.js'
import { writeReceiptFile } from './evidence.js'
import { readEvidence, type EvidenceFile } from './evidence-read.js'
import { obligationId, parseObligation } from './ids.js'
import { requireMessage } from './receipts-in.js'
import { checkFields, MAX_EVIDENCE_PATH_BYTES, MAX_NOTE_BYTES } from '../limits/index.js'

export interface StepResult {
  obligation: string
  state: string
  issued: ReceiptState[]
}

/** A message and the seat whose step it takes: its recipient, or for role work the role's seat acting here. */
interface Inbox { m: MessageRow, seat: string, role: boolean }

/** The message a step is about; the step acts as its recipient seat, so the caller must be allowed to. */
function inboxMessage (core: Core, ob: string, as: string | undefined, caller: Caller): Inbox {
  const id = parseObligation(ob)
  checkObligationAccess(core.store.messages, id, ob, caller)
  const m = requireMessage(core, id, ob)
  if (!m.localTo) throw new MeshError('NOT_RECIPIENT', `${ob} is not addressed to a seat on this node`)
  if (roleOfAddress(m.to) !== undefined) return { m, seat: roleSeat(core, m, as, caller), role: true }
  if (as !== undefined && as !== '' && as !== m.to) throw new MeshError('NOT_RECIPIENT', `${ob} is addressed to ${m.to}, not to ${as}`)
  core.authorizeSeat(m.to, caller)
  return { m, seat: m.to, role: false }
}

/**
 * Issues the receipts that are not held yet, in order; all in one durable transaction, with the file a COMPLETE
 * names kept beside its receipt (and its content, for the sender).
 */
async function issue (core: Core, at: Inbox, steps: Array<{ state: ReceiptState, note?: string, evidence?: EvidenceData }>, file?: EvidenceFile): Promise<StepResult> {
  const { m, seat } = at
  const store = core.store.messages
  const held = core.store.receipts.forMessage(m.id)
  const current = deriveState(held)
  refuseCanceled(m, current)
  const audited = m.auditor !== undefined
  if (steps.some(s => s.state === 'COMPLETE' || s.state === 'REJECTED')) refuseWhileJudged(m, current)
  // on an audited obligation a COMPLETE after a FAIL verdict is the next round's
  const round = audited ? nextRound(held) : 1
  const wanted = steps.filter(s => core.store.receipts.get(m.id, slotOf({ state: s.state, round: s.state === 'COMPLETE' ? round : 1 }), seat) === undefined)
  if (isFinal(current, audited) && wanted.length > 0) throw new MeshError('ALREADY_FINAL', `${obligationId(m.id)} is already ${current}`)
  const key = core.seatKey(seat)
  const now = Date.now()
  // role work: every step is taken under the live lease the seat holds, and carries it
  const lease = at.role && wanted.length > 0 ? heldLease(core, m, seat, now) : undefined
  const signed = wanted.map(s => signReceipt(key, {
    messageId: m.id, messageHash: m.hash, actor: seat, state: s.state, atMs: now, note: s.note, evidence: s.evidence, from: m.from, header: m.header,
    ...(lease === undefined ? {} : { fence: lease.fence, lease: lease.grant }),
    ...(s.state === 'COMPLETE' && round > 1 ? { round } : {})
  }))
  const senderRemote = !m.localFrom
  await core.store.commit.run(() => {
    for (const r of signed) {
      core.store.receipts.insert({ hash: r.hash, messageId: m.id, state: slotOf(r.data), actor: seat, envelope: r.envelope, atMs: now, receivedAtMs: now })
      if (file !== undefined && r.data.evidence !== undefined) {
        core.store.evidence.put({ receiptHash: r.hash, messageId: m.id, origin: 'issued', path: file.path, sha256: file.sha256, size: file.size, content: file.content, storedAtMs: now })
      }
      if (senderRemote) core.store.outbox.enqueue('receipt', r.hash, m.from, now, { messageId: m.id })
      // the COMPLETE of an audited obligation goes to its auditor with the message, its receipts and the content
      if (audited && r.data.state === 'COMPLETE') core.store.outbox.enqueue('audit', r.hash, m.auditor as string, now, { messageId: m.id })
    }
    store.setState(m.id, deriveState(core.store.receipts.forMessage(m.id)))
  })
  for (const r of signed) core.events.emit('receipt', { messageId: m.id, state: r.data.state, actor: seat })
  if ((senderRemote || audited) && signed.length > 0) core.events.emit('outbox:kick')
  return { obligation: obligationId(m.id), state: deriveState(core.store.receipts.forMessage(m.id)), issued: signed.map(r => r.data.state) }
}

/** The evidence a COMPLETE already signed here names, as ack answers it. */
function evidenceOf (envelope: Uint8Array): { path: string, sha256: string, size: number } {
  const o = openReceipt(envelope)
  const e = o.ok ? o.receipt.evidence : undefined
  return { path: e?.path ?? '', sha256: e === undefined ? '' : Buffer.from(e.sha256).toString('hex'), size: e?.size ?? 0 }
}

/** The round the next COMPLETE takes: after the highest round held, once a FAIL verdict voided it; else that round. */
function nextRound (held: ReadonlyArray<{ state: string }>): number {
  let top = 0
  const failed = new Set<number>()
  for (const r of held) {
    const s = parseSlot(r.state)
    if (s.state === 'COMPLETE') top = Math.max(top, s.round)
    if (s.state === 'AUDITED' && s.fail) failed.add(s.round)
  }
  if (top === 0) return 1
  return failed.has(top) ? top + 1 : top
}

/** While an audited obligation's COMPLETE waits for its verdict, its recipient neither acks again nor rejects. */
function refuseWhileJudged (m: MessageRow, state: string): void {
  if (m.auditor !== undefined && state === 'COMPLETE') throw new MeshError('AUDIT_PENDING', `${obligationId(m.id)} is COMPLETE and waits for the verdict of its auditor ${m.auditor}`)
}

/** A withdrawn obligation takes no step: the recipient's consume, ack and reject are refused and store nothing. */
function refuseCanceled (m: MessageRow, state: string = ''): void {
  if (state === 'CANCELED' || m.state === 'CANCELED') {
    throw new MeshError('OBLIGATION_CANCELED', `${obligationId(m.id)} was canceled by its sender ${m.from}; nothing more is owed for it`)
  }
}

export interface ReadResult extends StepResult {
  from: string
  to: string
  sentAt: string
  contentType: string
  body: string
  thread?: string
}

export async function read (core: Core, ob: string, as?: string, caller: Caller = NODE_CALLER): Promise<ReadResult> {
  const at = inboxMessage(core, ob, as, caller)
  const m = at.m
  const msg = messageFromWire(envelopeFromWire(m.envelope).payload)
  const state = deriveState(core.store.receipts.forMessage(m.id))
  // role work is read by the seat holding its lease (its first read issues READ under it); once final, by any of the role's seats
  if (at.role && !isFinal(state)) heldLease(core, m, at.seat)
  const step = (rank(state) >= rank('READ') && (!at.role || core.store.receipts.get(m.id, 'READ', at.seat) !== undefined)) || isFinal(state)
    ? { obligation: obligationId(m.id), state, issued: [] }
    : await issue(core, at, [{ state: 'READ' }])
  // a withdrawn message read once after the withdrawal leaves the open inbox; lost in a power cut, it shows once more
  if (state === 'CANCELED') await core.store.commit.run(() => { core.store.messages.markCancelSeen(m.id, Date.now()) }, { durable: false })
  return {
    ...step,
    from: msg.from,
    to: msg.to,
    sentAt: new Date(msg.sentAtMs).toISOString(),
    contentType: msg.contentType,
    body: Buffer.from(msg.body).toString('utf8'),
    thread: msg.thread
  }
}

export async function consume (core: Core, ob: string, as?: string, caller: Caller = NODE_CALLER): Promise<StepResult> {
  const at = inboxMessage(core, ob, as, caller)
  refuseCanceled(at.m)
  return await issue(core, at, [{ state: 'READ' }, { state: 'CONSUMED' }])
}

export async function ack (core: Core, ob: string, sentence: string, opts: { as?: string, file?: string, caller?: Caller } = {}): Promise<StepResult & { evidence: { path: string, sha256: string, size: number } }> {
  if (typeof sentence !== 'string' || sentence.trim() === '') throw new MeshError('ACK_SENTENCE_MISSING', 'ack needs one human sentence saying what was done')
  const caller = opts.caller ?? NODE_CALLER
  // the daemon reads an evidence file with the node user's rights: a seat on the seat socket (maybe another
  // user) may not make it read files it could not read itself; its sentence becomes the receipt file
  if (caller.via === 'seat' && opts.file !== undefined) throw new MeshError('SEAT_EVIDENCE_FORBIDDEN', 'on the seat socket ack takes no evidence file; put what was done in the sentence')
  checkFields([['the ack sentence', sentence, MAX_NOTE_BYTES], ['the evidence path', opts.file, MAX_EVIDENCE_PATH_BYTES]])
  const at = inboxMessage(core, ob, opts.as, caller)
  const m = at.m
  refuseCanceled(m) // before a receipt file is written or an evidence file read
  if (at.role) heldLease(core, m, at.seat) // and before either for role work without the lease
  const now = Date.now()
  // decided before a receipt file is written: a refused or repeated ack leaves the file an earlier COMPLETE names as it is
  const held = core.store.receipts.forMessage(m.id)
  const state = deriveState(held)
  refuseWhileJudged(m, state)
  const round = m.auditor === undefined ? 1 : nextRound(held)
  const signed = held.find(r => r.state === slotOf({ state: 'COMPLETE', round }) && r.actor === at.seat)
  if (signed !== undefined) return { obligation: obligationId(m.id), state, issued: [], evidence: evidenceOf(signed.envelope) }
  if (isFinal(state, m.auditor !== undefined)) throw new MeshError('ALREADY_FINAL', `${obligationId(m.id)} is already ${state}`)
  const path = opts.file ?? writeReceiptFile(core.ctx.paths.evidence, { obligation: obligationId(m.id), from: m.from, to: m.to, sentence, atMs: now, round })
  // Checked, hashed and kept in one read; a file that changes while it is read is refused (EVIDENCE_CHANGED).
  const file = await readEvidence(path, core.ctx.paths)
  checkFields([['the evidence path', file.path, MAX_EVIDENCE_PATH_BYTES]]) // resolved: a relative path grows
  const evidence: EvidenceData = { path: file.path, sha256: file.sha256, size: file.size }
  const r = await issue(core, at, [{ state: 'READ' }, { state: 'CONSUMED' }, { state: 'COMPLETE', note: sentence, evidence }], file)
  return { ...r, evidence: { path: evidence.path, sha256: Buffer.from(evidence.sha256).toString('hex'), size: evidence.size } }
}

export async function reject (core: Core, ob: string, reason: string, opts: { as?: string, caller?: Caller } = {}): Promise<StepResult> {
  if (typeof reason !== 'string' || reason.trim() === '') throw new MeshError('REJECT_REASON_MISSING', 'reject needs a reason')
  checkFields([['the reject reason', reason, MAX_NOTE_BYTES]])
  const at = inboxMessage(core, ob, opts.as, opts.caller ?? NODE_CALLER)
  refuseCanceled(at.m)
  return await issue(core, at, [{ state: 'REJECTED', note: reason }])
}
