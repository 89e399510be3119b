// The journey of one obligation, step by step — created, sent, DELIVERED, woken, READ, CONSUMED, COMPLETE, or the
// recipient's REJECTED or the sender's CANCELED — each with when, on which node, who signed it and whether that
// signature verifies here; evidence as this node judged it (status re-hashes what it holds; no path a receipt
// names is read here). It answers "is it really done?" from
// facts held on this node, never from memory.
import { bytesEqual, keyText, sha256, verifyEnvelope } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { ObligationView, ReceiptView } from '../messaging/index.js'
import { parseObligation } from '../messaging/ids.js'
import type { ObligationWake } from '../wake/index.js'

export type StepName = 'created' | 'sent' | 'DELIVERED' | 'woken' | 'READ' | 'CONSUMED' | 'COMPLETE' | 'AUDITED' | 'REJECTED' | 'CANCELED'
export type EvidenceVerdict = 'evidence ok' | 'evidence CHANGED' | 'evidence MISSING' | 'evidence not on this node'

export interface JourneyStep {
  step: StepName
  /** done: the fact is held; pending: not yet; unknown: this node cannot see it (e.g. a wake on another node). */
  status: 'done' | 'pending' | 'unknown'
  at?: string
  node?: string
  signer?: string
  /** true/false: the signature checked here; undefined: the step is not signed (sent, woken) or not held. */
  verified?: boolean
  detail?: string
  evidence?: EvidenceVerdict
}

export interface Journey {
  steps: JourneyStep[]
  /** COMPLETE (AUDITED, when an auditor is named), every receipt verified and the evidence not found changed or missing. */
  done: boolean
  verdict: string
}

const RECEIPT_STEPS = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'] as const

export function journey (core: Core, view: ObligationView, wake: ObligationWake | undefined): Journey {
  const id = parseObligation(view.obligation)
  const m = core.store.messages.message(id)
  const recipientNode = m?.localTo === true ? core.peerId : core.directory.get(view.to)?.peerId
  const steps: JourneyStep[] = [created(core, m, view), sent(core, m, view, recipientNode)]
  const byState = new Map(view.receipts.map(r => [r.state, r]))
  // role work: several seats may have signed a step (each node's DELIVERED, a READ before a lease ran out); the
  // latest is shown, naming the seat and its node
  const role = view.to.startsWith('role:')
  const nodeOf = (r: ReceiptView | undefined): string | undefined => role && r !== undefined ? (r.actor === '' ? undefined : core.directory.get(r.actor)?.peerId) : recipientNode
  for (const state of RECEIPT_STEPS) {
    if (state === 'COMPLETE' && view.auditor !== undefined) {
      steps.push(...auditSteps(core, view, view.auditor, nodeOf, role))
      continue
    }
    const r = byState.get(state)
    steps.push(receiptStep(state, r, nodeOf(r), role))
    if (state === 'DELIVERED') steps.push(woken(core, m?.localTo === true, wake, recipientNode))
  }
  const rejected = byState.get('REJECTED')
  if (rejected !== undefined) steps.push(receiptStep('REJECTED', rejected, nodeOf(rejected), role))
  // the sender's withdrawal, signed on the sender's node
  const canceled = byState.get('CANCELED')
  if (canceled !== undefined) steps.push(receiptStep('CANCELED', canceled, m?.localFrom === true ? core.peerId : core.directory.get(view.from)?.peerId))
  return { steps: view.archived === undefined ? steps : steps.map(archivedStep), ...verdict(view, steps) }
}

/**
 * An audited obligation's rounds: each COMPLETE followed by its auditor's verdict (signed on the auditor's node), and
 * while the newest COMPLETE has none, the verdict it waits for.
 */
function auditSteps (core: Core, view: ObligationView, auditor: string, nodeOf: (r: ReceiptView | undefined) => string | undefined, role: boolean): JourneyStep[] {
  const auditorNode = core.directory.get(auditor)?.peerId
  const completes = view.receipts.filter(r => r.state === 'COMPLETE')
  const verdicts = view.receipts.filter(r => r.state === 'AUDITED')
  if (completes.length === 0) return [receiptStep('COMPLETE', undefined, undefined), { step: 'AUDITED', status: 'pending', node: auditorNode, detail: `by ${auditor}, once COMPLETE` }]
  const out: JourneyStep[] = []
  for (const c of completes) {
    const round = c.round ?? 1
    out.push(receiptStep('COMPLETE', c, nodeOf(c), role))
    if (round > 1) out[out.length - 1].detail = `round ${round}: ${out[out.length - 1].detail ?? ''}`
    const v = verdicts.filter(x => (x.round ?? 1) === round)
    if (v.length === 0) out.push({ step: 'AUDITED', status: 'pending', node: auditorNode, detail: `waiting for the verdict of ${auditor}` })
    for (const x of v) {
      const step = receiptStep('AUDITED', x, auditorNode, true)
      step.detail = `${x.verdict ?? '?'} ${step.detail ?? ''}${x.verdict === 'FAIL' ? ` (reopened for ${c.actor})` : ''}`
      out.push(step)
    }
  }
  return out
}

/** Archived: the steps before the final receipt are no longer held here, which is not the same as never taken. */
function archivedStep (s: JourneyStep): JourneyStep {
  if (s.status === 'done') return s
  return { step: s.step, status: 'unknown', detail: 'archived: only the final receipt is kept on this node' }
}

