// Mesh trust facts signed by keys: endorsements and revocations (by the mesh owner key) and admission
// requests (by the actor key that asks, as proof of possession). Each verifier returns facts, not exceptions.
import {
  PAYLOAD_TYPES, admissionFromWire, admissionToWire, endorsementFromWire, endorsementToWire, envelopeFromWire,
  envelopeToWire, revocationFromWire, revocationToWire,
  type AdmissionRequestData, type EndorsementData, type RevocationData
} from '../proto/index.js'
import { bytesEqual } from './encoding.js'
import { signEnvelope, verifyEnvelope } from './envelope.js'
import { refuse, type Refusal } from './errors.js'
import { isValidHandle } from './handle.js'
import type { KeyPair } from './keys.js'

export const DEFAULT_ENDORSEMENT_DAYS = 365
const DAY_MS = 86_400_000

export type Verified<T> = { ok: true, value: T, bytes: Uint8Array } | Refusal

/** `validForMs`, when given, overrides `days` (a validity shorter than a day, for rehearsing expiry). */
export function signEndorsement (mesh: KeyPair, handle: string, actorKey: Uint8Array, nowMs: number, days = DEFAULT_ENDORSEMENT_DAYS, validForMs = days * DAY_MS): Uint8Array {
  const data: EndorsementData = { meshKey: mesh.publicKey, handle, actorKey, issuedAtMs: nowMs, expiresAtMs: nowMs + Math.round(validForMs) }
  return envelopeToWire(signEnvelope(mesh, PAYLOAD_TYPES.endorsement, endorsementToWire(data)))
}

export function signRevocation (mesh: KeyPair, actorKey: Uint8Array, nowMs: number, handle?: string, reason?: string): Uint8Array {
  const data: RevocationData = { meshKey: mesh.publicKey, actorKey, handle, atMs: nowMs, reason }
  return envelopeToWire(signEnvelope(mesh, PAYLOAD_TYPES.revocation, revocationToWire(data)))
}

export function signAdmissionRequest (actor: KeyPair, meshKey: Uint8Array, handle: string, nowMs: number): Uint8Array {
  const data: AdmissionRequestData = { meshKey, handle, actorKey: actor.publicKey, createdAtMs: nowMs }
  return envelopeToWire(signEnvelope(actor, PAYLOAD_TYPES.admission, admissionToWire(data)))
}

/** Verifies the envelope and decodes its payload; `signerOf` names the key that must have signed it. */
function verifySigned<T> (bytes: Uint8Array, type: string, what: 'ENDORSEMENT' | 'REVOCATION' | 'REQUEST', decode: (b: Uint8Array) => T, signerOf: (v: T) => Uint8Array): Verified<T> {
  let value: T
  let check
  try {
    const env = envelopeFromWire(bytes)
    check = verifyEnvelope(env, type)
    if (!check.ok) return refuse(`${what}_BAD_SIGNATURE`, `${what.toLowerCase()}: ${check.reason}`)
    value = decode(env.payload)
    if (!bytesEqual(signerOf(value), env.signer)) return refuse(`${what}_BAD_SIGNATURE`, `${what.toLowerCase()} is signed by another key than the one it names`)
  } catch {
    return refuse(`${what}_MALFORMED`, `${what.toLowerCase()} does not decode`)
  }
  return { ok: true, value, bytes }
}

export function verifyEndorsement (bytes: Uint8Array): Verified<EndorsementData> {
  const v = verifySigned(bytes, PAYLOAD_TYPES.endorsement, 'ENDORSEMENT', endorsementFromWire, e => e.meshKey)
  if (v.ok && !isValidHandle(v.value.handle)) return refuse('ENDORSEMENT_MALFORMED', 'endorsement names an invalid handle')
  return v
}

export function verifyRevocation (bytes: Uint8Array): Verified<RevocationData> {
  return verifySigned(bytes, PAYLOAD_TYPES.revocation, 'REVOCATION', revocationFromWire, r => r.meshKey)
}

export function verifyAdmissionRequest (bytes: Uint8Array): Verified<AdmissionRequestData> {
  const v = verifySigned(bytes, PAYLOAD_TYPES.admission, 'REQUEST', admissionFromWire, a => a.actorKey)
  if (v.ok && !isValidHandle(v.value.handle)) return refuse('REQUEST_MALFORMED', 'admission request names an invalid handle')
  return v
}
