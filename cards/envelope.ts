// Signed envelopes: a domain-separated Ed25519 signature over the exact payload bytes, or a batch proof
// (one signature over a Merkle root plus this item's inclusion path). Verification returns facts, not exceptions.
import { lengthPrefixed, lengthPrefixedSize, putLengthPrefixed, putUvarint, sha256, utf8, bytesEqual, uvarint, uvarintLength } from './encoding.js'
import { fastSign, fastVerify, PUBLIC_KEY_BYTES } from './ed25519.js'
import { refuse, type Refusal } from './errors.js'
import type { KeyPair } from './keys.js'
import type { BatchProof, Envelope } from '../proto/index.js'

export type { Envelope, BatchProof } from '../proto/index.js'

export const ENVELOPE_DOMAIN = 'aios-comm/v1'
const BATCH_DOMAIN = utf8('aios-comm/v1/batch')
const DOMAIN_BYTES = utf8(ENVELOPE_DOMAIN)
const LEAF = Uint8Array.of(0)
const NODE = Uint8Array.of(1)

export type EnvelopeCheck = { ok: true, envelope: Envelope } | Refusal

export function signingInput (payloadType: string, payload: Uint8Array): Uint8Array {
  return lengthPrefixed(DOMAIN_BYTES, typeBytes(payloadType), payload)
}

// The few payload types in use, encoded once; bounded so that types read off the wire cannot grow it.
const typeCache = new Map<string, Uint8Array>()
const TYPE_CACHE_MAX = 64

function typeBytes (payloadType: string): Uint8Array {
  let b = typeCache.get(payloadType)
  if (b === undefined) {
    b = utf8(payloadType)
    if (typeCache.size >= TYPE_CACHE_MAX) typeCache.clear()
    typeCache.set(payloadType, b)
  }
  return b
}

export function signEnvelope (key: KeyPair, payloadType: string, payload: Uint8Array): Envelope {
  return { payloadType, payload, signer: key.publicKey, signature: fastSign(signingInput(payloadType, payload), key.seed) }
}

/** Signs many payloads with one signature; every envelope stays individually verifiable. */
export function signBatch (key: KeyPair, items: Array<{ payloadType: string, payload: Uint8Array }>): Envelope[] {
  if (items.length === 0) return []
  const leaves = items.map((i, index) => leafHash(index, i.payloadType, i.payload))
  const levels = merkleLevels(leaves)
  const root = levels[levels.length - 1][0]
  const signature = fastSign(batchSigningInput(items.length, root), key.seed)
  return items.map((item, index) => ({
    payloadType: item.payloadType,
    payload: item.payload,
    signer: key.publicKey,
    batch: { root, index, count: items.length, path: inclusionPath(levels, index), signature }
  }))
}

export function verifyEnvelope (env: Envelope, expectedType?: string): EnvelopeCheck {
  if (expectedType !== undefined && env.payloadType !== expectedType) {
    return refuse('ENVELOPE_WRONG_TYPE', `expected a ${expectedType} envelope, got ${JSON.stringify(env.payloadType)}`)
  }
  if (env.signer.byteLength !== PUBLIC_KEY_BYTES) return refuse('ENVELOPE_BAD_SIGNER', 'the envelope signer is not a 32-byte Ed25519 key')
  if (env.signature !== undefined && env.batch === undefined) {
    return fastVerify(env.signature, signingInput(env.payloadType, env.payload), env.signer) ? { ok: true, envelope: env } : refuse('BAD_SIGNATURE', 'the envelope signature does not verify')
  }
  if (env.batch !== undefined && env.signature === undefined) {
    const b = env.batch
    const leaf = leafHash(b.index, env.payloadType, env.payload)
    const tree = knownTreeOf(b, env.signer)
    const nodes: Uint8Array[] = []
    const root = rootFromPath(leaf, b.index, b.count, b.path, tree, nodes)
    if (root === undefined || !bytesEqual(root, b.root)) return refuse('BAD_SIGNATURE', 'the batch inclusion path does not lead to the signed root')
    // a known tree is only ever made after its root's signature verified with exactly these bytes
    if (tree === undefined && !rootVerifies(b.signature, b.count, b.root, env.signer)) return refuse('BAD_SIGNATURE', 'the batch root signature does not verify')
    remember(tree, b, env.signer, nodes)
    return { ok: true, envelope: env }
  }
  return refuse('ENVELOPE_NO_PROOF', 'the envelope carries neither exactly one signature nor one batch proof')
}

