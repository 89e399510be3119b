// Idempotent notify: a client's key names, per sending seat, one obligation for IDEMPOTENCY_WINDOW_MS. The same key
// with the same request returns that obligation and sends nothing; with another request it is refused. The key's row
// is written in the commit that stores the message (notify.ts), so a crash cannot keep one without the other.
import { MeshError, bytesEqual, hex, sha256 } from '../../cards/index.js'
import type { Core } from '../core.js'
import { checkFields, MAX_IDEMPOTENCY_KEY_BYTES } from '../limits/index.js'

// A client that lost an answer retries within seconds; a person re-running a command, or an agent resumed after its
// session restarted, may do so hours later. A day covers both; a key older than that names nothing and is pruned.
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000
// Expired rows deleted by each notify that writes a key: more than one, so the table never grows past the keys of
// one window plus a backlog that every write shrinks, and few enough that one commit stays quick.
export const PRUNE_PER_WRITE = 256
const PRINTABLE = /^[\x20-\x7e]+$/ // printable ASCII: a key is an identifier, shown in errors and logs as it is

export function checkKey (key: string): void {
  checkFields([['the idempotency key', key, MAX_IDEMPOTENCY_KEY_BYTES]])
  if (!PRINTABLE.test(key)) throw new MeshError('IDEMPOTENCY_KEY_INVALID', 'an idempotency key is 1 to 256 printable ASCII characters')
}

/** What a key is bound to: every field of the request that shapes the message (the seat is the key's scope). */
export interface RequestShape {
  to: string
  body: Uint8Array
  contentType: string
  require: string
  thread?: string
  replyTo?: Uint8Array
  ttlMs?: number
}

export function requestHash (r: RequestShape): Uint8Array {
  const shape = [r.to, r.contentType, r.require, r.thread ?? null, r.replyTo === undefined ? null : hex(r.replyTo), r.ttlMs ?? null, hex(sha256(r.body))]
  return sha256(new TextEncoder().encode(JSON.stringify(shape)))
}

/** The key's row while it is inside the window, checked against this request: IDEMPOTENCY_KEY_REUSED for another. */
export function heldKey (core: Core, seat: string, key: string, hash: Uint8Array, nowMs: number): Uint8Array | undefined {
  const row = core.store.idempotency.find(seat, key, nowMs - IDEMPOTENCY_WINDOW_MS)
  if (row === undefined) return undefined
  if (!bytesEqual(row.requestHash, hash)) {
    throw new MeshError('IDEMPOTENCY_KEY_REUSED', `idempotency key ${JSON.stringify(key)} of ${seat} was used for another request (other recipient or content) in the last 24 h; use a new key`)
  }
  return row.messageId
}

/** Writes the key's row; runs inside the commit that stores the message, and prunes expired rows as it goes. */
export function claimKey (core: Core, seat: string, key: string, hash: Uint8Array, messageId: Uint8Array, nowMs: number): void {
  const store = core.store.idempotency
  const notBefore = nowMs - IDEMPOTENCY_WINDOW_MS
  store.prune(notBefore, PRUNE_PER_WRITE)
  if (!store.claim({ seat, key, requestHash: hash, messageId, createdAtMs: nowMs }, notBefore)) {
    throw new MeshError('IDEMPOTENCY_KEY_REUSED', `idempotency key ${JSON.stringify(key)} of ${seat} is taken`) // only if a second writer raced us
  }
}

/** Frees a key whose request was undone (its obligation forgotten, nothing having reached anyone). */
export function releaseKey (core: Core, seat: string, key: string): void {
  core.store.idempotency.release(seat, key)
}

const flights = new WeakMap<Core, Map<string, Promise<unknown>>>()

/**
 * Runs one keyed notify at a time per seat and key: a retry that arrives while the first attempt is still in flight
 * (its client lost the connection, not the daemon) waits for it and then finds its row.
 */
export async function oneAtATime<T> (core: Core, seat: string, key: string, fn: () => Promise<T>): Promise<T> {
  let map = flights.get(core)
  if (map === undefined) flights.set(core, map = new Map())
  const slot = `${seat}\n${key}`
  for (let prior = map.get(slot); prior !== undefined; prior = map.get(slot)) await prior.catch(() => {})
  const p = fn()
  map.set(slot, p)
  try {
    return await p
  } finally {
    if (map.get(slot) === p) map.delete(slot)
  }
}
