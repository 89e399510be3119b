// Who is who and where, from the cards held: an actor's key and Current, trusted peers for the gater.
// Rebuilt from the store whenever a card, seat or revocation changes; read on every message.
import { checkEndorsement, keyText, verifyCardJson, verifyEndorsement, verifyRevocation, type McpServer, type Refusal, type SeatSkill } from '../../cards/index.js'
import type { HomeContext } from '../home/context.js'

export interface Current {
  handle: string
  actorKey: Uint8Array
  peerId: string
  multiaddrs: string[]
  seq: number
  carrier: string
  model?: string
  pane?: string
  updatedAtMs: number
  local: boolean
  endorsementExpiresAtMs: number
  /** Reach the card states: its node serves as a relay and mailbox; the nodes that hold its mail. */
  relay?: boolean
  mailboxes?: string[]
  /** The roles the card states (sorted, once each); absent when it states none. */
  roles?: string[]
  /** The seat's own skills and MCP servers the card states (bounded by the card's verifier); absent when none. */
  skills?: SeatSkill[]
  mcp?: McpServer[]
}

/** What `find` asks for: every term given must match (a skill by id or name, a tag of any skill, an MCP tool). */
export interface CapabilityQuery { skill?: string, tag?: string, tool?: string }

export type KeyCheck = { ok: true, current: Current } | Refusal

/** A node that hosts no trusted actor but holds cards refused here: why it is cut off, in one line. */
export interface CutOffPeer {
  peerId: string
  handles: string[]
  /** The addresses its refused cards name. */
  addresses: string[]
  reason: string
}

/** A card held but not valid now (revoked, expired endorsement): kept to say why. */
interface Refused {
  current: Current
  refusal: Refusal
}

export class Directory {
  private byHandle = new Map<string, Current>()
  private refused = new Map<string, Refused>()
  private trustedPeers = new Set<string>()
  private revoked: ReadonlySet<string> = new Set<string>()
  /** Handles with a valid card whose key a card of another handle had revoked: found at reload, not per message. */
  private revokedHandles: ReadonlySet<string> = new Set<string>()
  private conflicts = new Set<string>()
  private nextExpiry: number | undefined

  constructor (private readonly ctx: HomeContext, private readonly selfPeerId: string) {
    this.reload()
  }

  /** Re-reads cards, seats, revocations and conflicts. Cheap: a mesh has tens to hundreds of actors. */
  reload (nowMs = Date.now()): void {
    const id = this.ctx.store.identity
    const trust = this.ctx.trustContext(nowMs)
    const local = new Set(id.actors().map(a => a.handle))
    const next = new Map<string, Current>()
    const refused = new Map<string, Refused>()
    const peers = new Set<string>()
    const revoked = new Set<string>()
    for (const row of id.cards()) {
      const v = verifyCardJson(row.json)
      if (!v.ok) continue
      const c = v.card
      const e = checkEndorsement(c.endorsement, c.handle, c.actorKey, trust)
      const isLocal = local.has(c.handle) && c.peerId === this.selfPeerId
      const current: Current = {
        handle: c.handle, actorKey: c.actorKey, peerId: c.peerId, multiaddrs: c.multiaddrs, seq: c.seq, carrier: c.carrier,
        model: c.model, pane: c.pane, updatedAtMs: c.updatedAtMs, local: isLocal, endorsementExpiresAtMs: e.ok ? e.endorsement.expiresAtMs : 0,
        relay: c.relay, mailboxes: c.mailboxes, roles: c.roles, skills: c.skills, mcp: c.mcp
      }
      if (!e.ok) {
        if (e.code === 'CARD_REVOKED') revoked.add(keyText(c.actorKey))
        refused.set(c.handle, { refusal: { ...e, reason: this.whyRefused(c.handle, keyText(c.actorKey), c.endorsement, e) }, current })
        continue
      }
      next.set(c.handle, current)
      if (!isLocal) peers.add(c.peerId)
    }
    for (const former of id.formerPeers(nowMs)) if (former !== this.selfPeerId) peers.add(former)
    this.byHandle = next
    this.refused = refused
    const expiries = [...next.values()].map(c => c.endorsementExpiresAtMs).filter(t => t > nowMs)
    this.nextExpiry = expiries.length === 0 ? undefined : Math.min(...expiries)
    this.trustedPeers = peers
    this.revoked = revoked
    this.revokedHandles = new Set([...next.values()].filter(c => revoked.has(keyText(c.actorKey))).map(c => c.handle))
    this.conflicts = new Set(id.conflicts().map(c => c.handle))
  }

  get (handle: string): Current | undefined {
    return this.byHandle.get(handle)
  }

  all (): Current[] {
    return [...this.byHandle.values()]
  }

  /** The cards held that state the role and may act now (check passes), by handle. */
  withRole (role: string, nowMs = Date.now()): Current[] {
    const out: Current[] = []
    for (const c of this.byHandle.values()) {
      if (c.roles?.includes(role) === true && this.check(c.handle, nowMs).ok) out.push(c)
    }
    return out.sort((x, y) => (x.handle < y.handle ? -1 : x.handle > y.handle ? 1 : 0))
  }

