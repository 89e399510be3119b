// What the inviting owner checks in a join, on the bytes it received: each admission request (signed, for this
// mesh, no handle conflict, key not revoked by this mesh) is endorsed; a card the joiner brings must be for its own seats.
import { bytesEqual, keyText, refuse, signEndorsement, verifyAdmissionRequest, type KeyPair, type Refusal } from '../../cards/index.js'
import type { Core } from '../core.js'

export const MAX_SEATS_PER_JOIN = 64

/** Endorses every request, or refuses the whole join with the first request's code. */
export function endorseRequests (core: Core, owner: KeyPair, requests: Uint8Array[], nowMs: number): { ok: true, endorsements: Uint8Array[] } | Refusal {
  if (requests.length === 0 || requests.length > MAX_SEATS_PER_JOIN) return refuse('JOIN_NO_SEATS', `a join brings 1 to ${MAX_SEATS_PER_JOIN} admission requests`)
  const endorsements: Uint8Array[] = []
  for (const bytes of requests) {
    const v = verifyAdmissionRequest(bytes)
    if (!v.ok) return v
    if (!bytesEqual(v.value.meshKey, owner.publicKey)) return refuse('REQUEST_OTHER_MESH', `the request is for mesh ${keyText(v.value.meshKey)}`)
    const held = core.directory.get(v.value.handle)
    if (held !== undefined && !bytesEqual(held.actorKey, v.value.actorKey)) return refuse('HANDLE_CONFLICT', `${v.value.handle} is already held by another key in this mesh`)
    if (core.store.identity.isRevokedBy(keyText(owner.publicKey), keyText(v.value.actorKey))) return refuse('CARD_REVOKED', `key ${keyText(v.value.actorKey)} is revoked in this mesh`)
    endorsements.push(signEndorsement(owner, v.value.handle, v.value.actorKey, nowMs))
  }
  return { ok: true, endorsements }
}

/** The JSON text of a card the joiner brings, when it names the joiner's own node; it is then taken under every rule. */
export function joinerCard (bytes: Uint8Array, remote: string): { ok: true, json: string } | Refusal {
  const json = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  let peerId: unknown
  try {
    peerId = JSON.parse(json)?.capabilities?.extensions?.[0]?.params?.peerId
  } catch {
    return refuse('CARD_MALFORMED', 'the card is not valid JSON')
  }
  if (peerId !== remote) return refuse('CARD_MALFORMED', 'a joiner may only bring cards of its own seats')
  return { ok: true, json }
}
