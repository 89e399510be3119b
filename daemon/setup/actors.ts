// `actor add|endorse|list`: the seats this home hosts, their keys, carrier settings and endorsements.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import {
  MAX_ROLES_PER_SEAT, MeshError, bytesEqual, checkEndorsement, generateKeyPair, isValidHandle, isValidRole, keyText, normalizeRoles, roleInvalid, signAdmissionRequest,
  signEndorsement, verifyAdmissionRequest, type KeyPair, type McpServer, type SeatSkill
} from '../../cards/index.js'
import { actorKeyPath, seatTokenPath } from '../home/paths.js'
import { writeKeyFile, writePrivateFile } from '../home/files.js'
import type { ActorRow, ContractRow } from '../store/index.js'
import type { HomeContext } from '../home/context.js'
import { readEndorsementFile, requestFileText } from './trust-files.js'
import { refreshLocalCard } from './cards.js'
import { CARRIERS, mergeContract, type ContractOptions } from '../carriers/index.js'
import { isolateSeat } from './seat-tokens.js'
import { checkFields, MAX_MODEL_BYTES, MAX_PANE_BYTES } from '../limits/index.js'
import { checkCapabilities, readSkillsManifest, seatSkills, skillInputs, type SkillInput } from './skills.js'

/** Seat settings; the carrier contract's options (files, probe, command, delays) come from ContractOptions. */
export interface ActorOptions extends ContractOptions {
  carrier?: string
  pane?: string
  tmuxSocket?: string
  model?: string
  requireEnv?: string[]
  mesh?: string
  /** Acting as this seat needs its token (written to <home>/seat-tokens/HANDLE.token). */
  isolated?: boolean
  /** The seat's roles, replacing those it has ([] drops them all); left out, an existing seat keeps its own. */
  roles?: string[]
  /** The seat's skills, replacing those it has ([] drops them and its MCP servers); left out, it keeps its own. */
  skills?: SkillInput[]
  /** A manifest (JSON: skills, mcp, model) that replaces the seat's skills and MCP servers; `skills` are added to its skills. */
  skillsFile?: string
  /** The mesh a join asks this seat into; trusted here only once the join succeeds, so not chosen among trusted ones. */
  requestMesh?: Uint8Array
}

export interface ActorAddResult {
  handle: string
  actorKey: string
  created: boolean
  endorsed: boolean
  /** Path of the admission request to hand to the mesh owner, when this home cannot endorse. */
  request?: string
  /** Acting as the seat needs its token, which is in tokenFile. */
  isolated: boolean
  tokenFile?: string
  /** The roles the seat holds now (its card states them once it is endorsed). */
  roles: string[]
  /** The ids of the skills the seat states now, and the MCP servers it has. */
  skills: string[]
  mcp: string[]
}

/** What the options change of the seat's capabilities: skills, and MCP servers when a manifest names them (or all go). */
interface CapabilityChange { skills?: SeatSkill[], mcp?: McpServer[], model?: string }

/** Reads and checks the manifest and --skill options, before anything changes: a bad one is SKILLS_INVALID. */
function capabilityChange (o: ActorOptions): CapabilityChange {
  if (o.skillsFile === undefined && o.skills === undefined) return {}
  const extra = o.skills === undefined ? [] : skillInputs(o.skills)
  if (o.skillsFile === undefined) {
    const skills = seatSkills(extra)
    checkCapabilities({ skills, mcp: [] })
    return extra.length === 0 ? { skills, mcp: [] } : { skills }
  }
  const m = readSkillsManifest(o.skillsFile)
  const c = checkCapabilities({ skills: seatSkills([...m.skills, ...extra]), mcp: m.mcp }, o.skillsFile)
  return { ...c, ...(m.model !== undefined ? { model: m.model } : {}) }
}

function validateOptions (o: ActorOptions): CapabilityChange {
  checkFields([['the model', o.model, MAX_MODEL_BYTES], ['the pane', o.pane, MAX_PANE_BYTES]]) // both go into the signed card
  if (o.carrier !== undefined && !(CARRIERS as readonly string[]).includes(o.carrier)) {
    throw new MeshError('CARRIER_UNKNOWN', `carrier ${JSON.stringify(o.carrier)} is not one of ${CARRIERS.join(', ')}`)
  }
  if (o.pane !== undefined && !/^%\d+$/.test(o.pane)) throw new MeshError('PANE_INVALID', `pane ${JSON.stringify(o.pane)} is not a tmux pane id like %3`)
  for (const v of o.requireEnv ?? []) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) throw new MeshError('ENV_NAME_INVALID', `${JSON.stringify(v)} is not an environment variable name`)
  }
  checkRoles(o.roles)
  return capabilityChange(o)
}

