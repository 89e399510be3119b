// `mesh create|show|trust|admit|revoke`: owning or trusting a mesh, endorsing and revoking actor keys.
import { join, resolve } from 'node:path'
import { MeshError, generateKeyPair, keyText, parseKeyText, signEndorsement, signRevocation, DEFAULT_ENDORSEMENT_DAYS } from '../../cards/index.js'
import { writeKeyFile, writePrivateFile } from '../home/files.js'
import type { HomeContext } from './context.js'
import { endorsementFileText, readRequestFile } from './trust-files.js'
import { checkFields } from '../messaging/field-limits.js'
import { MAX_REVOCATION_REASON_BYTES } from '../messaging/limits.js'

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

export function meshAdmit (ctx: HomeContext, requestPath: string, opts: { out?: string, days?: number } = {}): { path: string, handle: string, actorKey: string, expiresAt: string } {
  const owner = ctx.requireMeshOwnerKey()
  const { request } = readRequestFile(requestPath)
  if (keyText(request.meshKey) !== keyText(owner.publicKey)) {
    throw new MeshError('REQUEST_OTHER_MESH', `the request asks to join mesh ${keyText(request.meshKey)}, not this home's mesh ${keyText(owner.publicKey)}`)
  }
  const revoked = ctx.store.identity.revokedKeys()
  if (revoked.has(keyText(request.actorKey))) throw new MeshError('CARD_REVOKED', `key ${keyText(request.actorKey)} is revoked in this mesh; the seat needs a new key`)
  const days = opts.days ?? DEFAULT_ENDORSEMENT_DAYS
  const now = Date.now()
  const bytes = signEndorsement(owner, request.handle, request.actorKey, now, days)
  const path = resolve(opts.out ?? join(ctx.paths.endorsements, `${request.handle}.endorsement.json`))
  writePrivateFile(path, endorsementFileText(bytes, { meshKey: owner.publicKey, handle: request.handle, actorKey: request.actorKey, issuedAtMs: now, expiresAtMs: now + days * 86_400_000 }), 0o644)
  return { path, handle: request.handle, actorKey: keyText(request.actorKey), expiresAt: new Date(now + days * 86_400_000).toISOString() }
}

/** Revokes an actor key by handle (as known from a card or a local seat) or by key text. */
export function meshRevoke (ctx: HomeContext, target: string, reason?: string): { actorKey: string, handle?: string, revoked: boolean } {
  checkFields([['the revocation reason', reason, MAX_REVOCATION_REASON_BYTES]])
  const owner = ctx.requireMeshOwnerKey()
  let actorKey = parseKeyText(target)
  let handle: string | undefined
  if (actorKey === undefined) {
    handle = target
    const known = ctx.store.identity.card(target)?.actorKey ?? ctx.store.identity.actor(target)?.actorKey
    if (known === undefined) throw new MeshError('ACTOR_UNKNOWN', `no card or seat named ${target} is known here; revoke by key instead (aios-comm mesh revoke ed25519:…)`)
    actorKey = parseKeyText(known) as Uint8Array
  }
  const now = Date.now()
  const envelope = signRevocation(owner, actorKey, now, handle, reason)
  const revoked = ctx.store.identity.addRevocation({ actorKey: keyText(actorKey), meshKey: keyText(owner.publicKey), handle, envelope, atMs: now })
  return { actorKey: keyText(actorKey), handle, revoked }
}
