// Recording an agent's answer: receipts the sending seat signs as a witness (code A2A_WITNESS; the remote agent
// cannot sign ours), the artifacts of a completed task kept in the home's evidence folder with their sha256, and
// the obligation's state, all in one durable commit; then the `receipt` event for each one stored.
import { join } from 'node:path'
import { sha256 } from '../../cards/index.js'
import type { EvidenceData, ReceiptState } from '../../proto/index.js'
import type { Core } from '../core.js'
import { obligationId } from '../messaging/ids.js'
import { writePrivateFile } from '../home/files.js'
import { deriveState, signReceipt } from '../receipts/index.js'
import type { A2AObligationRow } from '../store/index.js'
import { MAX_EVIDENCE_CONTENT_BYTES, MAX_NOTE_BYTES } from '../limits/index.js'
import { WITNESS_CODE } from './constants.js'
import { receiptStates, type Answer } from './answer.js'

/** The witness note: what the agent said, where, and under which card key; cut to fit a receipt. */
function noteFor (row: A2AObligationRow, a: Answer, state: ReceiptState): string {
  const task = a.taskId === undefined ? 'answered with a message' : `task ${a.taskId} ${a.taskState}`
  const key = row.keyThumbprint === undefined ? 'unsigned card' : `card key ${row.keyThumbprint}`
  const why = state === 'REJECTED' ? `: ${a.reason ?? a.taskState}` : ''
  const note = `${row.url} ${task}; ${key}${why}`
  return Buffer.byteLength(note) <= MAX_NOTE_BYTES ? note : Buffer.from(note).subarray(0, MAX_NOTE_BYTES - 3).toString('utf8').replace(/\uFFFD$/, '') + '...'
}

/** The artifacts file: the agent's artifacts as JSON, as they came. */
function writeArtifacts (core: Core, row: A2AObligationRow, a: Answer): { path: string, bytes: Uint8Array } {
  const path = join(core.ctx.paths.evidence, `${obligationId(row.messageId)}.a2a-artifacts.json`)
  const text = `${JSON.stringify({ url: row.url, taskId: a.taskId, artifacts: a.artifacts }, null, 2)}\n`
  writePrivateFile(path, text, 0o644)
  return { path, bytes: Buffer.from(text) }
}

export interface Recorded { state: string, issued: ReceiptState[], evidence?: { path: string, sha256: string, size: number } }

/** Signs and stores the receipts this answer stands for that are not held yet; a final obligation takes none. */
export async function recordAnswer (core: Core, row: A2AObligationRow, a: Answer): Promise<Recorded> {
  const store = core.store.a2aClient
  const id = row.messageId
  const held = new Set(store.receipts(id).map(r => r.state))
  const final = held.has('COMPLETE') || held.has('REJECTED')
  const wanted = final ? [] : receiptStates(a).filter(s => !held.has(s))
  const key = core.seatKey(row.from)
  const now = Date.now()
  const file = wanted.includes('COMPLETE') ? writeArtifacts(core, row, a) : undefined
  const evidenceOf = (s: ReceiptState): EvidenceData | undefined => s === 'COMPLETE' && file !== undefined ? { path: file.path, sha256: sha256(file.bytes), size: file.bytes.byteLength } : undefined
  const signed = wanted.map(s => signReceipt(key, {
    messageId: id, messageHash: row.hash, actor: row.recipient, state: s, atMs: now, note: noteFor(row, a, s), evidence: evidenceOf(s),
    code: WITNESS_CODE, from: row.from, header: row.header
  }))
  let state = row.state
  const stored: ReceiptState[] = []
  await core.store.commit.run(() => {
    for (const r of signed) {
      if (store.insertReceipt({ hash: r.hash, messageId: id, state: r.data.state, envelope: r.envelope, atMs: now })) stored.push(r.data.state)
      const e = r.data.evidence
      if (e !== undefined && file !== undefined) {
        core.store.evidence.put({ receiptHash: r.hash, messageId: id, origin: 'issued', path: file.path, sha256: e.sha256, size: e.size, content: e.size <= MAX_EVIDENCE_CONTENT_BYTES ? file.bytes : undefined, storedAtMs: now })
      }
    }
    state = deriveState(store.receipts(id))
    store.setTask(id, { taskId: a.taskId, contextId: a.contextId, taskState: a.taskState, state, atMs: now })
  })
  // watch and the MCP server's notices hear of them as of any receipt (after the commit: what they look up is there)
  for (const st of stored) core.events.emit('receipt', { messageId: id, state: st, actor: row.recipient })
  const e = signed.find(r => r.data.evidence !== undefined)?.data.evidence
  return { state, issued: signed.map(r => r.data.state), ...(e === undefined ? {} : { evidence: { path: e.path, sha256: Buffer.from(e.sha256).toString('hex'), size: e.size } }) }
}
