// The card acceptance rules of a mesh: endorsed by a trusted mesh, not revoked by that mesh, not expired, newer
// than the card held, and no second key for one handle. Pure: the caller passes what it holds.
import { bytesEqual } from './encoding.js'
import { refuse, type Refusal } from './errors.js'
import { keyText } from './keys.js'
import { verifyEndorsement } from './trust-facts.js'
import { jcs } from './jcs.js'
import type { VerifiedCard } from './card-verify.js'
import type { EndorsementData } from '../proto/index.js'

export interface HeldCard {
  actorKey: Uint8Array
  seq: number
  json: string
  /** The mesh whose endorsement the held card carries (text form): only its revocation frees the handle. */
  meshKey: string
}

/** Revocations held: actor key (text form) → the meshes (text form) that revoked it. */
export type Revocations = ReadonlyMap<string, ReadonlySet<string>>

export interface TrustContext {
  /** Mesh owner keys this home trusts (text form). */
  trustedMeshes: ReadonlySet<string>
  /** Revocations held. One counts only against an endorsement by the same mesh: a node may trust several
   * meshes, and no mesh owner may cut off another mesh's actors. */
  revocations: Revocations
  /** Renewals held: endorsements the mesh owner signed again for a handle and key, found by `renewalKey`. Each
   * stands in for the card's own endorsement once that one has expired, under the same rules. */
  renewals?: ReadonlyMap<string, readonly Uint8Array[]>
  /** The card held now for this handle, if any. */
  held?: HeldCard
  nowMs: number
}

export type Acceptance = { ok: true, status: 'new' | 'newer' | 'unchanged', endorsement: EndorsementData } | Refusal

/** Has this mesh revoked this actor key? (Both in text form.) */
export function isRevokedBy (revocations: Revocations, meshKey: string, actorKey: string): boolean {
  return revocations.get(actorKey)?.has(meshKey) === true
}

/** The key renewals are held under: one handle with one actor key (text form). */
export function renewalKey (handle: string, actorKey: string): string {
  return `${handle} ${actorKey}`
}

type Endorsed = { ok: true, endorsement: EndorsementData } | Refusal

/**
 * Checks an endorsement for one handle and key against the trusted meshes, their revocations and the clock. The
 * renewals held for that handle and key by the same mesh count too: the answer is the one valid longest, so an
 * expired endorsement that its mesh renewed is valid again, and a revocation still beats every renewal.
 */
export function checkEndorsement (bytes: Uint8Array, handle: string, actorKey: Uint8Array, ctx: Pick<TrustContext, 'trustedMeshes' | 'revocations' | 'nowMs' | 'renewals'>): Endorsed {
  const own = checkOne(bytes, handle, actorKey, ctx)
  const renewals = ctx.renewals?.get(renewalKey(handle, keyText(actorKey)))
  if (renewals === undefined || (!own.ok && own.code !== 'CARD_EXPIRED')) return own
  const mesh = verifyEndorsement(bytes)
  let best = own
  for (const r of renewals) {
    const c = checkOne(r, handle, actorKey, ctx)
    if (!c.ok || !mesh.ok || !bytesEqual(c.endorsement.meshKey, mesh.value.meshKey)) continue
    if (!best.ok || c.endorsement.expiresAtMs > best.endorsement.expiresAtMs) best = c
  }
  return best
}

function checkOne (bytes: Uint8Array, handle: string, actorKey: Uint8Array, ctx: Pick<TrustContext, 'trustedMeshes' | 'revocations' | 'nowMs'>): Endorsed {
  const v = verifyEndorsement(bytes)
  if (!v.ok) return refuse('CARD_NOT_ENDORSED', v.reason)
  const e = v.value
  const mesh = keyText(e.meshKey)
  if (!ctx.trustedMeshes.has(mesh)) return refuse('CARD_NOT_ENDORSED', `endorsed by mesh ${mesh}, which this home does not trust (run: aios-comm mesh trust ${mesh})`)
  if (e.handle !== handle || !bytesEqual(e.actorKey, actorKey)) return refuse('CARD_NOT_ENDORSED', `the endorsement is for ${e.handle} with another key, not for this card`)
  if (isRevokedBy(ctx.revocations, mesh, keyText(actorKey))) return refuse('CARD_REVOKED', `actor key ${keyText(actorKey)} of ${handle} is revoked by its mesh`)
  if (e.expiresAtMs <= ctx.nowMs) return refuse('CARD_EXPIRED', `the endorsement of ${handle} expired at ${new Date(e.expiresAtMs).toISOString()}; ask the mesh owner for a new one`)
  return { ok: true, endorsement: e }
}

export function acceptCard (card: VerifiedCard, ctx: TrustContext): Acceptance {
  const endorsed = checkEndorsement(card.endorsement, card.handle, card.actorKey, ctx)
  if (!endorsed.ok) return endorsed
  const held = ctx.held
  if (held === undefined) return { ok: true, status: 'new', endorsement: endorsed.endorsement }
  if (!bytesEqual(held.actorKey, card.actorKey)) {
    if (!isRevokedBy(ctx.revocations, held.meshKey, keyText(held.actorKey))) {
      return refuse('HANDLE_CONFLICT', `${card.handle} is already held by key ${keyText(held.actorKey)}; the mesh owner must revoke one of the two keys`)
    }
    // the held key is revoked by its mesh: the new key takes the handle (two keys' seqs do not compare)
    return { ok: true, status: 'newer', endorsement: endorsed.endorsement }
  }
  if (card.seq === held.seq && sameCard(card.json, held.json)) return { ok: true, status: 'unchanged', endorsement: endorsed.endorsement }
  if (card.seq <= held.seq) return refuse('CARD_STALE_SEQ', `card seq ${card.seq} for ${card.handle} is not newer than the held seq ${held.seq}`)
  return { ok: true, status: 'newer', endorsement: endorsed.endorsement }
}

/** The same card whatever its whitespace: compared in canonical (JCS) form. */
function sameCard (a: string, b: string): boolean {
  if (a === b) return true
  try {
    return jcs(JSON.parse(a)) === jcs(JSON.parse(b))
  } catch {
    return false
  }
}
