// Card ingest: every acceptance rule a card meets before it is stored, answered as a verdict (accepted and how, or
// refused with a code), whoever brought the card — a peer's batch, a synced fact, the DHT, a file or a join.
import {
  MeshError, acceptCard, checkEndorsement, keyText, parseKeyText, verifyCardJson, verifyEndorsement,
  type ErrorCode, type HeldCard, type Refusal, type VerifiedCard
} from '../../cards/index.js'
import type { CardRow } from '../store/index.js'
import type { HomeContext } from '../home/context.js'
import { oversized, MAX_CARRIER_BYTES, MAX_DESCRIPTION_BYTES, MAX_MODEL_BYTES, MAX_PANE_BYTES } from '../limits/index.js'

export type ImportStatus = 'new' | 'newer' | 'unchanged'

/** Accepted (stored unless `unchanged`), or refused with a stable code; a refusal changes nothing but a conflict record. */
export type CardIngest = { ok: true, card: VerifiedCard, status: ImportStatus } | Refusal

/** The fields a seat sets in its card, against the limits its own node checks them to (FIELD_TOO_LARGE). */
export function cardFieldsTooLarge (c: VerifiedCard): Refusal | undefined {
  const description = typeof c.card.description === 'string' ? c.card.description : undefined
  return oversized([
    ['the card model', c.model, MAX_MODEL_BYTES],
    ['the card pane', c.pane, MAX_PANE_BYTES],
    ['the card carrier', c.carrier, MAX_CARRIER_BYTES],
    ['the card description', description, MAX_DESCRIPTION_BYTES]
  ])
}

function refused (code: ErrorCode, reason: string): CardIngest {
  return { ok: false, code, reason }
}

/** Applies every acceptance rule and stores the card when it is accepted. */
export function acceptCardJson (ctx: HomeContext, json: string, nowMs = Date.now()): CardIngest {
  const v = verifyCardJson(json)
  if (!v.ok) return refused(v.code, v.reason)
  const c = v.card
  const big = cardFieldsTooLarge(c)
  if (big !== undefined) return refused(big.code, big.reason)
  const id = ctx.store.identity
  const trust = ctx.trustContext(nowMs)
  // a card that is not validly endorsed claims nothing, so it is refused before it can count as a conflict
  const endorsed = checkEndorsement(c.endorsement, c.handle, c.actorKey, trust)
  if (!endorsed.ok) return refused(endorsed.code, endorsed.reason)
  const local = id.actor(c.handle)
  if (local?.hosted === true && local.actorKey !== keyText(c.actorKey)) {
    id.recordConflict(c.handle, keyText(c.actorKey), json, nowMs)
    return refused('HANDLE_CONFLICT', `${c.handle} is a seat hosted here with another key; the mesh owner must revoke one of the two keys`)
  }
  const stored = id.card(c.handle)
  const held = stored === undefined ? undefined : heldCard(stored)
  const verdict = acceptCard(c, { ...trust, held })
  if (!verdict.ok) {
    if (verdict.code === 'HANDLE_CONFLICT') id.recordConflict(c.handle, keyText(c.actorKey), json, nowMs)
    return refused(verdict.code, verdict.reason)
  }
  if (verdict.status !== 'unchanged') {
    id.putCard({ handle: c.handle, actorKey: keyText(c.actorKey), seq: c.seq, peerId: c.peerId, json, updatedAtMs: c.updatedAtMs, receivedAtMs: nowMs })
  }
  return { ok: true, card: c, status: verdict.status }
}

/** acceptCardJson for setup and join, where a refused card ends the command: throws the refusal as a MeshError. */
export function importCardJson (ctx: HomeContext, json: string, nowMs = Date.now()): { card: VerifiedCard, status: ImportStatus } {
  const v = acceptCardJson(ctx, json, nowMs)
  if (!v.ok) throw new MeshError(v.code, v.reason)
  return { card: v.card, status: v.status }
}

/** The card held for a handle, with the mesh its endorsement names (only that mesh's revocation frees the handle). */
function heldCard (stored: CardRow): HeldCard {
  const v = verifyCardJson(stored.json)
  const e = v.ok ? verifyEndorsement(v.card.endorsement) : undefined
  return { actorKey: parseKeyText(stored.actorKey) as Uint8Array, seq: stored.seq, json: stored.json, meshKey: e?.ok === true ? keyText(e.value.meshKey) : '' }
}
