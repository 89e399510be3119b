// Moving a seat to another node: `actor export` writes the seat (key, endorsement, card, carrier settings) to a
// private file and releases it here; `actor import` on the new node hosts it and signs a card with seq + 1.
// The released seat's open messages wait in the outbox ('handoff') until its new Current is known.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { MeshError, b64url, fromB64url, keyPairFromSeed, keyText, verifyCardJson } from '../../cards/index.js'
import { actorKeyPath } from '../home/paths.js'
import { writeKeyFile, writePrivateFile } from '../home/files.js'
import type { Store } from '../store/index.js'
import type { HomeContext } from '../home/context.js'
import { refreshLocalCard } from './cards.js'
import { importCardJson } from '../directory/index.js'

const SEAT_KIND = 'aios-comm/seat'

/** Marks the seat not hosted here and queues its open messages for whichever node hosts it next. */
export function releaseSeat (store: Store, handle: string, nowMs = Date.now()): number {
  const open = store.messages.openFor(handle)
  store.tx(() => {
    store.identity.setHosted(handle, false)
    for (const m of open) store.outbox.enqueue('handoff', m.id, handle, nowMs)
  })
  return open.length
}

export function actorExport (ctx: HomeContext, handle: string, out?: string): { path: string, handle: string, handoff: number } {
  const a = ctx.store.identity.actor(handle)
  if (a === undefined || !a.hosted) throw new MeshError('ACTOR_NOT_LOCAL', `${handle} is not a seat hosted on this home`)
  const card = ctx.store.identity.card(handle)
  if (a.endorsement === undefined || card === undefined) throw new MeshError('CARD_NOT_ENDORSED', `${handle} has no endorsed card yet; there is nothing to move`)
  const pair = ctx.actorKey(handle)
  const path = resolve(out ?? join(ctx.paths.root, 'exports', `${handle}.seat.json`))
  writePrivateFile(path, JSON.stringify({
    kind: SEAT_KIND, handle, publicKey: keyText(pair.publicKey), seed: b64url(pair.seed), endorsement: b64url(a.endorsement),
    card: card.json, carrier: a.carrier, model: a.model, requireEnv: a.requireEnv
  }, null, 2) + '\n')
  return { path, handle, handoff: releaseSeat(ctx.store, handle) }
}

export async function actorImport (ctx: HomeContext, file: string, opts: { pane?: string, tmuxSocket?: string } = {}): Promise<{ handle: string, seq: number }> {
  // a seat file's fields, each still to be checked: the file may be anything
  let doc: Partial<Record<'kind' | 'seed' | 'endorsement' | 'handle' | 'card' | 'publicKey' | 'carrier' | 'model' | 'requireEnv', unknown>> | null
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new MeshError('SEAT_FILE_MALFORMED', `${file} is not a readable seat file`, { cause: err })
  }
  const seed = typeof doc?.seed === 'string' ? fromB64url(doc.seed) : undefined
  const endorsement = typeof doc?.endorsement === 'string' ? fromB64url(doc.endorsement) : undefined
  if (doc?.kind !== SEAT_KIND || seed?.byteLength !== 32 || endorsement === undefined || typeof doc.handle !== 'string' || typeof doc.card !== 'string' ||
    typeof doc.publicKey !== 'string') {
    throw new MeshError('SEAT_FILE_MALFORMED', `${file} is not an aios-comm seat file (aios-comm actor export)`)
  }
  const handle = doc.handle
  const publicKey = doc.publicKey
  const pair = keyPairFromSeed(seed)
  if (keyText(pair.publicKey) !== publicKey) throw new MeshError('KEY_CORRUPT', `${file}: the seed does not match its public key`)
  const here = ctx.store.identity.actor(handle)
  if (here?.hosted === true) throw new MeshError('ACTOR_EXISTS', `${handle} is already hosted on this home`)
  if (here !== undefined && here.actorKey !== publicKey) throw new MeshError('HANDLE_CONFLICT', `${handle} was a seat here with another key`)
  const keyPath = actorKeyPath(ctx.paths, handle)
  if (existsSync(keyPath) && keyText(ctx.actorKey(handle).publicKey) !== publicKey) {
    // a file left by another key of the handle (a seat that lived here before): the card would be signed with it
    throw new MeshError('KEY_EXISTS', `${keyPath} holds another key of ${handle} than the one moved here; move that file aside, then import again`)
  }
  try {
    importCardJson(ctx, doc.card)
  } catch (err) {
    // a newer card than the exported one may be held already; anything else is a real refusal
    if (!(err instanceof MeshError) || err.code !== 'CARD_STALE_SEQ') throw err
  }
  if (!existsSync(keyPath)) writeKeyFile(keyPath, pair)
  const moved = verifyCardJson(doc.card) // checked by importCardJson above: the roles and capabilities the seat held travel with it
  const roles = moved.ok ? moved.card.roles ?? [] : []
  const capabilities = moved.ok ? { skills: moved.card.skills, mcp: moved.card.mcp } : {}
  ctx.store.identity.upsertActor({
    handle, actorKey: publicKey, carrier: typeof doc.carrier === 'string' ? doc.carrier : 'shell', model: typeof doc.model === 'string' ? doc.model : undefined, pane: opts.pane, tmuxSocket: opts.tmuxSocket,
    requireEnv: Array.isArray(doc.requireEnv) ? doc.requireEnv.filter((v): v is string => typeof v === 'string') : [], endorsement, hosted: true, createdAtMs: Date.now(), roles, ...capabilities
  })
  const card = await refreshLocalCard(ctx, handle)
  return { handle, seq: card.seq }
}
