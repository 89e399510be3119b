// A keyed send repeated: the obligation the key names, as it stands now, built from its rows; no agent is contacted.
import { readFileSync } from 'node:fs'
import { MeshError } from '../../cards/index.js'
import type { Core } from '../core.js'
import { obligationId } from '../messaging/ids.js'
import { isTerminal } from './answer.js'
import type { A2AResult } from './send.js'
import { a2aStatus } from './view.js'

/** The artifacts kept with a COMPLETE obligation's evidence, as the agent sent them; none when the file is gone. */
function keptArtifacts (path: string | undefined): unknown[] {
  if (path === undefined) return []
  try {
    const kept = JSON.parse(readFileSync(path, 'utf8')) as { artifacts?: unknown }
    return Array.isArray(kept.artifacts) ? kept.artifacts : []
  } catch {
    return []
  }
}

/** The agent's reason, from the REJECTED witness note (`URL task ID STATE; card key K: reason`, see record.ts). */
function reasonIn (note: string, keyThumbprint: string | undefined): string {
  const key = `; ${keyThumbprint === undefined ? 'unsigned card' : `card key ${keyThumbprint}`}: `
  const at = note.indexOf(key)
  return at < 0 ? note : note.slice(at + key.length)
}

export async function replayOf (core: Core, messageId: Uint8Array, key: string): Promise<A2AResult> {
  const row = core.store.a2aClient.obligation(messageId)
  if (row === undefined) throw new MeshError('IDEMPOTENCY_KEY_REUSED', `idempotency key ${JSON.stringify(key)} names ${obligationId(messageId)}, which is no obligation sent to an A2A agent; use a new key`)
  const s = await a2aStatus(core, row)
  const complete = s.receipts.find(r => r.state === 'COMPLETE')
  const rejected = s.receipts.find(r => r.state === 'REJECTED')
  const e = complete?.evidence
  return {
    obligation: s.obligation,
    state: s.state,
    final: isTerminal(row.taskState),
    taskId: row.taskId,
    taskState: row.taskState,
    url: row.url,
    card: { name: row.cardName, keyThumbprint: row.keyThumbprint, pinned: row.keyThumbprint === undefined ? 'none' : 'same' },
    artifacts: keptArtifacts(e?.path),
    ...(e === undefined ? {} : { evidence: { path: e.path, sha256: e.sha256, size: e.size } }),
    ...(rejected === undefined ? {} : { reason: rejected.note === undefined ? row.taskState ?? 'REJECTED' : reasonIn(rejected.note, row.keyThumbprint) }),
    replayed: true
  }
}
