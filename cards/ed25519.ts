// Ed25519 in two implementations: @noble/ed25519 for keys and cards, node:crypto (OpenSSL) for the per-message
// hot path (≈8x faster here). Ed25519 is deterministic, so both give the same bytes; a test proves it on RFC 8032.
import { createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify, createHash, type KeyObject } from 'node:crypto'
import * as ed from '@noble/ed25519'

ed.hashes.sha512 = (message: Uint8Array) => new Uint8Array(createHash('sha512').update(message).digest())

export const SEED_BYTES = 32
export const PUBLIC_KEY_BYTES = 32
export const SIGNATURE_BYTES = 64

// DER prefixes for raw Ed25519 keys (RFC 8410): PKCS#8 private key and SPKI public key.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

export function randomSeed (): Uint8Array {
  return ed.utils.randomSecretKey()
}

/**
 * The public key of a seed, by node:crypto: @noble/ed25519's first use builds its tables (≈ 100 ms on a loaded
 * machine), and a daemon's start derives its node's and seats' keys before it serves anything.
 */
export function publicKeyOf (seed: Uint8Array): Uint8Array {
  if (seed.byteLength !== SEED_BYTES) throw new TypeError(`an Ed25519 seed has ${SEED_BYTES} bytes, got ${seed.byteLength}`)
  const spki = createPublicKey(privateKeyObject(seed)).export({ format: 'der', type: 'spki' })
  return new Uint8Array(spki.subarray(SPKI_PREFIX.byteLength))
}

/** The public key of a seed by @noble/ed25519 (the same bytes: the RFC 8032 test holds both to the vectors). */
export function noblePublicKeyOf (seed: Uint8Array): Uint8Array {
  return ed.getPublicKey(seed)
}

export function nobleSign (message: Uint8Array, seed: Uint8Array): Uint8Array {
  return ed.sign(message, seed)
}

export function nobleVerify (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.byteLength !== SIGNATURE_BYTES || publicKey.byteLength !== PUBLIC_KEY_BYTES) return false
  try {
    return ed.verify(signature, message, publicKey)
  } catch {
    return false
  }
}

const privateKeyObjects = new WeakMap<Uint8Array, KeyObject>()
const publicKeyCache = new Map<string, KeyObject>()
const PUBLIC_KEY_CACHE_MAX = 4096 // actors in a mesh; bounded so a flood of unknown keys cannot grow it

function privateKeyObject (seed: Uint8Array): KeyObject {
  let key = privateKeyObjects.get(seed)
  if (key === undefined) {
    key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })
    privateKeyObjects.set(seed, key)
  }
  return key
}

function publicKeyObject (publicKey: Uint8Array): KeyObject {
  const id = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString('base64')
  let key = publicKeyCache.get(id)
  if (key === undefined) {
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' })
    if (publicKeyCache.size >= PUBLIC_KEY_CACHE_MAX) publicKeyCache.clear()
    publicKeyCache.set(id, key)
  }
  return key
}

export function fastSign (message: Uint8Array, seed: Uint8Array): Uint8Array {
  const sig = nodeSign(null, message, privateKeyObject(seed)) // a Buffer of its own 64 bytes: viewed, not copied
  return new Uint8Array(sig.buffer, sig.byteOffset, sig.byteLength)
}

export function fastVerify (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.byteLength !== SIGNATURE_BYTES || publicKey.byteLength !== PUBLIC_KEY_BYTES) return false
  try {
    return nodeVerify(null, message, publicKeyObject(publicKey), signature)
  } catch {
    return false
  }
}