// The position is hashed into the leaf and the size signed with the root: a tree's shape lets some paths lead to
// the same root under another (index, count), and an envelope must have one encoding only (its hash names it).
// The leaf's bytes are LEAF || uvarint(index) || signingInput(type, payload): the few bytes before the payload are
// written into an array of their own (small enough for V8's heap) and hashed with the payload, which is not copied
// into a new array first (an array of a message's size is allocated outside the heap: several µs each here).
function leafHash (index: number, payloadType: string, payload: Uint8Array): Uint8Array {
  const named = [DOMAIN_BYTES, typeBytes(payloadType)]
  const head = new Uint8Array(1 + uvarintLength(index) + lengthPrefixedSize(named) + uvarintLength(payload.byteLength))
  head[0] = LEAF[0]
  putUvarint(head, putLengthPrefixed(head, putUvarint(head, 1, index), named), payload.byteLength)
  return sha256(head, payload)
}

function batchSigningInput (count: number, root: Uint8Array): Uint8Array {
  return lengthPrefixed(BATCH_DOMAIN, uvarint(count), root)
}

// Roots whose signature verified, keyed by signer, size, root and signature together: the other items of a batch then
// cost their inclusion path only (a few hashes), not one Ed25519 verification each. Only successes are kept, and
// a key names the exact bytes checked, so a hit is the same answer the verification gave.
const verifiedRoots = new Set<string>()
const VERIFIED_ROOTS_MAX = 4096 // batches in flight between two nodes, with room; cleared when full

// The last root that verified, compared byte for byte: the items of one batch arrive together, so most checks end here.
let lastVerified: { signature: Uint8Array, count: number, root: Uint8Array, signer: Uint8Array } | undefined

function rootVerifies (signature: Uint8Array, count: number, root: Uint8Array, signer: Uint8Array): boolean {
  const last = lastVerified
  if (last !== undefined && last.count === count && bytesEqual(last.signature, signature) && bytesEqual(last.root, root) && bytesEqual(last.signer, signer)) return true
  const id = Buffer.concat([signer, uvarint(count), root, signature]).toString('base64')
  if (verifiedRoots.has(id)) {
    lastVerified = { signature: Uint8Array.from(signature), count, root: Uint8Array.from(root), signer: Uint8Array.from(signer) }
    return true
  }
  if (!fastVerify(signature, batchSigningInput(count, root), signer)) return false
  if (verifiedRoots.size >= VERIFIED_ROOTS_MAX) verifiedRoots.clear()
  verifiedRoots.add(id)
  lastVerified = { signature: Uint8Array.from(signature), count, root: Uint8Array.from(root), signer: Uint8Array.from(signer) }
  return true
}

const nodeInput = new Uint8Array(65) // NODE || left || right; hashing is synchronous, so one buffer serves all
nodeInput[0] = NODE[0]

function nodeHash (left: Uint8Array, right: Uint8Array): Uint8Array {
  if (left.byteLength !== 32 || right.byteLength !== 32) return sha256(NODE, left, right)
  nodeInput.set(left, 1)
  nodeInput.set(right, 33)
  return sha256(nodeInput)
}

// Levels of a Merkle tree, leaves first; an odd node at the end of a level is promoted unchanged.
function merkleLevels (leaves: Uint8Array[]): Uint8Array[][] {
  const levels = [leaves]
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1]
    const level: Uint8Array[] = []
    for (let i = 0; i < below.length; i += 2) level.push(i + 1 < below.length ? nodeHash(below[i], below[i + 1]) : below[i])
    levels.push(level)
  }
  return levels
}

