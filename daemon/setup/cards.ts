// Cards: refreshing the local seats' cards (seq + 1 only when a fact changed), showing, verifying and importing cards.
import { readFileSync } from 'node:fs'
import {
  A2A_PROTOCOL_VERSION, MeshError, buildCard, bytesEqual, cardJson, checkEndorsement, keyText, signCard, verifyCardJson,
  type AgentCard, type CardSecurity, type McpServer, type SeatSkill, type VerifiedCard
} from '../../cards/index.js'
import type { CardRow } from '../store/index.js'
import type { HomeContext } from '../home/context.js'
import { acceptCardJson, type ImportStatus } from '../directory/index.js'
import { expandListen, honestAddresses } from '../addresses/index.js'

/** Addresses a card announces when no daemon runs: the listen addresses on this host's interfaces, honestly kept. */
export function configuredAddresses (ctx: HomeContext): string[] {
  const c = ctx.config
  return honestAddresses({ bound: expandListen(c.listen), confirmed: [], announce: c.announce, announceOnly: c.announceOnly })
}

interface NextFacts { peerId: string, multiaddrs: string[], carrier: string, model?: string, pane?: string, endorsement: Uint8Array, relay?: boolean, mailboxes?: string[], roles?: string[], skills?: SeatSkill[], mcp?: McpServer[] }

function sameFacts (held: VerifiedCard, next: NextFacts): boolean {
  return held.peerId === next.peerId && held.carrier === next.carrier && held.model === next.model && held.pane === next.pane &&
    JSON.stringify(held.multiaddrs) === JSON.stringify(next.multiaddrs) && bytesEqual(held.endorsement, next.endorsement) &&
    (held.relay === true) === (next.relay === true) && JSON.stringify(held.mailboxes ?? []) === JSON.stringify(next.mailboxes ?? []) &&
    JSON.stringify(held.roles ?? []) === JSON.stringify(next.roles ?? []) &&
    JSON.stringify([held.skills ?? [], held.mcp ?? []]) === JSON.stringify([next.skills ?? [], next.mcp ?? []])
}

/** The interfaces after the libp2p one (the A2A bridge's, while it runs) are as wanted. */
function sameInterfaces (held: VerifiedCard, wanted: Array<{ url: string, protocolBinding: string, protocolVersion?: string }>): boolean {
  const listed = (held.card.supportedInterfaces ?? []) as Array<{ url: string, protocolBinding: string, protocolVersion?: string }>
  const extra = listed.slice(1).map(i => ({ url: i.url, protocolBinding: i.protocolBinding, protocolVersion: i.protocolVersion }))
  const streams = (held.card.capabilities as { streaming?: boolean } | undefined)?.streaming === true
  return JSON.stringify(extra) === JSON.stringify(wanted.map(i => ({ url: i.url, protocolBinding: i.protocolBinding, protocolVersion: i.protocolVersion ?? A2A_PROTOCOL_VERSION }))) &&
    streams === wanted.length > 0
}

/** The card declares the wanted security scheme, or none when none is wanted. */
function sameSecurity (held: VerifiedCard, wanted: CardSecurity | undefined): boolean {
  const c = held.card
  return JSON.stringify([c.securitySchemes, c.securityRequirements]) === JSON.stringify([wanted?.securitySchemes, wanted?.securityRequirements])
}

/** Returns the seat's current card, signing a new one (seq + 1) when anything it states has changed. */
export async function refreshLocalCard (ctx: HomeContext, handle: string, addresses?: string[]): Promise<VerifiedCard> {
  const next = await nextLocalCard(ctx, handle, { addresses })
  if (next.row !== undefined) ctx.store.identity.putCard(next.row)
  return next.card
}

/**
 * The seat's current card, or a new one signed (seq + 1) when anything it states has changed, with the row to store
 * then; nothing is stored. `endorsement`: the one to state instead of the seat's own (a join, before it is installed).
 */
