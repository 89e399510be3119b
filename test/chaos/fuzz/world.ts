// An in-process node for fuzzing what a daemon runs on received bytes: a real home (SQLite in /dev/shm when it
// exists), the same Core and Directory the daemon builds, the mesh owner key, and valid signed samples —
// messages, receipts, cards, trust facts — from endorsed actors, plus a rogue key the mesh never endorsed.
import '../../../daemon/runtime/polyfill.js'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey } from '@libp2p/peer-id'
import {
  buildCard, cardJson, keyPairFromSeed, sha256, signAdmissionRequest, signBatch, signCard, signEndorsement, signEnvelope,
  signRevocation, utf8, type KeyPair
} from '../../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, messageToWire, type MessageData, type ReceiptData } from '../../../proto/index.js'
import { HomeContext, importCardJson, actorAdd, initHome, meshCreate, refreshLocalCard } from '../../../daemon/index.js'
import { Core } from '../../../daemon/core.js'
import { Directory } from '../../../daemon/directory/directory.js'
import { createLogger } from '../../../daemon/runtime/log.js'
import { acceptMessages, notify, parseObligation } from '../../../daemon/messaging/index.js'
import { headerPayload, messageIdFor, signReceipt } from '../../../daemon/receipts/index.js'
import { signedInlineReceipt } from '../../helpers/raw-peer.js'

export interface Actor {
  handle: string
  key: KeyPair
  peerId: string
}

export interface World {
  dir: string
  ctx: HomeContext
  core: Core
  owner: KeyPair
  a: Actor // hosted here
  b: Actor // endorsed, on another node
  c: Actor // endorsed, on another node
  d: Actor // endorsed, on another node: a seat that turns against the mesh
  rogue: KeyPair // never endorsed
  /** Signed message envelopes from b and c to a (plain and batch-signed), some already delivered. */
  messages: Uint8Array[]
  /** Each message's sender-signed header, in the order of messages. */
  headers: Uint8Array[]
  /** Receipts by a about messages it holds, by b about a message a sent it. */
  receipts: Uint8Array[]
  /** The content of the COMPLETE receipts' evidence (what goes beside a receipt to its sender). */
  evidence: Uint8Array
  /** Card JSON of b, seq 1..3 (the newest held), and of c. */
  cards: string[]
  endorsements: Uint8Array[]
  revocations: Uint8Array[]
  admissions: Uint8Array[]
  close: () => void
}

const seed = (n: number): Uint8Array => new Uint8Array(32).fill(n)

/** The libp2p peer id of node `n` of the fuzzing world (2, 3 and 4 host b, c and d; others host no one). */
export async function peerIdOf (n: number): Promise<string> {
  return peerIdFromPrivateKey(await generateKeyPairFromSeed('Ed25519', seed(100 + n))).toString()
}

/** A deterministic nonce per sender, recipient and body, so the same call names the same message id. */
export function nonceOf (from: { handle: string }, to: string, fields: Partial<MessageData> = {}): Uint8Array {
  return sha256(utf8(`${from.handle}:${to}:${JSON.stringify(fields.body ?? '')}:${String(fields.sentAtMs ?? 0)}`)).subarray(0, 16)
}

export function message (from: Actor | { handle: string, key: KeyPair }, to: string, fields: Partial<MessageData> = {}): MessageData {
  return {
    id: messageIdFor(from.key.publicKey, nonceOf(from, to, fields)),
    from: from.handle,
    to,
    sentAtMs: 1_700_000_000_000,
    contentType: 'text/plain',
    body: utf8('hello'),
    require: 'COMPLETE',
    fromKey: from.key.publicKey,
    ...fields
  }
}

export function signMessage (key: KeyPair, m: MessageData): Uint8Array {
  return envelopeToWire(signEnvelope(key, PAYLOAD_TYPES.message, messageToWire(m)))
}

/** The header a sender signs beside a message made by message(). */
export function signHeader (key: KeyPair, m: MessageData, nonce: Uint8Array): Uint8Array {
  return envelopeToWire(signEnvelope(key, PAYLOAD_TYPES.header, headerPayload(m, messageToWire(m), nonce)))
}

export function card (owner: KeyPair, x: Actor, seq: number, nowMs: number): string {
  const endorsement = signEndorsement(owner, x.handle, x.key.publicKey, nowMs)
  return cardJson(signCard(buildCard(x.key.publicKey, {
    handle: x.handle, peerId: x.peerId, multiaddrs: [`/ip4/127.0.0.1/tcp/${4000 + seq}`], seq, carrier: 'shell', model: `m${seq}`, updatedAtMs: nowMs, endorsement
  }), x.key))
}

