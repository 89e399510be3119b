// Handle conflicts settled: two endorsed keys for one handle block it until the mesh owner revokes one. Once a
// revocation (or an expiry) leaves one claim standing, the conflict ends and that key's card holds the handle.
import { keyText, verifyCardJson, verifyEndorsement, checkEndorsement, isRevokedBy, type TrustContext } from '../../cards/index.js'
import type { CardRow } from '../store/index.js'
import type { HomeContext } from '../home/context.js'
import { importCardJson } from '../directory/index.js'

type Trust = Omit<TrustContext, 'held'>

/** A refused claim still counts while its card verifies and its endorsement holds (trusted, unrevoked, unexpired). */
function claimStands (json: string, trust: Trust): boolean {
  const v = verifyCardJson(json)
  return v.ok && checkEndorsement(v.card.endorsement, v.card.handle, v.card.actorKey, trust).ok
}

/** The held card keeps the handle until the mesh that endorsed it revokes its key (the rule acceptCard applies). */
function heldStands (held: CardRow | undefined, trust: Trust): boolean {
  if (held === undefined) return false
  const v = verifyCardJson(held.json)
  const e = v.ok ? verifyEndorsement(v.card.endorsement) : undefined
  if (e?.ok !== true) return true // not readable: keep the conflict rather than guess
  return !isRevokedBy(trust.revocations, keyText(e.value.meshKey), held.actorKey)
}

/**
 * Re-examines every handle in conflict: claims whose key no longer stands are dropped; when the held key is
 * revoked, the oldest standing claim takes the handle (its card is accepted under every rule). A seat hosted
 * here keeps its handle: only the other claims can fall. Returns the handles whose conflict ended.
 */
export function settleConflicts (ctx: HomeContext, nowMs = Date.now()): string[] {
  const id = ctx.store.identity
  const trust = ctx.trustContext(nowMs)
  const ended: string[] = []
  for (const handle of new Set(id.conflicts().map(c => c.handle))) {
    const hostedHere = id.actor(handle)?.hosted === true
    let holderStands = hostedHere || heldStands(id.card(handle), trust)
    for (const claim of id.conflictClaims(handle)) {
      const heldKey = id.card(handle)?.actorKey
      if (!claimStands(claim.cardJson, trust) || claim.actorKey === heldKey) {
        id.dropConflict(handle, claim.actorKey)
        continue
      }
      if (holderStands) continue
      try {
        importCardJson(ctx, claim.cardJson, nowMs)
        id.dropConflict(handle, claim.actorKey)
        holderStands = true
      } catch {
        // refused under some other rule (e.g. a stale seq): it stays a claim
      }
    }
    if (id.conflictClaims(handle).length === 0) ended.push(handle)
  }
  return ended
}