/** Roles go into the signed card, which every node refuses when one is not a role name or there are too many. */
function checkRoles (roles: string[] | undefined): void {
  if (roles === undefined) return
  const bad = roles.find(r => !isValidRole(r))
  if (bad !== undefined) throw roleInvalid(bad)
  if (normalizeRoles(roles).length > MAX_ROLES_PER_SEAT) throw new MeshError('ROLE_INVALID', `a seat holds at most ${MAX_ROLES_PER_SEAT} roles`)
}

export async function actorAdd (ctx: HomeContext, handle: string, opts: ActorOptions = {}): Promise<ActorAddResult> {
  if (!isValidHandle(handle)) throw new MeshError('HANDLE_INVALID', `${JSON.stringify(handle)} is not a handle: use 1-63 of a-z 0-9 . _ - starting with a letter or digit`)
  const change = validateOptions(opts)
  const o = { ...opts, model: opts.model ?? change.model }
  const existing = ctx.store.identity.actor(handle)
  const result = existing !== undefined ? await updateActor(ctx, existing, o, change) : await createActor(ctx, handle, o, change)
  if (opts.isolated === true) return { ...result, isolated: true, tokenFile: isolateSeat(ctx, handle).tokenFile }
  const tokenFile = ctx.store.seatTokens.hash(handle) === undefined ? undefined : seatTokenPath(ctx.paths, handle)
  return tokenFile === undefined ? result : { ...result, isolated: true, tokenFile }
}

/**
 * The key of a seat made here: a new one, written before the seat's row; or the one a key file already holds for the
 * handle, which is never replaced. Such a file is a seat's identity whose row is gone (a crash between the two writes,
 * a store restored from an older backup): a new key would take the seat's name from the key its peers know. A key
 * revoked here is refused (KEY_EXISTS); a damaged file is KEY_CORRUPT, never written over.
 */
function seatKey (ctx: HomeContext, handle: string): KeyPair {
  const path = actorKeyPath(ctx.paths, handle)
  if (!existsSync(path)) {
    const pair = generateKeyPair()
    writeKeyFile(path, pair)
    return pair
  }
  const held = ctx.actorKey(handle)
  if (ctx.store.identity.revocationMap().has(keyText(held.publicKey))) {
    throw new MeshError('KEY_EXISTS', `${path} holds key ${keyText(held.publicKey)}, which is revoked; move the file aside to give ${handle} a new key`)
  }
  return held
}

async function createActor (ctx: HomeContext, handle: string, opts: ActorOptions, change: CapabilityChange): Promise<ActorAddResult> {
  const id = ctx.store.identity
  const held = id.card(handle)
  if (held !== undefined) throw new MeshError('HANDLE_CONFLICT', `${handle} is already the handle of key ${held.actorKey} elsewhere in the mesh; choose another handle`)
  const meshKey = opts.requestMesh ?? ctx.chooseMesh(opts.mesh)
  const contract = mergeContract(handle, opts.carrier ?? 'shell', undefined, opts)
  const owner = ctx.meshOwnerKey()
  const pair = seatKey(ctx, handle)
  const now = Date.now()
  const endorsement = owner !== undefined && bytesEqual(owner.publicKey, meshKey) ? signEndorsement(owner, handle, pair.publicKey, now) : undefined
  const seat: ActorRow = {
    handle,
    actorKey: keyText(pair.publicKey),
    carrier: opts.carrier ?? 'shell',
    model: opts.model,
    pane: opts.pane,
    tmuxSocket: opts.tmuxSocket,
    requireEnv: opts.requireEnv ?? [],
    endorsement,
    hosted: true,
    createdAtMs: now,
    roles: normalizeRoles(opts.roles ?? []),
    skills: change.skills,
    mcp: change.mcp
  }
  // The seat, its contract and (isolated) its token's hash are one write: a seat never exists, not even for a moment
  // or after a crash, without the checks its wakes need or the token it must be acted as with.
  ctx.store.tx(() => {
    id.insertActor(seat)
    ctx.store.carriers.setContract(handle, contract)
    if (opts.isolated === true) isolateSeat(ctx, handle)
  })
  const result: ActorAddResult = {
    handle, actorKey: keyText(pair.publicKey), created: true, endorsed: endorsement !== undefined, isolated: false, roles: normalizeRoles(opts.roles ?? []),
    ...capabilityNames(change.skills, change.mcp)
  }
  if (endorsement !== undefined) {
    await refreshLocalCard(ctx, handle)
  } else {
    result.request = writeRequest(ctx, handle, meshKey)
  }
  return result
}

