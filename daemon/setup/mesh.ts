// `mesh create|show|trust|admit|revoke`: owning or trusting a mesh, endorsing and revoking actor keys.
import { join, resolve } from 'node:path'
import {
  MeshError, generateKeyPair, keyText, parseKeyText, signEndorsement, signRevocation, verifyCardJson, verifyEndorsement, DEFAULT_ENDORSEMENT_DAYS
} from '../../cards/index.js'
import { writeKeyFile, writePrivateFile } from '../home/files.js'
import type { HomeContext } from '../home/context.js'
import { endorsementFileText, readRequestFile } from './trust-files.js'
import { settleConflicts } from './conflicts.js'
import { validityMs } from './renewal.js'
import { checkFields, MAX_REVOCATION_REASON_BYTES } from '../limits/index.js'

export function meshCreate (ctx: HomeContext): { meshKey: string, created: boolean } {
  let owner = ctx.meshOwnerKey()
  const created = owner === undefined
  if (owner === undefined) {
    owner = generateKeyPair()
    writeKeyFile(ctx.paths.meshKey, owner)
  }
  const meshKey = keyText(owner.publicKey)
  ctx.store.identity.addMesh(meshKey, true, Date.now())
  return { meshKey, created }
}

export function meshShow (ctx: HomeContext): { meshKey?: string, trusted: Array<{ meshKey: string, owned: boolean }> } {
  const trusted = ctx.store.identity.meshes()
  const owned = ctx.meshOwnerKey()
  const meshKey = owned !== undefined ? keyText(owned.publicKey) : (trusted.length === 1 ? trusted[0].meshKey : undefined)
  return { meshKey, trusted }
}

export function meshTrust (ctx: HomeContext, key: string): { meshKey: string } {
  if (parseKeyText(key) === undefined) throw new MeshError('KEY_INVALID', `${key} is not a mesh key (ed25519:<base64url>, as printed by aios-comm mesh show)`)
  ctx.store.identity.addMesh(key, false, Date.now())
  return { meshKey: key }
}

export function meshAdmit (ctx: HomeContext, requestPath: string, opts: { out?: string, days?: number, validForMs?: number } = {}): { path: string, handle: string, actorKey: string, expiresAt: string } {
  const validMs = validityMs(opts)
  const owner = ctx.requireMeshOwnerKey()
  const { request } = readRequestFile(requestPath)
  if (keyText(request.meshKey) !== keyText(owner.publicKey)) {
    throw new MeshError('REQUEST_OTHER_MESH', `the request asks to join mesh ${keyText(request.meshKey)}, not this home's mesh ${keyText(owner.publicKey)}`)
  }
  if (ctx.store.identity.isRevokedBy(keyText(owner.publicKey), keyText(request.actorKey))) throw new MeshError('CARD_REVOKED', `key ${keyText(request.actorKey)} is revoked in this mesh; the seat needs a new key`)
  const now = Date.now()
  const bytes = signEndorsement(owner, request.handle, request.actorKey, now, DEFAULT_ENDORSEMENT_DAYS, validMs)
  const path = resolve(opts.out ?? join(ctx.paths.endorsements, `${request.handle}.endorsement.json`))
  writePrivateFile(path, endorsementFileText(bytes, { meshKey: owner.publicKey, handle: request.handle, actorKey: request.actorKey, issuedAtMs: now, expiresAtMs: now + validMs }), 0o644)
  return { path, handle: request.handle, actorKey: keyText(request.actorKey), expiresAt: new Date(now + validMs).toISOString() }
}

/**
 * Revokes an actor key by handle (as known from a card or a local seat) or by key text. A key this home knows
 * to be endorsed by another mesh is refused: only the mesh that endorsed a key can revoke it. A key not seen yet
 * is revoked ahead, for this mesh only; a handle conflict it settles ends at once.
 */
export function meshRevoke (ctx: HomeContext, target: string, reason?: string): { actorKey: string, handle?: string, revoked: boolean } {
  checkFields([['the revocation reason', reason, MAX_REVOCATION_REASON_BYTES]])
  const owner = ctx.requireMeshOwnerKey()
  const meshKey = keyText(owner.publicKey)
  const id = ctx.store.identity
  let actorKey = parseKeyText(target)
  let handle: string | undefined
  if (actorKey === undefined) {
    handle = target
    const known = id.card(target)?.actorKey ?? id.actor(target)?.actorKey
    if (known === undefined) throw new MeshError('ACTOR_UNKNOWN', `no card or seat named ${target} is known here; revoke by key instead (aios-comm mesh revoke ed25519:…)`)
    actorKey = parseKeyText(known) as Uint8Array
  }
  const endorsedBy = endorsingMeshes(ctx, keyText(actorKey))
  if (endorsedBy.size > 0 && !endorsedBy.has(meshKey)) {
    throw new MeshError('REVOCATION_OTHER_MESH', `${handle ?? keyText(actorKey)} is endorsed by mesh ${[...endorsedBy].join(', ')}, not by this home's mesh ${meshKey}; only the mesh that endorsed a key can revoke it`)
  }
  const now = Date.now()
  const envelope = signRevocation(owner, actorKey, now, handle, reason)
  const revoked = id.addRevocation({ actorKey: keyText(actorKey), meshKey, handle, envelope, atMs: now })
  if (revoked) settleConflicts(ctx, now)
  return { actorKey: keyText(actorKey), handle, revoked }
}

/** The meshes whose endorsement of this key this home holds, in a card or a local seat. */
function endorsingMeshes (ctx: HomeContext, actorKey: string): Set<string> {
  const id = ctx.store.identity
  const endorsements: Uint8Array[] = []
  for (const c of id.cards()) {
    if (c.actorKey !== actorKey) continue
    const v = verifyCardJson(c.json)
    if (v.ok) endorsements.push(v.card.endorsement)
  }
  for (const a of id.actors()) if (a.actorKey === actorKey && a.endorsement !== undefined) endorsements.push(a.endorsement)
  const meshes = new Set<string>()
  for (const bytes of endorsements) {
    const e = verifyEndorsement(bytes)
    if (e.ok) meshes.add(keyText(e.value.meshKey))
  }
  return meshes
}
