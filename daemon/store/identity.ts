// Seats, cards, meshes and revocations: the identity tables.
import type { Statements } from './statements.js'
import type { FactStore } from './facts.js'
import { utf8, type McpServer, type SeatSkill } from '../../cards/index.js'
import { SeatCache } from './seat-cache.js'

export interface ActorRow {
  handle: string
  actorKey: string
  carrier: string
  model?: string
  pane?: string
  tmuxSocket?: string
  requireEnv: string[]
  endorsement?: Uint8Array
  hosted: boolean
  createdAtMs: number
  /** The roles the seat holds, sorted, each once (migration 017); its card states them. */
  roles: string[]
  /** The seat's own skills and MCP servers, as its card states them (migration 022); absent: none. */
  skills?: SeatSkill[]
  mcp?: McpServer[]
}

/** A seat's capabilities as the store keeps them: validated by the caller (cards/skills.ts). */
export interface Capabilities { skills: SeatSkill[], mcp: McpServer[] }

export interface CardRow {
  handle: string
  actorKey: string
  seq: number
  peerId: string
  json: string
  updatedAtMs: number
  receivedAtMs: number
}

export interface RevocationRow {
  actorKey: string
  meshKey: string
  handle?: string
  envelope: Uint8Array
  atMs: number
}

/** A renewed endorsement held for a handle and key (migration 012). */
export interface RenewalRow {
  meshKey: string
  handle: string
  actorKey: string
  expiresAtMs: number
  envelope: Uint8Array
  receivedAtMs: number
}

export const MOVED_PEER_GRACE_MS = 24 * 3_600_000 // long enough for the old node to come online and hand over

const nul = <T>(v: T | null): T | undefined => (v === null ? undefined : v)

/** An actors row as SQLite returns it. */
interface ActorDbRow {
  handle: string
  actor_key: string
  carrier: ActorRow['carrier']
  model: string | null
  pane: string | null
  tmux_socket: string | null
  require_env: string
  endorsement: Buffer | null
  hosted: number
  created_at_ms: number
  roles: string
  capabilities: string
}

interface CardDbRow { handle: string, actor_key: string, seq: number, peer_id: string, json: string, updated_at_ms: number, received_at_ms: number }

function actorFromRow (r: ActorDbRow): ActorRow {
  return {
    handle: r.handle,
    actorKey: r.actor_key,
    carrier: r.carrier,
    model: nul(r.model),
    pane: nul(r.pane),
    tmuxSocket: nul(r.tmux_socket),
    requireEnv: JSON.parse(r.require_env),
    endorsement: r.endorsement === null ? undefined : new Uint8Array(r.endorsement),
    hosted: r.hosted === 1,
    createdAtMs: r.created_at_ms,
    roles: JSON.parse(r.roles),
    ...capabilitiesFrom(r.capabilities)
  }
}

function capabilitiesFrom (json: string): Partial<Capabilities> {
  const c = JSON.parse(json) as Partial<Capabilities>
  return { ...(c.skills !== undefined && c.skills.length > 0 ? { skills: c.skills } : {}), ...(c.mcp !== undefined && c.mcp.length > 0 ? { mcp: c.mcp } : {}) }
}

function capabilitiesText (c: Partial<Capabilities>): string {
  return JSON.stringify({ ...(c.skills !== undefined && c.skills.length > 0 ? { skills: c.skills } : {}), ...(c.mcp !== undefined && c.mcp.length > 0 ? { mcp: c.mcp } : {}) })
}

function cardFromRow (r: CardDbRow): CardRow {
  return { handle: r.handle, actorKey: r.actor_key, seq: r.seq, peerId: r.peer_id, json: r.json, updatedAtMs: r.updated_at_ms, receivedAtMs: r.received_at_ms }
}

export class IdentityStore {
  /**
   * The seats, read on every message: held in memory, dropped by every write to the actors table below (the only
   * writers of these columns; carriers.ts writes others). Rows handed out are shared: callers read, never change them.
   */
  private readonly seats = new SeatCache<ActorRow>(() => this.s.database)

  /** `tx`: the store's transaction (a savepoint inside an open one), which tells the fact log how it ended. */
  constructor (private readonly s: Statements, private readonly facts: FactStore, private readonly tx: <T>(fn: () => T) => T) {}

  // ---- actors ----

