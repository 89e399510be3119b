// What status and outbox show of an A2A obligation: its message and witness receipts checked here (signed by the
// sending seat, bound to the message and its header, code A2A_WITNESS), its journey, and the remote task.
import { bytesEqual, hex, keyText, sha256, verifyEnvelope } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { ObligationView, OutboxItem, ReceiptView } from '../messaging/index.js'
import { recheckEvidence } from '../messaging/evidence.js'
import { obligationId } from '../messaging/ids.js'
import type { JourneyStep } from '../observe/index.js'
import { checkReceipt, deriveState } from '../receipts/index.js'
import type { A2AObligationRow, A2AReceiptRow } from '../store/index.js'
import { WITNESS_CODE } from './constants.js'

export interface A2AInfo {
  url: string
  cardName: string
  /** undefined: the card was unsigned and sent to with --allow-unsigned. */
  keyThumbprint?: string
  taskId?: string
  contextId?: string
  taskState?: string
  lastError?: string
}

/** What `status` answers for an A2A obligation: the shape of every obligation's status, and the remote side. */
export interface A2AStatus extends ObligationView {
  journey: JourneyStep[]
  done: boolean
  verdict: string
  a2a: A2AInfo
}

export function infoOf (row: A2AObligationRow): A2AInfo {
  return { url: row.url, cardName: row.cardName, keyThumbprint: row.keyThumbprint, taskId: row.taskId, contextId: row.contextId, taskState: row.taskState, lastError: row.lastError }
}

async function receiptView (core: Core, row: A2AObligationRow, r: A2AReceiptRow, seatKey: Uint8Array): Promise<ReceiptView> {
  const c = checkReceipt(r.envelope, { id: row.messageId, hash: row.hash, to: row.recipient, from: row.from }, seatKey)
  const witness = c.ok && c.receipt.code === WITNESS_CODE
  const view: ReceiptView = { state: r.state, actor: row.recipient, at: new Date(r.atMs).toISOString(), verified: witness, signer: keyText(seatKey) }
  if (!c.ok) view.reason = `${c.code}: ${c.reason}`
  else if (!witness) view.reason = `the receipt's code is ${c.receipt.code ?? 'none'}, not ${WITNESS_CODE}`
  if (c.ok) {
    view.note = c.receipt.note
    const e = c.receipt.evidence
    if (e !== undefined) {
      const check = await recheckEvidence(e, core.store.evidence.get(r.hash))
      view.evidence = { path: e.path, sha256: hex(e.sha256), size: e.size, check: check.status }
    }
  }
  return view
}

const EVIDENCE = { ok: 'evidence ok', changed: 'evidence CHANGED', missing: 'evidence MISSING', 'not-here': 'evidence not on this node' } as const

export async function a2aStatus (core: Core, row: A2AObligationRow): Promise<A2AStatus> {
  const env = envelopeFromWire(row.envelope)
  const signed = verifyEnvelope(env, PAYLOAD_TYPES.message).ok && bytesEqual(sha256(row.envelope), row.hash)
  const rows = core.store.a2aClient.receipts(row.messageId)
  const receipts = await Promise.all(rows.map(async r => await receiptView(core, row, r, env.signer)))
  const state = deriveState(rows.filter((_, i) => receipts[i].verified))
  const task = row.taskId === undefined ? 'no task named yet' : `task ${row.taskId} ${row.taskState ?? ''}`
  const journey: JourneyStep[] = [
    { step: 'created', status: 'done', at: new Date(row.sentAtMs).toISOString(), node: core.peerId, signer: keyText(env.signer), verified: signed, detail: `signed by ${row.from} for ${row.recipient} at ${row.url}` },
    { step: 'sent', status: rows.length > 0 ? 'done' : 'pending', at: new Date(row.sentAtMs).toISOString(), node: core.peerId, detail: `A2A SendMessage to ${row.url}; ${task}${row.lastError === undefined ? '' : `; ${row.lastError}`}` }
  ]
  for (const v of receipts) {
    journey.push({ step: v.state as JourneyStep['step'], status: 'done', at: v.at, signer: v.signer, verified: v.verified, detail: v.verified ? `witness: ${v.note ?? ''}` : v.reason, evidence: v.evidence === undefined ? undefined : EVIDENCE[v.evidence.check] })
  }
  const bad = journey.filter(s => s.verified === false).map(s => s.step)
  const evidence = journey.find(s => s.evidence !== undefined)?.evidence
  const done = bad.length === 0 && state === 'COMPLETE' && (evidence === 'evidence ok' || evidence === 'evidence not on this node')
  const verdict = bad.length > 0 ? `NOT VERIFIED: ${bad.join(', ')} fail verification here`
    : state === 'REJECTED' ? `REJECTED by the A2A agent at ${row.url}`
      : state !== 'COMPLETE' ? `not done yet: ${state}${row.taskId === undefined ? '' : ` (aios-comm a2a get ${obligationId(row.messageId)} asks the agent)`}`
        : done ? `COMPLETE as witnessed by ${row.from}, every receipt verified, ${evidence ?? 'no evidence'}` : `COMPLETE is signed, but ${evidence ?? 'no evidence'}`
  return {
    obligation: obligationId(row.messageId), from: row.from, to: row.recipient, state, sentAt: new Date(row.sentAtMs).toISOString(),
    receipts, journey, done, verdict, a2a: infoOf(row)
  }
}

/** Outbox rows for A2A obligations: kind a2a, to `a2a:<name> <url>`, status the obligation's state. */
export function a2aOutbox (core: Core, all: boolean): OutboxItem[] {
  return core.store.a2aClient.list(all).map(o => ({
    kind: 'a2a',
    obligation: obligationId(o.messageId),
    dest: `${o.recipient} ${o.url}`,
    status: o.taskState === undefined ? o.state : `${o.state} (${o.taskState})`,
    attempts: 1,
    nextAttemptAt: new Date(o.updatedAtMs).toISOString(),
    lastError: o.lastError,
    createdAt: new Date(o.sentAtMs).toISOString()
  }))
}