function inclusionPath (levels: Uint8Array[][], index: number): Uint8Array[] {
  const path: Uint8Array[] = []
  for (let l = 0; l < levels.length - 1; l++) {
    const sibling = index ^ 1
    if (sibling < levels[l].length) path.push(levels[l][sibling])
    index >>= 1
  }
  return path
}

// The nodes of the last batch whose root signature verified, learnt from the paths that led to it (each path gives
// its nodes and their siblings at every level). A path of that batch is hashed up to the first node that is exactly
// the one known at its position; when every sibling it states above is exactly the known one too, hashing on would
// give the same known nodes up to the same signed root, so it stops there. Anything else is hashed to the end.
// A few batches are kept, most recent first: a receipt and the sender's header it carries come from two batches.
interface KnownTree { signature: Uint8Array, count: number, root: Uint8Array, signer: Uint8Array, levels: Array<Array<Uint8Array | undefined>> }
const knownTrees: KnownTree[] = []
const KNOWN_TREES_MAX = 8 // batches checked in alternation (receipts, headers, a few senders), with room
const KNOWN_TREE_MAX_COUNT = 4096 // a deliver frame's messages and headers with room; larger batches are not kept

function knownTreeOf (b: BatchProof, signer: Uint8Array): KnownTree | undefined {
  for (const t of knownTrees) if (sameBatch(t, b, signer)) return t
  return undefined
}

function sameBatch (t: KnownTree, b: BatchProof, signer: Uint8Array): boolean {
  return t.count === b.count && bytesEqual(t.root, b.root) && bytesEqual(t.signature, b.signature) && bytesEqual(t.signer, signer)
}

/** Whether, from this level up, the node and every sibling the path states are the known ones; then the path is used up. */
function knownFrom (t: KnownTree, level: number, size: number, index: number, node: Uint8Array, path: Uint8Array[], used: number): boolean {
  const own = t.levels[level]?.[index]
  if (own === undefined || !bytesEqual(own, node)) return false
  for (; size > 1; size = Math.ceil(size / 2), level++) {
    const sibling = index ^ 1
    if (sibling < size) {
      const known = t.levels[level][sibling]
      const other = path[used++]
      if (known === undefined || other === undefined || !bytesEqual(known, other)) return false
    }
    index >>= 1
  }
  return used === path.length
}

// Called only after the path led to the root and the root's signature verified; `nodes` are the ones it computed.
function remember (t: KnownTree | undefined, b: BatchProof, signer: Uint8Array, nodes: Uint8Array[]): void {
  if (b.count > KNOWN_TREE_MAX_COUNT) return
  if (t === undefined) {
    t = { signature: Uint8Array.from(b.signature), count: b.count, root: Uint8Array.from(b.root), signer: Uint8Array.from(signer), levels: [] }
    knownTrees.unshift(t)
    if (knownTrees.length > KNOWN_TREES_MAX) knownTrees.pop()
  }
  let index = b.index
  let used = 0
  let level = 0
  for (let size = b.count; size > 1 && level < nodes.length; size = Math.ceil(size / 2), level++) {
    const row = t.levels[level] ?? (t.levels[level] = [])
    row[index] ??= nodes[level]
    const sibling = index ^ 1
    if (sibling < size) row[sibling] ??= Uint8Array.from(b.path[used++]) // a copy: the caller's bytes must not change what is known
    index >>= 1
  }
}

function rootFromPath (leaf: Uint8Array, index: number, count: number, path: Uint8Array[], tree?: KnownTree, nodes?: Uint8Array[]): Uint8Array | undefined {
  if (!Number.isInteger(index) || !Number.isInteger(count) || index < 0 || index >= count || count > 1 << 20) return undefined
  let node = leaf
  let used = 0
  let level = 0
  for (let size = count; size > 1; size = Math.ceil(size / 2), level++) {
    if (tree !== undefined && knownFrom(tree, level, size, index, node, path, used)) return tree.root
    nodes?.push(node)
    const sibling = index ^ 1
    if (sibling < size) {
      const other = path[used++]
      if (other === undefined || other.byteLength !== 32) return undefined
      node = (index & 1) === 1 ? nodeHash(other, node) : nodeHash(node, other)
    }
    index >>= 1
  }
  return used === path.length ? node : undefined
}
