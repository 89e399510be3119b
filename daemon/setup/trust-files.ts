// The files that carry trust between homes by hand: admission requests and endorsements (JSON around signed bytes).
import { readFileSync } from 'node:fs'
import { MeshError, b64url, fromB64url, keyText, verifyAdmissionRequest, verifyEndorsement } from '../../cards/index.js'
import type { AdmissionRequestData, EndorsementData } from '../../proto/index.js'

const REQUEST_KIND = 'aios-comm/admission-request'
const ENDORSEMENT_KIND = 'aios-comm/endorsement'

export function requestFileText (bytes: Uint8Array, r: AdmissionRequestData): string {
  return JSON.stringify({ kind: REQUEST_KIND, handle: r.handle, actorKey: keyText(r.actorKey), meshKey: keyText(r.meshKey), envelope: b64url(bytes) }, null, 2) + '\n'
}

export function endorsementFileText (bytes: Uint8Array, e: EndorsementData): string {
  return JSON.stringify({
    kind: ENDORSEMENT_KIND,
    handle: e.handle,
    actorKey: keyText(e.actorKey),
    meshKey: keyText(e.meshKey),
    expiresAt: new Date(e.expiresAtMs).toISOString(),
    envelope: b64url(bytes)
  }, null, 2) + '\n'
}

function readSignedFile (path: string, kind: string, code: 'REQUEST_MALFORMED' | 'ENDORSEMENT_MALFORMED'): Uint8Array {
  let doc: Record<string, unknown>
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'))
  } catch (err) {
    throw new MeshError(code, `${path} is not a readable JSON file`, { cause: err })
  }
  const bytes = typeof doc?.envelope === 'string' ? fromB64url(doc.envelope) : undefined
  if (doc?.kind !== kind || bytes === undefined) throw new MeshError(code, `${path} is not an ${kind} file`)
  return bytes
}

export function readRequestFile (path: string): { bytes: Uint8Array, request: AdmissionRequestData } {
  const bytes = readSignedFile(path, REQUEST_KIND, 'REQUEST_MALFORMED')
  const v = verifyAdmissionRequest(bytes)
  if (!v.ok) throw new MeshError(v.code, `${path}: ${v.reason}`)
  return { bytes, request: v.value }
}

export function readEndorsementFile (path: string): { bytes: Uint8Array, endorsement: EndorsementData } {
  const bytes = readSignedFile(path, ENDORSEMENT_KIND, 'ENDORSEMENT_MALFORMED')
  const v = verifyEndorsement(bytes)
  if (!v.ok) throw new MeshError(v.code, `${path}: ${v.reason}`)
  return { bytes, endorsement: v.value }
}