  /** The cards held that state what the query asks for and may act now, by handle. */
  withCapability (q: CapabilityQuery, nowMs = Date.now()): Current[] {
    const out: Current[] = []
    for (const c of this.byHandle.values()) {
      if (matchesCapability(c, q) && this.check(c.handle, nowMs).ok) out.push(c)
    }
    return out.sort((x, y) => (x.handle < y.handle ? -1 : x.handle > y.handle ? 1 : 0))
  }

  /** The key an actor signs with, if it may act now: card held, endorsed, unrevoked, unexpired, no conflict. */
  /** A card held for the handle, valid or not, and why not. */
  describe (handle: string): { current: Current, problem?: Refusal } | undefined {
    const c = this.byHandle.get(handle)
    if (c !== undefined) {
      const k = this.check(handle)
      return k.ok ? { current: c } : { current: c, problem: k }
    }
    const r = this.refused.get(handle)
    return r === undefined ? undefined : { current: r.current, problem: r.refusal }
  }

  check (handle: string, nowMs = Date.now()): KeyCheck {
    const c = this.byHandle.get(handle)
    if (c === undefined) return this.refused.get(handle)?.refusal ?? { ok: false, code: 'ACTOR_UNKNOWN', reason: `no valid card for ${handle} is held here` }
    if (this.conflicts.has(handle)) return { ok: false, code: 'HANDLE_CONFLICT', reason: `two keys claim ${handle}; the mesh owner must revoke one` }
    if (this.revokedHandles.has(handle)) return { ok: false, code: 'CARD_REVOKED', reason: `the key of ${handle} is revoked` }
    if (c.endorsementExpiresAtMs <= nowMs) return { ok: false, code: 'CARD_EXPIRED', reason: expiredText(handle, c.endorsementExpiresAtMs) }
    return { ok: true, current: c }
  }

  /** Is this key, as the key of a card held, revoked by the mesh that endorsed that card? */
  isRevoked (key: Uint8Array): boolean {
    return this.revoked.has(keyText(key))
  }

  /** Peers that host at least one trusted actor: the only ones the connection gater lets in. */
  isTrustedPeer (peerId: string): boolean {
    return this.trustedPeers.has(peerId)
  }

  /** A node whose every card held is revoked or expired (and that hosts no valid one): never dialed again. */
  isCutOff (peerId: string): boolean {
    if (this.trustedPeers.has(peerId)) return false
    for (const r of this.refused.values()) if (r.current.peerId === peerId) return true
    return false
  }

  /** When the first endorsement valid now runs out (the directory must be reloaded then), if any. */
  nextExpiryMs (): number | undefined {
    return this.nextExpiry
  }

  /** Nodes cut off here (every card they host is revoked or expired), each with why. */
  cutOffPeers (): CutOffPeer[] {
    const byPeer = new Map<string, CutOffPeer>()
    for (const r of this.refused.values()) {
      const peerId = r.current.peerId
      if (peerId === this.selfPeerId || this.trustedPeers.has(peerId)) continue
      const p = byPeer.get(peerId) ?? { peerId, handles: [], addresses: r.current.multiaddrs, reason: '' }
      p.handles.push(r.current.handle)
      p.reason = p.reason === '' ? r.refusal.reason : `${p.reason}; ${r.refusal.reason}`
      byPeer.set(peerId, p)
    }
    return [...byPeer.values()]
  }

  /** A refusal said in the operator's terms: who revoked the key and when, or when the endorsement ran out. */
  private whyRefused (handle: string, actorKey: string, endorsement: Uint8Array, e: Refusal): string {
    if (e.code === 'CARD_REVOKED') {
      const r = this.ctx.store.identity.revocations().find(x => x.actorKey === actorKey)
      if (r === undefined) return e.reason
      const v = verifyRevocation(r.envelope)
      const why = v.ok && v.value.reason !== undefined ? ` (${v.value.reason})` : ''
      return `${handle} revoked by mesh ${r.meshKey} at ${new Date(r.atMs).toISOString()}${why}`
    }
    if (e.code === 'CARD_EXPIRED') {
      const v = verifyEndorsement(endorsement)
      if (v.ok) return expiredText(handle, v.value.expiresAtMs)
    }
    return e.reason
  }

  handlesOnPeer (peerId: string): string[] {
    return this.all().filter(c => c.peerId === peerId).map(c => c.handle)
  }

  peerIds (): string[] {
    return [...this.trustedPeers]
  }
}

/** A skill matches by its id, or by its name in any case; a tool by its name, or SERVER/TOOL. */
export function matchesCapability (c: Pick<Current, 'skills' | 'mcp'>, q: CapabilityQuery): boolean {
  const skills = c.skills ?? []
  if (q.skill !== undefined) {
    const name = q.skill.toLowerCase()
    if (!skills.some(s => s.id === q.skill || s.name.toLowerCase() === name)) return false
  }
  if (q.tag !== undefined && !skills.some(s => s.tags.includes(q.tag as string))) return false
  if (q.tool !== undefined && !(c.mcp ?? []).some(m => (m.tools ?? []).some(t => t === q.tool || `${m.server}/${t}` === q.tool))) return false
  return true
}

function expiredText (handle: string, atMs: number): string {
  return `the endorsement of ${handle} expired at ${new Date(atMs).toISOString()}; the mesh owner can renew it: aios-comm mesh renew ${handle}`
}