  insertActor (a: ActorRow): void {
    this.seats.changed()
    this.s.get(`INSERT INTO actors (handle, actor_key, carrier, model, pane, tmux_socket, require_env, endorsement, hosted, created_at_ms, roles, capabilities)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(a.handle, a.actorKey, a.carrier, a.model ?? null, a.pane ?? null, a.tmuxSocket ?? null, JSON.stringify(a.requireEnv),
        a.endorsement ?? null, a.hosted ? 1 : 0, a.createdAtMs, JSON.stringify(a.roles ?? []), capabilitiesText(a))
  }

  actor (handle: string): ActorRow | undefined {
    return this.seats.actor(handle, () => {
      const r = this.s.get('SELECT * FROM actors WHERE handle = ?').get(handle) as ActorDbRow | undefined
      return r === undefined ? undefined : actorFromRow(r)
    })
  }

  /** The seats hosted here, by handle. */
  actors (): ActorRow[] {
    return this.seats.hosted(() => (this.s.get('SELECT * FROM actors WHERE hosted = 1 ORDER BY handle').all() as ActorDbRow[]).map(actorFromRow))
  }

  updateCarrier (handle: string, c: Pick<ActorRow, 'carrier' | 'model' | 'pane' | 'tmuxSocket' | 'requireEnv'>): void {
    this.seats.changed()
    this.s.get('UPDATE actors SET carrier = ?, model = ?, pane = ?, tmux_socket = ?, require_env = ? WHERE handle = ?')
      .run(c.carrier, c.model ?? null, c.pane ?? null, c.tmuxSocket ?? null, JSON.stringify(c.requireEnv), handle)
  }

  /** A seat moved away (hosted = false) or came back. */
  setHosted (handle: string, hosted: boolean): void {
    this.seats.changed()
    this.s.get('UPDATE actors SET hosted = ? WHERE handle = ?').run(hosted ? 1 : 0, handle)
  }

  /** Installs a seat that arrives with its key (a seat move); an existing row for the handle is replaced. */
  upsertActor (a: ActorRow): void {
    this.seats.changed()
    this.tx(() => { // the old row goes only with the new one in: a refused insert keeps it
      this.s.get('DELETE FROM actors WHERE handle = ?').run(a.handle)
      this.insertActor(a)
    })
  }

  /** The seat's roles, as its next card will state them: the caller validates and normalizes them (cards/role.ts). */
  setRoles (handle: string, roles: readonly string[]): void {
    this.seats.changed()
    this.s.get('UPDATE actors SET roles = ? WHERE handle = ?').run(JSON.stringify(roles), handle)
  }

  /** The seat's skills and MCP servers, as its next card will state them: the caller validates them (cards/skills.ts). */
  setCapabilities (handle: string, c: Capabilities): void {
    this.seats.changed()
    this.s.get('UPDATE actors SET capabilities = ? WHERE handle = ?').run(capabilitiesText(c), handle)
  }

  setEndorsement (handle: string, endorsement: Uint8Array): void {
    this.seats.changed()
    this.s.get('UPDATE actors SET endorsement = ? WHERE handle = ?').run(endorsement, handle)
  }

  // ---- cards ----

  card (handle: string): CardRow | undefined {
    const r = this.s.get('SELECT * FROM cards WHERE handle = ?').get(handle) as CardDbRow | undefined
    return r === undefined ? undefined : cardFromRow(r)
  }

  cards (): CardRow[] {
    return (this.s.get('SELECT * FROM cards ORDER BY handle').all() as CardDbRow[]).map(cardFromRow)
  }

  /** The card row and its fact, in one transaction: a row without its fact would never reach a peer (see below). */
  putCard (c: CardRow): void {
    this.tx(() => this.putCardRow(c))
  }

  private putCardRow (c: CardRow): void {
    // a card that moves the actor to another node remembers the node it left (see formerPeers); a card with
    // another key (the held key was revoked) is no move: the old node gets no grace
    this.s.get(`INSERT INTO cards (handle, actor_key, seq, peer_id, json, updated_at_ms, received_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (handle) DO UPDATE SET actor_key = excluded.actor_key, seq = excluded.seq,
        prev_peer_id = CASE WHEN cards.actor_key != excluded.actor_key THEN NULL
          WHEN cards.peer_id != excluded.peer_id THEN cards.peer_id ELSE cards.prev_peer_id END,
        prev_until_ms = CASE WHEN cards.actor_key != excluded.actor_key THEN NULL
          WHEN cards.peer_id != excluded.peer_id THEN ? ELSE cards.prev_until_ms END,
        peer_id = excluded.peer_id, json = excluded.json, updated_at_ms = excluded.updated_at_ms, received_at_ms = excluded.received_at_ms`)
      .run(c.handle, c.actorKey, c.seq, c.peerId, c.json, c.updatedAtMs, c.receivedAtMs, c.receivedAtMs + MOVED_PEER_GRACE_MS)
    this.facts.append('card', utf8(c.json), c.receivedAtMs)
  }

  /** Nodes a seat moved away from recently: still trusted peers, so they can hand the seat's messages over. */
  formerPeers (nowMs: number): string[] {
    return this.s.get('SELECT DISTINCT prev_peer_id FROM cards WHERE prev_peer_id IS NOT NULL AND prev_until_ms > ?').pluck().all(nowMs) as string[]
  }

  recordConflict (handle: string, actorKey: string, cardJson: string, atMs: number): void {
    this.s.get('INSERT OR IGNORE INTO handle_conflicts (handle, actor_key, card_json, seen_at_ms) VALUES (?, ?, ?, ?)').run(handle, actorKey, cardJson, atMs)
  }

  conflicts (): Array<{ handle: string, actorKey: string }> {
    return this.s.get('SELECT handle, actor_key AS actorKey FROM handle_conflicts ORDER BY handle').all() as Array<{ handle: string, actorKey: string }>
  }

  /** The refused claims on one handle, oldest first, with the card each came with. */
  conflictClaims (handle: string): Array<{ actorKey: string, cardJson: string }> {
    return this.s.get('SELECT actor_key AS actorKey, card_json AS cardJson FROM handle_conflicts WHERE handle = ? ORDER BY seen_at_ms, actor_key')
      .all(handle) as Array<{ actorKey: string, cardJson: string }>
  }

  dropConflict (handle: string, actorKey: string): void {
    this.s.get('DELETE FROM handle_conflicts WHERE handle = ? AND actor_key = ?').run(handle, actorKey)
  }

  // ---- meshes ----

  addMesh (meshKey: string, owned: boolean, atMs: number): void {
    this.s.get(`INSERT INTO meshes (mesh_key, owned, added_at_ms) VALUES (?, ?, ?)
      ON CONFLICT (mesh_key) DO UPDATE SET owned = max(owned, excluded.owned)`).run(meshKey, owned ? 1 : 0, atMs)
  }

  meshes (): Array<{ meshKey: string, owned: boolean }> {
    return (this.s.get('SELECT mesh_key, owned FROM meshes ORDER BY added_at_ms, mesh_key').all() as Array<{ mesh_key: string, owned: number }>)
      .map(r => ({ meshKey: r.mesh_key, owned: r.owned === 1 }))
  }

  // ---- revocations ----

  /**
   * The revocation and its fact, in one transaction: a row held without its fact would make the same revocation
   * "already held" when it is issued again, and it would never spread.
   */
  addRevocation (r: RevocationRow): boolean {
    return this.tx(() => this.addRevocationRow(r))
  }

  private addRevocationRow (r: RevocationRow): boolean {
    const added = this.s.get('INSERT OR IGNORE INTO revocations (actor_key, mesh_key, handle, envelope, at_ms) VALUES (?, ?, ?, ?, ?)')
      .run(r.actorKey, r.meshKey, r.handle ?? null, r.envelope, r.atMs).changes === 1
    if (added) this.facts.append('revocation', r.envelope, r.atMs)
    return added
  }

  /** Actor key → the meshes that revoked it. */
  revocationMap (): Map<string, Set<string>> {
    const map = new Map<string, Set<string>>()
    for (const r of this.s.get('SELECT actor_key, mesh_key FROM revocations').all() as Array<{ actor_key: string, mesh_key: string }>) {
      const meshes = map.get(r.actor_key) ?? new Set<string>()
      meshes.add(r.mesh_key)
      map.set(r.actor_key, meshes)
    }
    return map
  }

  isRevokedBy (meshKey: string, actorKey: string): boolean {
    return this.s.get('SELECT 1 FROM revocations WHERE actor_key = ? AND mesh_key = ?').get(actorKey, meshKey) !== undefined
  }

  revocations (): RevocationRow[] {
    return (this.s.get('SELECT * FROM revocations ORDER BY at_ms').all() as Array<{ actor_key: string, mesh_key: string, handle: string | null, envelope: Buffer, at_ms: number }>)
      .map(r => ({ actorKey: r.actor_key, meshKey: r.mesh_key, handle: nul(r.handle), envelope: new Uint8Array(r.envelope), atMs: r.at_ms }))
  }

  // ---- renewals ----

  /**
   * Keeps a renewal when it expires later than the one held for its mesh, handle and key; a kept one goes into
   * the fact log (and so spreads). True when it was kept.
   */
  addRenewal (r: RenewalRow): boolean {
    return this.tx(() => this.addRenewalRow(r)) // the renewal and its fact, or neither
  }

  private addRenewalRow (r: RenewalRow): boolean {
    const kept = this.s.get(`INSERT INTO renewals (mesh_key, handle, actor_key, expires_at_ms, envelope, received_at_ms) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (mesh_key, handle, actor_key) DO UPDATE SET expires_at_ms = excluded.expires_at_ms, envelope = excluded.envelope,
        received_at_ms = excluded.received_at_ms WHERE excluded.expires_at_ms > renewals.expires_at_ms`)
      .run(r.meshKey, r.handle, r.actorKey, r.expiresAtMs, r.envelope, r.receivedAtMs).changes === 1
    if (kept) this.facts.append('endorsement', r.envelope, r.receivedAtMs)
    return kept
  }

  renewals (): RenewalRow[] {
    return (this.s.get('SELECT * FROM renewals ORDER BY handle').all() as Array<{ mesh_key: string, handle: string, actor_key: string, expires_at_ms: number, envelope: Buffer, received_at_ms: number }>)
      .map(r => ({ meshKey: r.mesh_key, handle: r.handle, actorKey: r.actor_key, expiresAtMs: r.expires_at_ms, envelope: new Uint8Array(r.envelope), receivedAtMs: r.received_at_ms }))
  }
}
