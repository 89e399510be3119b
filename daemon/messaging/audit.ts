// The auditor's step: `audit OB pass|fail REASON [--file F]`. The auditor's node re-hashes the evidence content it
// received for the COMPLETE, and the auditor signs its verdict on that one COMPLETE (named by its hash): PASS makes
// the obligation AUDITED, FAIL voids that COMPLETE and reopens the obligation for its recipient. The verdict goes to
// the sender's and the recipient's nodes like any receipt, and spreads as a fact.
import { MeshError, bytesEqual, hex, sha256 } from '../../cards/index.js'
import type { AuditVerdict, EvidenceData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { NODE_CALLER, checkObligationAccess, type Caller } from '../access/index.js'
import type { ReceiptRow } from '../store/index.js'
import { deriveState, openReceipt, parseSlot, signReceipt, slotOf } from '../receipts/index.js'
import { readEvidence } from './evidence-read.js'
import { obligationId, parseObligation } from './ids.js'
import { requireMessage } from './receipts-in.js'
import { checkFields, MAX_EVIDENCE_PATH_BYTES, MAX_NOTE_BYTES } from '../limits/index.js'

export interface AuditResult {
  obligation: string
  state: string
  verdict: AuditVerdict
  /** The round of the COMPLETE judged (1 for the first) and its receipt's sha256. */
  round: number
  judged: string
  /** What re-hashing the COMPLETE's evidence content held here found: ok, or not-here when its content did not travel. */
  evidence: 'ok' | 'not-here'
}

export async function audit (core: Core, ob: string, verdict: string, reason: string, opts: { as?: string, file?: string, caller?: Caller } = {}): Promise<AuditResult> {
  const v = verdict.toUpperCase()
  if (v !== 'PASS' && v !== 'FAIL') throw new MeshError('AUDIT_INVALID', `the verdict is pass or fail, not ${JSON.stringify(verdict)}`)
  if (typeof reason !== 'string' || reason.trim() === '') throw new MeshError('AUDIT_INVALID', 'an audit gives one sentence saying what was checked (and, failing, what is wrong)')
  const caller = opts.caller ?? NODE_CALLER
  if (caller.via === 'seat' && opts.file !== undefined) throw new MeshError('SEAT_EVIDENCE_FORBIDDEN', 'on the seat socket audit takes no evidence file; put what was checked in the sentence')
  checkFields([['the audit sentence', reason, MAX_NOTE_BYTES], ['the evidence path', opts.file, MAX_EVIDENCE_PATH_BYTES]])
  const id = parseObligation(ob)
  checkObligationAccess(core.store.messages, id, ob, caller)
  const m = requireMessage(core, id, ob)
  const seat = m.auditor
  if (seat === undefined) throw new MeshError('NOT_AUDITOR', `${ob} names no auditor (it was sent without --require AUDITED)`)
  if (opts.as !== undefined && opts.as !== '' && opts.as !== seat) throw new MeshError('NOT_AUDITOR', `${ob} is audited by ${seat}, not by ${opts.as}`)
  if (core.store.identity.actor(seat)?.hosted !== true) throw new MeshError('NOT_AUDITOR', `${ob} is audited by ${seat}, which is not a seat on this node`)
  core.authorizeSeat(seat, caller)
  const held = core.store.receipts.forMessage(m.id)
  const state = deriveState(held)
  if (state === 'AUDITED') throw new MeshError('ALREADY_FINAL', `${ob} is already AUDITED`)
  const judged = openComplete(held, ob)
  if (held.some(r => r.actor === seat && parseSlot(r.state).state === 'AUDITED' && parseSlot(r.state).round === judged.round)) {
    throw new MeshError('AUDIT_DONE', `round ${judged.round} of ${ob} already has ${seat}'s verdict`)
  }
  if (judged.row.actor === seat) throw new MeshError('AUDIT_OWN_WORK', `${seat} signed this COMPLETE: a seat cannot audit its own work`)
  const evidence = recheck(core, judged)
  const file = opts.file === undefined ? undefined : await readEvidence(opts.file, core.ctx.paths)
  const attached: EvidenceData | undefined = file === undefined ? undefined : { path: file.path, sha256: file.sha256, size: file.size }
  const now = Date.now()
  const r = signReceipt(core.seatKey(seat), {
    messageId: m.id, messageHash: m.hash, actor: seat, state: 'AUDITED', atMs: now, note: reason, evidence: attached, from: m.from, header: m.header,
    verdict: v, audited: judged.row.hash, ...(judged.round > 1 ? { round: judged.round } : {})
  })
  // the verdict goes to whoever must hear it and is elsewhere: the sender, and the recipient that signed the COMPLETE
  const dests = [...new Set([m.from, judged.row.actor])].filter(h => core.store.identity.actor(h)?.hosted !== true)
  await core.store.commit.run(() => {
    core.store.receipts.insert({ hash: r.hash, messageId: m.id, state: slotOf(r.data), actor: seat, envelope: r.envelope, atMs: now, receivedAtMs: now })
    if (file !== undefined) core.store.evidence.put({ receiptHash: r.hash, messageId: m.id, origin: 'issued', path: file.path, sha256: file.sha256, size: file.size, content: file.content, storedAtMs: now })
    for (const d of dests) core.store.outbox.enqueue('receipt', r.hash, d, now, { messageId: m.id })
    reopenLocally(core, m.id, judged.row.actor, v, now)
    core.store.messages.setState(m.id, deriveState(core.store.receipts.forMessage(m.id)))
  })
  core.events.emit('receipt', { messageId: m.id, state: 'AUDITED', actor: seat })
  if (dests.length > 0) core.events.emit('outbox:kick')
  return { obligation: obligationId(m.id), state: deriveState(core.store.receipts.forMessage(m.id)), verdict: v, round: judged.round, judged: hex(judged.row.hash), evidence }
}

/**
 * A FAIL verdict on a COMPLETE whose recipient is a seat of this node (arrived here, or signed here): the recipient
 * is owed a wake again, in the commit that stores the verdict. Runs inside the caller's transaction.
 */
function reopenLocally (core: Core, messageId: Uint8Array, recipient: string, verdict: AuditVerdict | undefined, nowMs: number): void {
  if (verdict !== 'FAIL' || core.store.identity.actor(recipient)?.hosted !== true) return
  core.store.carriers.requeue(messageId, recipient, nowMs)
}

interface Judged { row: ReceiptRow, round: number, sha256: Uint8Array, size: number }

/** A verdict that came from elsewhere: reopens the obligation for the seat whose COMPLETE it failed, if hosted here. */
export function reopenOnVerdict (core: Core, messageId: Uint8Array, r: { state: string, verdict?: AuditVerdict, audited?: Uint8Array }, nowMs: number): void {
  if (r.state !== 'AUDITED' || r.verdict !== 'FAIL' || r.audited === undefined) return
  const judged = core.store.receipts.byHash(messageId, r.audited)
  if (judged !== undefined) reopenLocally(core, messageId, judged.actor, r.verdict, nowMs)
}

/** The COMPLETE of the highest round held: the one a verdict is for. */
function openComplete (held: ReceiptRow[], ob: string): Judged {
  let best: Judged | undefined
  for (const row of held) {
    const s = parseSlot(row.state)
    if (s.state !== 'COMPLETE' || (best !== undefined && best.round >= s.round)) continue
    const o = openReceipt(row.envelope)
    if (o.ok && o.receipt.evidence !== undefined) best = { row, round: s.round, sha256: o.receipt.evidence.sha256, size: o.receipt.evidence.size }
  }
  if (best === undefined) throw new MeshError('AUDIT_BEFORE_COMPLETE', `${ob} has no COMPLETE to judge yet; its auditor is woken when the recipient acks`)
  return best
}

/** The auditor's own check of the evidence it was sent: the content held here hashes to what the COMPLETE states. */
function recheck (core: Core, j: Judged): 'ok' | 'not-here' {
  const e = core.store.evidence.get(j.row.hash)
  if (e?.content === undefined) return 'not-here'
  if (e.content.byteLength !== j.size || !bytesEqual(sha256(e.content), j.sha256)) {
    throw new MeshError('EVIDENCE_HASH_MISMATCH', 'the evidence content held here no longer hashes to what the COMPLETE states')
  }
  return 'ok'
}