export async function nextLocalCard (ctx: HomeContext, handle: string, o: { addresses?: string[], endorsement?: Uint8Array } = {}): Promise<{ card: VerifiedCard, row?: CardRow }> {
  const id = ctx.store.identity
  const a = id.actor(handle)
  if (a === undefined || !a.hosted) throw new MeshError('ACTOR_UNKNOWN', `no seat ${handle} is hosted on this home`)
  const endorsement = o.endorsement ?? a.endorsement
  if (endorsement === undefined) throw new MeshError('CARD_NOT_ENDORSED', `${handle} has no endorsement yet; hand its admission request to the mesh owner (aios-comm mesh admit) and run aios-comm actor endorse ${handle} FILE`)
  const pair = ctx.actorKey(handle)
  const stored = id.card(handle)
  const held = stored === undefined ? undefined : verifyCardJson(stored.json)
  // Addresses are the running daemon's to state; without one, a held card keeps the addresses it has.
  const multiaddrs = o.addresses ?? ctx.liveAddresses?.() ?? (held?.ok === true ? held.card.multiaddrs : configuredAddresses(ctx))
  // relay and mailboxes, like addresses, are the running daemon's to state; without one, a held card keeps its own
  const reach = ctx.liveReach?.() ?? (held?.ok === true ? { relay: held.card.relay === true, mailboxes: held.card.mailboxes ?? [] } : { relay: false, mailboxes: [] })
  const next: NextFacts = {
    peerId: await ctx.peerId(), multiaddrs, carrier: a.carrier, model: a.model, pane: a.pane, endorsement,
    ...(reach.relay ? { relay: true } : {}), ...(reach.mailboxes.length > 0 ? { mailboxes: reach.mailboxes } : {}),
    ...(a.roles.length > 0 ? { roles: a.roles } : {}),
    ...(a.skills !== undefined ? { skills: a.skills } : {}), ...(a.mcp !== undefined ? { mcp: a.mcp } : {})
  }
  const interfaces = ctx.liveInterfaces?.(handle) ?? []
  const security = ctx.liveSecurity?.()
  if (held?.ok === true && bytesEqual(held.card.actorKey, pair.publicKey) && sameFacts(held.card, next) && sameInterfaces(held.card, interfaces) &&
    sameSecurity(held.card, security)) return { card: held.card }
  const seq = (stored?.seq ?? 0) + 1
  const now = Date.now()
  const card = signCard(buildCard(pair.publicKey, { handle, ...next, seq, updatedAtMs: now, ...(interfaces.length > 0 ? { interfaces, streaming: true } : {}), ...(security === undefined ? {} : { security }) }), pair)
  const json = cardJson(card)
  const v = verifyCardJson(json)
  if (!v.ok) throw new MeshError(v.code, `the card just signed for ${handle} does not verify: ${v.reason}`)
  return { card: v.card, row: { handle, actorKey: keyText(pair.publicKey), seq, peerId: next.peerId, json, updatedAtMs: now, receivedAtMs: now } }
}

/** A local seat's card refreshed, or the newest card held for a remote actor. */
export async function cardShow (ctx: HomeContext, handle?: string): Promise<AgentCard> {
  const id = ctx.store.identity
  if (handle === undefined) {
    const seats = id.actors()
    if (seats.length !== 1) throw new MeshError('ACTOR_AMBIGUOUS', seats.length === 0 ? 'this home hosts no seat; name a handle' : 'this home hosts several seats; name one')
    handle = seats[0].handle
  }
  if (id.actor(handle)?.hosted === true) return (await refreshLocalCard(ctx, handle)).card
  const held = id.card(handle)
  if (held === undefined) throw new MeshError('CARD_UNKNOWN', `no card for ${handle} is known here; import one with aios-comm card import FILE`)
  return JSON.parse(held.json)
}

function readCardFile (file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (err) {
    throw new MeshError('FILE_UNREADABLE', `cannot read ${file}`, { cause: err })
  }
}

export interface CardVerdict {
  handle: string
  actorKey: string
  seq: number
  peerId: string
  meshKey: string
  expiresAt: string
}

/** Checks a card file's signature and endorsement against this home's trust (not against the card held). */
export function cardVerify (ctx: HomeContext, file: string): CardVerdict {
  const v = verifyCardJson(readCardFile(file))
  if (!v.ok) throw new MeshError(v.code, `${file}: ${v.reason}`)
  const c = v.card
  const e = checkEndorsement(c.endorsement, c.handle, c.actorKey, ctx.trustContext())
  if (!e.ok) throw new MeshError(e.code, `${file}: ${e.reason}`)
  return { handle: c.handle, actorKey: keyText(c.actorKey), seq: c.seq, peerId: c.peerId, meshKey: keyText(e.endorsement.meshKey), expiresAt: new Date(e.endorsement.expiresAtMs).toISOString() }
}

export function cardImport (ctx: HomeContext, file: string): { handle: string, seq: number, status: ImportStatus } {
  const v = acceptCardJson(ctx, readCardFile(file))
  if (!v.ok) throw new MeshError(v.code, `${file}: ${v.reason}`)
  return { handle: v.card.handle, seq: v.card.seq, status: v.status }
}