function writeRequest (ctx: HomeContext, handle: string, meshKey: Uint8Array): string {
  const pair = ctx.actorKey(handle)
  const bytes = signAdmissionRequest(pair, meshKey, handle, Date.now())
  const v = verifyAdmissionRequest(bytes)
  if (!v.ok) throw new MeshError(v.code, v.reason)
  const path = join(ctx.paths.requests, `${handle}.request.json`)
  writePrivateFile(path, requestFileText(bytes, v.value), 0o644)
  return path
}

async function updateActor (ctx: HomeContext, a: ActorRow, opts: ActorOptions, change: CapabilityChange): Promise<ActorAddResult> {
  const contract = mergeContract(a.handle, opts.carrier ?? a.carrier, ctx.store.carriers.contract(a.handle), opts)
  const roles = opts.roles === undefined ? a.roles : normalizeRoles(opts.roles)
  const skills = change.skills ?? a.skills ?? []
  const mcp = change.mcp ?? a.mcp ?? []
  ctx.store.tx(() => { // every setting of the command, or none: a card is never signed from half of them
    ctx.store.identity.updateCarrier(a.handle, {
      carrier: opts.carrier ?? a.carrier,
      model: opts.model ?? a.model,
      pane: opts.pane ?? a.pane,
      tmuxSocket: opts.tmuxSocket ?? a.tmuxSocket,
      requireEnv: opts.requireEnv ?? a.requireEnv
    })
    if (opts.roles !== undefined) ctx.store.identity.setRoles(a.handle, roles) // the card below states them (seq + 1 when they changed)
    if (change.skills !== undefined) ctx.store.identity.setCapabilities(a.handle, { skills, mcp }) // seq + 1 when they changed
    ctx.store.carriers.setContract(a.handle, contract)
  })
  const result: ActorAddResult = { handle: a.handle, actorKey: a.actorKey, created: false, endorsed: a.endorsement !== undefined, isolated: false, roles, ...capabilityNames(skills, mcp) }
  if (a.endorsement !== undefined) await refreshLocalCard(ctx, a.handle)
  else {
    const path = join(ctx.paths.requests, `${a.handle}.request.json`)
    result.request = existsSync(path) ? path : writeRequest(ctx, a.handle, opts.requestMesh ?? ctx.chooseMesh(opts.mesh))
  }
  return result
}

function capabilityNames (skills: readonly SeatSkill[] = [], mcp: readonly McpServer[] = []): { skills: string[], mcp: string[] } {
  return { skills: skills.map(s => s.id), mcp: mcp.map(m => m.server) }
}

export async function actorEndorse (ctx: HomeContext, handle: string, file: string): Promise<{ handle: string, meshKey: string, expiresAt: string }> {
  const a = ctx.store.identity.actor(handle)
  if (a === undefined) throw new MeshError('ACTOR_UNKNOWN', `no seat ${handle} on this home; run aios-comm actor add ${handle}`)
  const { bytes, endorsement } = readEndorsementFile(file)
  const check = checkEndorsement(bytes, handle, ctx.actorKey(handle).publicKey, ctx.trustContext())
  if (!check.ok) throw new MeshError(check.code, `${file}: ${check.reason}`)
  ctx.store.identity.setEndorsement(handle, bytes)
  await refreshLocalCard(ctx, handle)
  return { handle, meshKey: keyText(endorsement.meshKey), expiresAt: new Date(endorsement.expiresAtMs).toISOString() }
}

export interface ActorView {
  handle: string
  actorKey: string
  carrier: string
  model?: string
  pane?: string
  tmuxSocket?: string
  requireEnv: string[]
  endorsed: boolean
  /** Acting as it needs its token. */
  isolated: boolean
  /** The roles the seat holds (sorted). */
  roles: string[]
  /** The skills and MCP servers its card states. */
  skills: SeatSkill[]
  mcp: McpServer[]
  cardSeq?: number
  /** The rest of the carrier contract (migration 004). */
  contract?: ContractRow
}

export function actorList (ctx: HomeContext): ActorView[] {
  return ctx.store.identity.actors().map(a => ({
    handle: a.handle,
    actorKey: a.actorKey,
    carrier: a.carrier,
    model: a.model,
    pane: a.pane,
    tmuxSocket: a.tmuxSocket,
    requireEnv: a.requireEnv,
    endorsed: a.endorsement !== undefined,
    isolated: ctx.store.seatTokens.hash(a.handle) !== undefined,
    roles: a.roles,
    skills: a.skills ?? [],
    mcp: a.mcp ?? [],
    cardSeq: ctx.store.identity.card(a.handle)?.seq,
    contract: ctx.store.carriers.contract(a.handle)
  }))
}