function created (core: Core, m: ReturnType<Core['store']['messages']['message']>, view: ObligationView): JourneyStep {
  if (m === undefined) return { step: 'created', status: 'unknown', detail: 'the message itself is not held on this node; its receipts are' }
  const env = envelopeFromWire(m.envelope)
  const sig = verifyEnvelope(env, PAYLOAD_TYPES.message)
  const intact = bytesEqual(sha256(m.envelope), m.hash)
  const node = m.localFrom ? core.peerId : core.directory.get(view.from)?.peerId
  return {
    step: 'created',
    status: 'done',
    at: new Date(m.sentAtMs).toISOString(),
    node,
    signer: keyText(env.signer),
    verified: sig.ok && intact,
    detail: `signed by ${view.from} for ${view.to}${sig.ok ? '' : `; signature: ${sig.reason}`}${intact ? '' : '; stored bytes do not match their hash'}`
  }
}

function sent (core: Core, m: ReturnType<Core['store']['messages']['message']>, view: ObligationView, recipientNode: string | undefined): JourneyStep {
  if (m === undefined) return { step: 'sent', status: 'unknown' }
  if (!m.localFrom) {
    return { step: 'sent', status: 'done', at: new Date(m.storedAtMs).toISOString(), node: recipientNode, detail: 'arrived here and was stored durably' }
  }
  const d = view.delivery
  const delivered = view.receipts.some(r => r.state === 'DELIVERED' && r.verified)
  if (d === undefined) {
    return { step: 'sent', status: delivered ? 'done' : 'unknown', at: new Date(m.storedAtMs).toISOString(), node: core.peerId, detail: delivered ? 'left the outbox when DELIVERED came back' : 'not in the outbox' }
  }
  const tries = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}${d.lastError !== undefined ? `, last error ${d.lastError}` : ''}`
  const held = d.heldAt === undefined ? '' : `; held at mailbox ${d.heldAt.mailbox} since ${d.heldAt.since}`
  return { step: 'sent', status: d.status === 'pending' ? 'pending' : 'done', at: new Date(m.storedAtMs).toISOString(), node: core.peerId, detail: `outbox ${d.status}, ${tries}${held}` }
}

function woken (core: Core, onRecipientNode: boolean, w: ObligationWake | undefined, node: string | undefined): JourneyStep {
  if (!onRecipientNode) return { step: 'woken', status: 'unknown', node, detail: 'wakes are recorded on the recipient\'s node' }
  if (w === undefined) return { step: 'woken', status: 'pending', node: core.peerId, detail: 'no wake queued' }
  const last = w.last === undefined ? '' : `; last attempt ${w.last.result}${w.last.code !== undefined ? ` ${w.last.code}` : ''}`
  return { step: 'woken', status: w.state === 'woken' ? 'done' : 'pending', at: w.wokenAt ?? w.queuedAt, node: core.peerId, detail: `${w.attempts} attempt${w.attempts === 1 ? '' : 's'}${last}` }
}

function receiptStep (state: StepName, r: ReceiptView | undefined, node: string | undefined, bySeat = false): JourneyStep {
  if (r === undefined) return { step: state, status: 'pending' }
  const step: JourneyStep = { step: state, status: 'done', at: r.at, node, signer: r.signer, verified: r.verified }
  const said = r.verified ? r.note : r.reason
  step.detail = bySeat ? [`by ${r.actor}`, said].filter(x => x !== undefined && x !== '').join(': ') : said
  if (r.evidence !== undefined) step.evidence = evidenceVerdict(r.evidence)
  return step
}

const VERDICTS: Record<NonNullable<ReceiptView['evidence']>['check'], EvidenceVerdict> = {
  ok: 'evidence ok',
  changed: 'evidence CHANGED',
  missing: 'evidence MISSING',
  'not-here': 'evidence not on this node'
}

/** The check status made of what this node holds: its own file, the sender's copy, or nothing but the hash. */
function evidenceVerdict (e: NonNullable<ReceiptView['evidence']>): EvidenceVerdict {
  return VERDICTS[e.check]
}

function verdict (view: ObligationView, steps: JourneyStep[]): { done: boolean, verdict: string } {
  const bad = steps.filter(s => s.verified === false).map(s => s.step)
  const evidence = steps.filter(s => s.step === 'COMPLETE' && s.evidence !== undefined).at(-1)?.evidence ?? steps.find(s => s.evidence !== undefined)?.evidence
  if (bad.length > 0) return { done: false, verdict: `NOT VERIFIED: ${bad.join(', ')} fail verification here` }
  if (view.state === 'REJECTED') return { done: false, verdict: 'REJECTED by the recipient' }
  if (view.state === 'CANCELED') return { done: false, verdict: 'CANCELED by the sender' }
  if (view.auditor !== undefined) {
    // audited: done only once the auditor passed the COMPLETE
    if (view.state === 'COMPLETE') return { done: false, verdict: `COMPLETE, waiting for the verdict of its auditor ${view.auditor}` }
    if (view.state !== 'AUDITED') return { done: false, verdict: `not done yet: ${view.state}${steps.some(s => s.step === 'AUDITED' && s.detail?.startsWith('FAIL') === true) ? ', reopened by a FAIL verdict' : ''}` }
    if (evidence === 'evidence CHANGED' || evidence === 'evidence MISSING') return { done: false, verdict: `AUDITED is signed, but ${evidence}` }
    return { done: true, verdict: `AUDITED: ${view.auditor} passed the COMPLETE, every receipt verified, ${evidence ?? 'no evidence'}` }
  }
  if (view.state !== 'COMPLETE') return { done: false, verdict: `not done yet: ${view.state}` }
  if (evidence === 'evidence CHANGED' || evidence === 'evidence MISSING') return { done: false, verdict: `COMPLETE is signed, but ${evidence}` }
  return { done: true, verdict: `COMPLETE, every receipt verified, ${evidence ?? 'no evidence'}` }
}
