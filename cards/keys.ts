// Ed25519 key pairs: generation, the text form of public keys ("ed25519:<base64url>"), key ids and key files.
import { b64url, fromB64url, sha256 } from './encoding.js'
import { publicKeyOf, randomSeed, PUBLIC_KEY_BYTES, SEED_BYTES } from './ed25519.js'
import { MeshError } from './errors.js'

export interface KeyPair {
  readonly publicKey: Uint8Array
  readonly seed: Uint8Array
}

const KEY_PREFIX = 'ed25519:'
const KEY_FILE_TYPE = 'aios-comm/ed25519-key'

export function generateKeyPair (): KeyPair {
  const seed = randomSeed()
  return { seed, publicKey: publicKeyOf(seed) }
}

export function keyPairFromSeed (seed: Uint8Array): KeyPair {
  if (seed.byteLength !== SEED_BYTES) throw new MeshError('KEY_CORRUPT', `an Ed25519 seed has ${SEED_BYTES} bytes, got ${seed.byteLength}`)
  return { seed, publicKey: publicKeyOf(seed) }
}

/** The text form of a public key, used in cards, CLI output and `mesh trust KEY`. */
export function keyText (publicKey: Uint8Array): string {
  return KEY_PREFIX + b64url(publicKey)
}

export function parseKeyText (text: string): Uint8Array | undefined {
  if (typeof text !== 'string' || !text.startsWith(KEY_PREFIX)) return undefined
  const raw = fromB64url(text.slice(KEY_PREFIX.length))
  return raw?.byteLength === PUBLIC_KEY_BYTES ? raw : undefined
}

/** A short stable id of a public key: the JWS `kid` of cards. base64url of the first 16 bytes of sha256(key). */
export function keyId (publicKey: Uint8Array): string {
  return b64url(sha256(publicKey).slice(0, 16))
}

export function serializeKeyFile (pair: KeyPair): string {
  return JSON.stringify({ type: KEY_FILE_TYPE, publicKey: keyText(pair.publicKey), seed: b64url(pair.seed) }, null, 2) + '\n'
}

/** Parses a key file; any damage (bad JSON, wrong type, seed that does not match its public key) is KEY_CORRUPT. */
export function parseKeyFile (text: string, what = 'key file'): KeyPair {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (err) {
    throw new MeshError('KEY_CORRUPT', `${what} is not valid JSON; restore it from a backup`, { cause: err })
  }
  const d = doc as Record<string, unknown>
  if (d === null || typeof d !== 'object' || d.type !== KEY_FILE_TYPE || typeof d.seed !== 'string' || typeof d.publicKey !== 'string') {
    throw new MeshError('KEY_CORRUPT', `${what} is not an aios-comm Ed25519 key; restore it from a backup`)
  }
  const seed = fromB64url(d.seed)
  if (seed?.byteLength !== SEED_BYTES) throw new MeshError('KEY_CORRUPT', `${what} has a damaged seed; restore it from a backup`)
  const pair = keyPairFromSeed(seed)
  if (keyText(pair.publicKey) !== d.publicKey) throw new MeshError('KEY_CORRUPT', `${what}: the public key does not match the seed; restore it from a backup`)
  return pair
}
