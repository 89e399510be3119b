// Renewing an endorsement from afar: the mesh owner signs a seat's handle and key again with a later expiry and
// keeps it as a fact that spreads; the seat's own node installs the renewal and re-signs its card (seq + 1).
import {
  MeshError, bytesEqual, checkEndorsement, keyText, parseKeyText, signEndorsement, verifyCardJson, verifyEndorsement,
  DEFAULT_ENDORSEMENT_DAYS
} from '../../cards/index.js'
import type { HomeContext } from '../home/context.js'
import { refreshLocalCard } from './cards.js'

const DAY_MS = 86_400_000
const MIN_VALID_MS = 1000 // a renewal shorter than this would be expired before it reached anyone

export interface RenewResult { handle: string, actorKey: string, meshKey: string, expiresAt: string, installed: boolean }

/** The validity asked for: whole days (default 365), or milliseconds (to rehearse expiry). */
export function validityMs (o: { days?: number, validForMs?: number }): number {
  if (o.validForMs !== undefined) {
    if (!Number.isSafeInteger(o.validForMs) || o.validForMs < MIN_VALID_MS) throw new MeshError('USAGE', `--expires-in-ms ${o.validForMs}: give a whole number of milliseconds, at least ${MIN_VALID_MS}`)
    return o.validForMs
  }
  const days = o.days ?? DEFAULT_ENDORSEMENT_DAYS
  if (!Number.isSafeInteger(days) || days < 1) throw new MeshError('USAGE', `--days ${String(days)}: give a whole number of days, at least 1`)
  return days * DAY_MS
}

/**
 * `mesh renew HANDLE`: on the mesh owner's home, endorses the key that holds HANDLE again, from now on. Refused for
 * a key this mesh revoked (a revoked seat needs a new key and a new admission) and for a seat another mesh endorsed.
 */
export async function meshRenew (ctx: HomeContext, handle: string, o: { days?: number, validForMs?: number } = {}): Promise<RenewResult> {
  const validMs = validityMs(o)
  const owner = ctx.requireMeshOwnerKey()
  const meshKey = keyText(owner.publicKey)
  const id = ctx.store.identity
  const card = id.card(handle)
  const seat = id.actor(handle)
  const actorKeyText = card?.actorKey ?? seat?.actorKey
  if (actorKeyText === undefined) throw new MeshError('ACTOR_UNKNOWN', `no card or seat named ${handle} is known here; import its card first (aios-comm card import FILE)`)
  if (id.isRevokedBy(meshKey, actorKeyText)) throw new MeshError('CARD_REVOKED', `key ${actorKeyText} of ${handle} is revoked in this mesh; a revoked seat is never renewed (it needs a new key and a new admission)`)
  const endorsedBy = heldEndorsementMesh(ctx, handle, actorKeyText)
  if (endorsedBy !== undefined && endorsedBy !== meshKey) throw new MeshError('ENDORSEMENT_OTHER_MESH', `${handle} is endorsed by mesh ${endorsedBy}, not by this home's mesh ${meshKey}`)
  const now = Date.now()
  const envelope = signEndorsement(owner, handle, parseKeyText(actorKeyText) as Uint8Array, now, DEFAULT_ENDORSEMENT_DAYS, validMs)
  id.addRenewal({ meshKey, handle, actorKey: actorKeyText, expiresAtMs: now + validMs, envelope, receivedAtMs: now })
  const installed = (await installRenewals(ctx, now)).includes(handle)
  return { handle, actorKey: actorKeyText, meshKey, expiresAt: new Date(now + validMs).toISOString(), installed }
}

/** The mesh whose endorsement this home holds for the handle and key (its card, else its local seat). */
function heldEndorsementMesh (ctx: HomeContext, handle: string, actorKey: string): string | undefined {
  const id = ctx.store.identity
  const card = id.card(handle)
  const v = card !== undefined && card.actorKey === actorKey ? verifyCardJson(card.json) : undefined
  const bytes = v?.ok === true ? v.card.endorsement : id.actor(handle)?.endorsement
  const e = bytes === undefined ? undefined : verifyEndorsement(bytes)
  return e?.ok === true ? keyText(e.value.meshKey) : undefined
}

/**
 * Every hosted seat for which a renewal held here is valid and outlasts the seat's own endorsement (same mesh,
 * same key, not revoked) takes that renewal as its endorsement, and its card is re-signed. Returns those seats.
 */
export async function installRenewals (ctx: HomeContext, nowMs = Date.now()): Promise<string[]> {
  const id = ctx.store.identity
  const renewals = id.renewals()
  if (renewals.length === 0) return []
  const all = ctx.trustContext(nowMs)
  const trust = { trustedMeshes: all.trustedMeshes, revocations: all.revocations, nowMs } // each renewal on its own merits
  const installed: string[] = []
  for (const seat of id.actors()) {
    if (!seat.hosted || seat.endorsement === undefined) continue
    const own = verifyEndorsement(seat.endorsement)
    if (!own.ok) continue
    const key = ctx.actorKey(seat.handle).publicKey
    let best: { bytes: Uint8Array, expiresAtMs: number } | undefined
    for (const r of renewals) {
      if (r.handle !== seat.handle || r.actorKey !== keyText(key) || r.expiresAtMs <= (best?.expiresAtMs ?? own.value.expiresAtMs)) continue
      const c = checkEndorsement(r.envelope, seat.handle, key, trust)
      if (c.ok && bytesEqual(c.endorsement.meshKey, own.value.meshKey)) best = { bytes: r.envelope, expiresAtMs: r.expiresAtMs }
    }
    if (best === undefined) continue
    id.setEndorsement(seat.handle, best.bytes)
    await refreshLocalCard(ctx, seat.handle)
    installed.push(seat.handle)
  }
  return installed
}
