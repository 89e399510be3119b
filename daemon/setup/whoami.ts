// whoami: what a seat is on this node: its handle and key, the node's peer id, its card, carrier, mesh and token.
import { keyText, verifyEndorsement } from '../../cards/index.js'
import type { HomeContext } from '../home/context.js'

export interface WhoamiResult {
  handle: string
  actorKey: string
  peerId: string
  addresses: string[]
  /** The seat's published card's sequence number (absent before its first card). */
  cardSeq?: number
  carrier: string
  model?: string
  /** Acting as it needs its seat token. */
  isolated: boolean
  /** The mesh that endorses it, and until when (absent: not endorsed yet). */
  meshKey?: string
  endorsedUntil?: string
}

export function whoami (ctx: HomeContext, handle: string, node: { peerId: string, addresses: string[] }): WhoamiResult {
  const a = ctx.store.identity.actor(handle)
  if (a === undefined) throw new Error(`whoami for ${handle}, which is not an actor`) // the caller resolved a hosted seat
  const e = a.endorsement === undefined ? undefined : verifyEndorsement(a.endorsement)
  const seq = ctx.store.identity.card(handle)?.seq
  return {
    handle,
    actorKey: a.actorKey,
    peerId: node.peerId,
    addresses: node.addresses,
    ...(seq === undefined ? {} : { cardSeq: seq }),
    carrier: a.carrier,
    ...(a.model === undefined ? {} : { model: a.model }),
    isolated: ctx.store.seatTokens.hash(handle) !== undefined,
    ...(e?.ok === true ? { meshKey: keyText(e.value.meshKey), endorsedUntil: new Date(e.value.expiresAtMs).toISOString() } : {})
  }
}
