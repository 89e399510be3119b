// Pure mapping of a mesh obligation onto an A2A 1.0 Task (the JSON of the spec, then the SDK's Task): the state, the
// ack sentence and the evidence as an artifact, the reject reason as the status message, our receipts as metadata.
import { basename, extname } from 'node:path'
import { Task, TaskState } from '@a2a-js/sdk'
import { INLINE_EVIDENCE_BYTES, MESH_EXTENSION_URI } from './constants.js'

export interface ObligationView {
  obligation: string
  from: string
  to: string
  state: string
  sentAt?: string
  thread?: string
  /** The seat whose verdict an audited obligation waits for. */
  auditor?: string
  receipts: Array<{ state: string, actor: string, at: string, verified?: boolean, note?: string, verdict?: string, evidence?: { path: string, sha256: string, size: number, check?: string } }>
}

/** The evidence content this node holds for the obligation's COMPLETE (checked against its sha256 when stored). */
export interface HeldEvidence { sha256: string, content?: Uint8Array }

/** The lattice onto the A2A TaskState enum, spelled as the 1.0 JSON (and @a2a-js/sdk) spell it. */
export const TASK_STATE: Record<string, string> = {
  DELIVERY_PENDING: 'TASK_STATE_SUBMITTED',
  DELIVERED: 'TASK_STATE_SUBMITTED',
  READ: 'TASK_STATE_WORKING',
  CONSUMED: 'TASK_STATE_WORKING',
  COMPLETE: 'TASK_STATE_COMPLETED',
  AUDITED: 'TASK_STATE_COMPLETED', // an audited obligation is completed once its auditor passed the COMPLETE
  REJECTED: 'TASK_STATE_REJECTED',
  CANCELED: 'TASK_STATE_CANCELED',
  EXPIRED: 'TASK_STATE_FAILED', // never delivered in time: the task failed, it was not refused
  FAILED: 'TASK_STATE_FAILED'
}

/** The TaskState a mesh state maps to (UNSPECIFIED for one the bridge does not know). */
export function taskStateOf (meshState: string): TaskState {
  return TaskState[(TASK_STATE[meshState] ?? 'TASK_STATE_UNSPECIFIED') as keyof typeof TaskState]
}

/** The states after which nothing changes: a blocking send and a stream end there. */
export const FINAL_TASK_STATES: ReadonlySet<TaskState> = new Set([TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_REJECTED,
  TaskState.TASK_STATE_CANCELED, TaskState.TASK_STATE_FAILED])

/** Orders task states as the receipts move them: a receipt that maps to an earlier state changes nothing. */
export function taskRank (s: TaskState): number {
  if (FINAL_TASK_STATES.has(s)) return 3
  return s === TaskState.TASK_STATE_WORKING ? 2 : s === TaskState.TASK_STATE_SUBMITTED ? 1 : 0
}

// Media types for the evidence files seats usually ack with; anything else is plain bytes.
const MEDIA_TYPES: Record<string, string> = {
  '.md': 'text/markdown', '.txt': 'text/plain', '.json': 'application/json', '.log': 'text/plain', '.diff': 'text/x-diff',
  '.patch': 'text/x-diff', '.html': 'text/html', '.csv': 'text/csv', '.pdf': 'application/pdf', '.png': 'image/png'
}

function agentText (ob: string, contextId: string, text: string): Record<string, unknown> {
  return { messageId: `${ob}-status`, role: 'ROLE_AGENT', taskId: ob, contextId, parts: [{ text }] }
}

/** The COMPLETE receipt's artifact: the ack sentence, then the evidence (content inline when small and held here). */
function completion (v: ObligationView, held: HeldEvidence | undefined): Record<string, unknown> | undefined {
  const done = v.receipts.filter(r => r.state === 'COMPLETE' && r.verified !== false).at(-1) // the newest round's
  if (done === undefined) return undefined
  const parts: Array<Record<string, unknown>> = [{ text: done.note ?? '' }]
  const e = done.evidence
  if (e !== undefined) {
    const name = basename(e.path)
    const mediaType = MEDIA_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream'
    const meta = { sha256: e.sha256, size: e.size, check: e.check }
    const content = held?.sha256 === e.sha256 && held.content !== undefined && held.content.byteLength <= INLINE_EVIDENCE_BYTES ? held.content : undefined
    parts.push(content !== undefined
      ? { raw: Buffer.from(content).toString('base64'), filename: name, mediaType, metadata: meta }
      : { data: { name, mediaType, ...meta, inline: false }, mediaType: 'application/json' })
  }
  return { artifactId: `${v.obligation}-complete`, name: 'receipt', description: 'the ack sentence and its evidence', parts }
}

/** The auditor's passing verdict as an artifact: who checked, what they said, and any evidence of their own. */
function verdictArtifact (v: ObligationView): Record<string, unknown> | undefined {
  const pass = v.receipts.filter(r => r.state === 'AUDITED' && r.verdict === 'PASS' && r.verified !== false).at(-1)
  if (pass === undefined) return undefined
  const parts: Array<Record<string, unknown>> = [{ text: pass.note ?? '' }, { data: { auditor: pass.actor, verdict: 'PASS', at: pass.at, ...(pass.evidence === undefined ? {} : { evidence: pass.evidence }) }, mediaType: 'application/json' }]
  return { artifactId: `${v.obligation}-audited`, name: 'audit', description: 'the auditor\'s verdict on the COMPLETE', parts }
}

/** The task as A2A 1.0 JSON. */
export function taskJson (v: ObligationView, held?: HeldEvidence): Record<string, unknown> {
  const last = v.receipts.at(-1)
  const contextId = v.thread ?? v.obligation
  const refusal = v.state === 'REJECTED' || v.state === 'CANCELED' ? v.receipts.find(r => r.state === v.state)?.note : undefined
  // a COMPLETE that waits for its auditor is still work in progress for the task's client
  const waiting = v.auditor !== undefined && v.state === 'COMPLETE'
  const status: Record<string, unknown> = { state: waiting ? 'TASK_STATE_WORKING' : TASK_STATE[v.state] ?? 'TASK_STATE_UNSPECIFIED' }
  if (refusal !== undefined && refusal !== '') status.message = agentText(v.obligation, contextId, refusal)
  if (waiting) status.message = agentText(v.obligation, contextId, `COMPLETE, waiting for the verdict of its auditor ${v.auditor ?? ''}`)
  const timestamp = last?.at ?? v.sentAt
  if (timestamp !== undefined) status.timestamp = timestamp
  const done = (v.state === 'COMPLETE' && !waiting) || v.state === 'AUDITED'
  const artifacts = done ? [completion(v, held), v.state === 'AUDITED' ? verdictArtifact(v) : undefined].filter(a => a !== undefined) : []
  return {
    id: v.obligation,
    contextId,
    status,
    ...(artifacts.length === 0 ? {} : { artifacts }),
    metadata: { [MESH_EXTENSION_URI]: { state: v.state, from: v.from, to: v.to, receipts: v.receipts } }
  }
}

/** The task as the SDK's Task. */
export function taskOf (v: ObligationView, held?: HeldEvidence): Task {
  return Task.fromJSON(taskJson(v, held))
}