export async function createWorld (): Promise<World> {
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'aios-fuzz-'))
  await initHome(dir, { listen: ['/ip4/127.0.0.1/tcp/1'] })
  let ctx = HomeContext.open(dir)
  meshCreate(ctx)
  await actorAdd(ctx, 'agent-a')
  await refreshLocalCard(ctx, 'agent-a')
  const owner = ctx.requireMeshOwnerKey()
  const now = Date.now()
  const a: Actor = { handle: 'agent-a', key: ctx.actorKey('agent-a'), peerId: await ctx.peerId() }
  const b: Actor = { handle: 'agent-b', key: keyPairFromSeed(seed(2)), peerId: await peerIdOf(2) }
  const c: Actor = { handle: 'agent-c', key: keyPairFromSeed(seed(3)), peerId: await peerIdOf(3) }
  const d: Actor = { handle: 'agent-d', key: keyPairFromSeed(seed(4)), peerId: await peerIdOf(4) }
  const rogue = keyPairFromSeed(seed(9))
  const cards = [card(owner, b, 1, now - 2000), card(owner, b, 2, now - 1000), card(owner, b, 3, now), card(owner, c, 1, now), card(owner, d, 1, now)]
  for (const json of cards) importCardJson(ctx, json)
  ctx.close()
  ctx = HomeContext.open(dir) // as a daemon finds it: cards on disk
  const log = createLogger('fuzz', 'error')
  const core = new Core(ctx, new Directory(ctx, a.peerId), a.peerId, log)

  const specs: Array<[Actor, string, Partial<MessageData>]> = [
    [b, 'agent-a', {}],
    [b, 'agent-a', { body: utf8('with a thread'), thread: 't1', replyTo: new Uint8Array(16).fill(7), expiresAtMs: now + 86_400_000 }],
    [c, 'agent-a', { body: utf8('from c'), attachments: [{ name: 'f', contentType: 'text/plain', sha256: sha256(utf8('x')), size: 1, inline: utf8('x') }] }],
    [b, 'agent-z', { body: utf8('not hosted here') }]
  ]
  const plain = specs.map(([x, to, f]) => signMessage(x.key, message(x, to, f)))
  const headers = specs.map(([x, to, f]) => signHeader(x.key, message(x, to, f), nonceOf(x, to, f)))
  const batched = [0, 1, 2].map(i => ({ body: utf8(`batch ${i}`) }))
  const batch = signBatch(b.key, batched.flatMap(f => {
    const m = message(b, 'agent-a', f)
    const payload = messageToWire(m)
    return [{ payloadType: PAYLOAD_TYPES.message, payload }, { payloadType: PAYLOAD_TYPES.header, payload: headerPayload(m, payload, nonceOf(b, 'agent-a', f)) }]
  })).map(envelopeToWire)
  const messages = [...plain, ...batch.filter((_, i) => i % 2 === 0)]
  headers.push(...batch.filter((_, i) => i % 2 === 1))
  await acceptMessages(core, [messages[0], messages[4]], [headers[0], headers[4]], b.peerId) // held, with DELIVERED receipts

  const held = core.store.messages.message(message(b, 'agent-a').id)
  if (held === undefined) throw new Error('the world could not deliver its first message')
  const about = (m: { id: Uint8Array, hash: Uint8Array, header?: Uint8Array }, state: ReceiptData['state'], extra: Partial<ReceiptData> = {}): ReceiptData =>
    ({ messageId: m.id, messageHash: m.hash, actor: 'agent-a', state, atMs: now, from: 'agent-b', header: m.header, ...extra })
  const evidence = utf8('done: the report is written')
  const receipts = [
    signReceipt(a.key, about(held, 'READ')).envelope,
    signReceipt(a.key, about(held, 'CONSUMED', { note: 'on it' })).envelope,
    signReceipt(a.key, about(held, 'COMPLETE', { evidence: { path: '/tmp/evidence.txt', sha256: sha256(evidence), size: evidence.byteLength } })).envelope,
    signReceipt(a.key, about(held, 'REJECTED', { code: 'NOT_MINE', note: 'wrong seat' })).envelope
  ]
  // a message a sent to b, and b's receipts about it
  const sent = await notify(core, { to: 'agent-b', body: utf8('for b') })
  const out = core.store.messages.message(parseObligation(sent.obligation))
  if (out === undefined) throw new Error('the world could not send its first message')
  const byB = (state: ReceiptData['state'], extra: Partial<ReceiptData> = {}): Uint8Array =>
    signReceipt(b.key, { messageId: out.id, messageHash: out.hash, actor: 'agent-b', state, atMs: now, from: 'agent-a', header: out.header, ...extra }).envelope
  const bEvidence = { path: '/tmp/b.txt', sha256: sha256(evidence), size: evidence.byteLength }
  receipts.push(byB('DELIVERED'), byB('READ'), byB('COMPLETE', { evidence: bEvidence }))
  // as an older node signed it: the content inside the signed payload (refused everywhere, EVIDENCE_INLINE)
  receipts.push(signedInlineReceipt(b.key, { messageId: out.id, messageHash: out.hash, actor: 'agent-b', state: 'COMPLETE', atMs: now, from: 'agent-a', header: out.header, evidence: bEvidence }, evidence))
  const endorsements = [signEndorsement(owner, 'agent-b', b.key.publicKey, now), signEndorsement(owner, 'agent-c', c.key.publicKey, now)]
  const revocations = [signRevocation(owner, keyPairFromSeed(seed(20)).publicKey, now, 'agent-z', 'lost laptop')]
  const admissions = [signAdmissionRequest(keyPairFromSeed(seed(30)), owner.publicKey, 'agent-d', now), signAdmissionRequest(keyPairFromSeed(seed(31)), owner.publicKey, 'agent-e', now)]
  return {
    dir, ctx, core, owner, a, b, c, d, rogue, messages, headers, receipts, evidence, cards, endorsements, revocations, admissions,
    close: () => { ctx.close(); rmSync(dir, { recursive: true, force: true }) }
  }
}

/** Hex of bytes, for sets of genuine objects. */
export function hexOf (b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex')
}
