// Evidence for COMPLETE: the receipt file `ack` writes when no file is named, the check of content arriving beside a
// receipt, and how each node judges evidence it is shown (its own file, its copy of the content, or the hash alone).
import { join } from 'node:path'
import { hex, refuse, sha256, bytesEqual, type Refusal } from '../../cards/index.js'
import type { ReceiptData } from '../../proto/index.js'
import { writePrivateFile } from '../home/files.js'
import type { EvidenceRow } from '../store/index.js'
import { rehashEvidence } from './evidence-read.js'
import { MAX_EVIDENCE_CONTENT_BYTES } from '../limits/index.js'

/** The receipt file `ack` writes when no --file is given: the sentence and who, what, when. */
export function writeReceiptFile (evidenceDir: string, fields: { obligation: string, from: string, to: string, sentence: string, atMs: number }): string {
  const path = join(evidenceDir, `${fields.obligation}.receipt.md`)
  writePrivateFile(path, [
    `# Receipt for ${fields.obligation}`,
    '',
    fields.sentence,
    '',
    `- obligation: ${fields.obligation}`,
    `- from: ${fields.from}`,
    `- to: ${fields.to}`,
    `- completed at: ${new Date(fields.atMs).toISOString()}`,
    ''
  ].join('\n'), 0o644)
  return path
}

/** Content that came beside a receipt must be that receipt's evidence, byte for byte, and small enough to travel. */
export function checkContent (r: ReceiptData, content: Uint8Array): Refusal | undefined {
  const e = r.evidence
  if ((r.state !== 'COMPLETE' && r.state !== 'AUDITED') || e === undefined) return refuse('EVIDENCE_UNEXPECTED', 'content came beside a receipt that states no evidence')
  if (content.byteLength > MAX_EVIDENCE_CONTENT_BYTES) return refuse('EVIDENCE_TOO_LARGE', `evidence content may have at most ${MAX_EVIDENCE_CONTENT_BYTES} bytes`)
  if (content.byteLength !== e.size || !bytesEqual(sha256(content), e.sha256)) {
    return refuse('EVIDENCE_HASH_MISMATCH', 'the evidence content does not hash to the sha256 and size the receipt states')
  }
  return undefined
}

export type EvidenceCheck = { status: 'ok' | 'changed' | 'missing' | 'not-here', sha256: string }

/**
 * Judges the evidence of one receipt from what this node itself holds: the recipient's node re-hashes the file its
 * own seat acked with; the sender's node re-hashes its copy of the content; any other node (or a sender whose
 * copy was too large to travel) has only the signed hash: not-here. The path in the receipt is never read.
 */
export async function recheckEvidence (e: { sha256: Uint8Array, size: number }, held: EvidenceRow | undefined): Promise<EvidenceCheck> {
  const stated = hex(e.sha256)
  if (held === undefined || !bytesEqual(held.sha256, e.sha256) || held.size !== e.size) return { status: 'not-here', sha256: stated }
  if (held.origin === 'issued') return { status: await rehashEvidence(held.path, stated, held.size), sha256: stated }
  if (held.content === undefined) return { status: 'not-here', sha256: stated }
  return { status: held.content.byteLength === e.size && hex(sha256(held.content)) === stated ? 'ok' : 'changed', sha256: stated }
}
