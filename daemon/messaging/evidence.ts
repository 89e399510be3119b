// Evidence for COMPLETE: a file that exists, hashed at the moment of the ack; small files also travel inline.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { MeshError, hex, sha256 } from '../../cards/index.js'
import type { EvidenceData } from '../../proto/index.js'
import { writePrivateFile } from '../home/files.js'
import { MAX_INLINE_EVIDENCE_BYTES } from './limits.js'

export const MAX_EVIDENCE_BYTES = 256 << 20 // files are hashed in memory; larger evidence belongs in an artifact store

export function hashEvidence (path: string): EvidenceData {
  const abs = resolve(path)
  if (!existsSync(abs) || !statSync(abs).isFile()) throw new MeshError('EVIDENCE_MISSING', `evidence file ${abs} does not exist; COMPLETE needs a file`)
  const size = statSync(abs).size
  if (size > MAX_EVIDENCE_BYTES) throw new MeshError('EVIDENCE_TOO_LARGE', `evidence file ${abs} has ${size} bytes; the limit is ${MAX_EVIDENCE_BYTES}`)
  const content = new Uint8Array(readFileSync(abs))
  return { path: abs, sha256: sha256(content), size: content.byteLength, inline: content.byteLength <= MAX_INLINE_EVIDENCE_BYTES ? content : undefined }
}

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

export type EvidenceCheck = { status: 'ok' | 'changed' | 'missing' | 'not-here', sha256: string }

/** Re-hashes evidence: the file itself on the recipient's node, else the inline copy that travelled. */
export function recheckEvidence (e: EvidenceData, onRecipientNode: boolean): EvidenceCheck {
  const stated = hex(e.sha256)
  if (onRecipientNode) {
    if (!existsSync(e.path)) return { status: 'missing', sha256: stated }
    try {
      return { status: hex(sha256(new Uint8Array(readFileSync(e.path)))) === stated ? 'ok' : 'changed', sha256: stated }
    } catch {
      return { status: 'missing', sha256: stated }
    }
  }
  if (e.inline !== undefined) return { status: hex(sha256(e.inline)) === stated ? 'ok' : 'changed', sha256: stated }
  return { status: 'not-here', sha256: stated }
}
