// The recipient side of delivery: verify each message, commit the batch durably, then sign DELIVERED.
// Idempotent: the same id and content again returns the stored receipt; other content is an equivocation.
import { bytesEqual, sha256, verifyEnvelope, type Refusal } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire, messageFromWire, type DeliverResultData, type MessageData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { checkHeaderFor, deriveState, nextState, roleOfAddress, signReceipts } from '../receipts/index.js'
import { localRoleSeats } from './roles.js'
import { MAX_CONTENT_TYPE_BYTES, MAX_MESSAGE_BYTES, MAX_THREAD_BYTES, oversized } from '../limits/index.js'
import { crashPoint } from '../runtime/crash-point.js'

/** Codes a sender should retry later; every other refusal is final for that message. */
export const TRANSIENT_CODES = new Set(['NOT_HOSTED_HERE', 'INTERNAL', 'STORE_FAILED', 'BUSY', 'RATE_LIMITED'])

interface Fresh {
  index: number
  msg: MessageData
  /** The seats it is for: its recipient, or the role's seats here (the first signs DELIVERED; each is offered it). */
  seats: string[]
  bytes: Uint8Array
  header: Uint8Array
  hash: Uint8Array
  existing: boolean
  /** The state to write once its DELIVERED receipt is stored (undefined: the message was stored with it). */
  state?: string
}

export type Checked = { ok: true, msg: MessageData, hash: Uint8Array, header: Uint8Array } | Refusal

/**
 * Every check a message passes before it is stored for a local seat (its recipient, or with `forAuditor` its auditor);
 * a handed-over message, or one to audit, may be past its TTL.
 * The sender-signed header must describe the message exactly: every receipt for it will carry that header.
 */
export function verifyMessage (core: Core, bytes: Uint8Array, header: Uint8Array | undefined, nowMs: number, opts: { ignoreExpiry?: boolean, forAuditor?: boolean } = {}): Checked {
  if (bytes.byteLength > MAX_MESSAGE_BYTES) return { ok: false, code: 'MESSAGE_TOO_LARGE', reason: `a message may have at most ${MAX_MESSAGE_BYTES} bytes` }
  let msg: MessageData
  let payload: Uint8Array
  try {
    const env = envelopeFromWire(bytes)
    const v = verifyEnvelope(env, PAYLOAD_TYPES.message)
    if (!v.ok) return { ok: false, code: 'BAD_SIGNATURE', reason: v.reason }
    payload = env.payload
    msg = messageFromWire(payload)
    if (!bytesEqual(env.signer, msg.fromKey)) return { ok: false, code: 'BAD_SIGNATURE', reason: 'the message is signed by another key than its sender names' }
  } catch {
    return { ok: false, code: 'MESSAGE_MALFORMED', reason: 'the message does not decode' }
  }
  if (msg.id.byteLength !== 16) return { ok: false, code: 'MESSAGE_MALFORMED', reason: 'a message id has 16 bytes' }
  const big = oversized([['the thread', msg.thread, MAX_THREAD_BYTES], ['the content type', msg.contentType, MAX_CONTENT_TYPE_BYTES], ['reply-to', msg.replyTo, 16]])
  if (big !== undefined) return big
  const h = checkHeaderFor(header, msg, payload)
  if (!h.ok) return h
  const sender = core.directory.check(msg.from, nowMs)
  if (!sender.ok) {
    const code = sender.code === 'ACTOR_UNKNOWN' ? 'NOT_ENDORSED' : sender.code
    return { ok: false, code, reason: `sender ${msg.from}: ${sender.reason}` }
  }
  if (!bytesEqual(sender.current.actorKey, msg.fromKey)) return { ok: false, code: 'NOT_ENDORSED', reason: `the key that signed is not the endorsed key of ${msg.from}` }
  const role = roleOfAddress(msg.to)
  if (opts.forAuditor === true) {
    // an audit request: the seat that must be here is the auditor the sender named
    const seat = msg.auditor === undefined ? undefined : core.store.identity.actor(msg.auditor)
    if (seat === undefined || !seat.hosted || seat.endorsement === undefined) return { ok: false, code: 'NOT_HOSTED_HERE', reason: `the auditor ${msg.auditor ?? '(none)'} is not a seat on this node` }
  } else if (role !== undefined) {
    if (localRoleSeats(core, role, nowMs).length === 0) return { ok: false, code: 'NOT_HOSTED_HERE', reason: `no seat on this node holds the role ${role}` }
  } else {
    const seat = core.store.identity.actor(msg.to)
    if (seat === undefined || !seat.hosted || seat.endorsement === undefined) return { ok: false, code: 'NOT_HOSTED_HERE', reason: `${msg.to} is not a seat on this node` }
  }
  if (opts.ignoreExpiry !== true && msg.expiresAtMs !== undefined && msg.expiresAtMs <= nowMs) return { ok: false, code: 'EXPIRED', reason: 'the message expired before it arrived' }
  return { ok: true, msg, hash: sha256(bytes), header: header as Uint8Array }
}

/** Accepts a batch of signed messages, each with its header, from a peer (or from this node's own outbox) and answers each. */
export async function acceptMessages (core: Core, batch: Uint8Array[], headers: ReadonlyArray<Uint8Array | undefined>, peerId: string | undefined): Promise<DeliverResultData[]> {
  const now = Date.now()
  const store = core.store.messages
  const results: DeliverResultData[] = new Array(batch.length)
  const fresh: Fresh[] = []
  const seen = new Map<string, Uint8Array>()
  let equivocations: { n: number, from: string, id: string } | undefined // logged once for the frame
  // every check reads the store (the sender's seat, whether the id is archived or held): one read lock for the frame
  const checked = core.store.read(() => batch.map((bytes, index) => {
    const c = verifyMessage(core, bytes, headers[index], now)
    return c.ok ? { c, gone: core.store.retention.gone(c.msg.id) !== undefined, held: store.held(c.msg.id) } : { c }
  }))
  checked.forEach(({ c, gone, held }, index) => {
    if (!c.ok) {
      results[index] = { messageId: idOf(batch[index]), errorCode: c.code, errorMessage: c.reason }
      core.events.emit('refused', { what: 'message', code: c.code, reason: c.reason, peer: peerId })
      return
    }
    if (gone === true) {
      // an old sender's retry of an obligation that is final and archived here: never stored or woken again
      results[index] = { messageId: c.msg.id, errorCode: 'OBLIGATION_ARCHIVED', errorMessage: 'this obligation is final and archived on this node' }
      return
    }
    const key = Buffer.from(c.msg.id).toString('hex')
    const earlier = seen.get(key) ?? held?.hash
    if (earlier !== undefined && !bytesEqual(earlier, c.hash)) {
      store.recordEquivocation(c.msg.id, c.hash, c.msg.from, peerId, now)
      if (equivocations === undefined) equivocations = { n: 1, from: c.msg.from, id: key }
      else equivocations.n++
      results[index] = { messageId: c.msg.id, errorCode: 'EQUIVOCATION', errorMessage: 'this message id is already held with other content' }
      core.events.emit('refused', { what: 'message', code: 'EQUIVOCATION', reason: `${c.msg.from} reused message id ${key} with other content`, peer: peerId })
      return
    }
    seen.set(key, c.hash)
    const role = roleOfAddress(c.msg.to)
    const seats = role === undefined ? [c.msg.to] : localRoleSeats(core, role, now)
    fresh.push({ index, msg: c.msg, seats, bytes: batch[index], header: c.header, hash: c.hash, existing: held !== undefined && held.localTo })
  })
  // a line for the frame, not one for each of its messages: the first one's sender and id, and how many there were
  if (equivocations !== undefined) core.log.warn('equivocation refused', { from: equivocations.from, peer: peerId, id: equivocations.id, refused: equivocations.n })

  // One transaction stores every new message, its DELIVERED receipt and its wake-queue row; DELIVERED leaves
  // this node only after that transaction is durable (a crash before it loses the message and its receipt alike).
  const signed = new Map<string, Uint8Array>()
  const arrived: Fresh[] = []
  if (fresh.length > 0) {
    // the DELIVERED receipts signed here go back to the peer in its answer (see FactGossip.publishNew)
    await core.store.commit.run(() => core.store.facts.peers.handing(peerId, () => {
      const unsigned: Fresh[] = []
      for (const f of dedupe(fresh)) {
        // the receipts already held for it, from the index alone: whether its DELIVERED is among them, and the state
        // once it is (a receipt learned by gossip may have come before the message)
        const prior = core.store.receipts.statesOf(f.msg.id)
        const delivered = prior.some(r => r.state === 'DELIVERED' && r.actor === f.seats[0])
        const after = nextState(deriveState(prior), 'DELIVERED')
        let rewrite = true
        if (!f.existing) {
          // held since the read above (another frame's write, or a handoff, in this very group): then only marked ours
          const stored = store.insertIfNew({
            id: f.msg.id, hash: f.hash, envelope: f.bytes, header: f.header, from: f.msg.from, to: f.msg.to, localFrom: false, localTo: true,
            sentAtMs: f.msg.sentAtMs, expiresAtMs: f.msg.expiresAtMs, storedAtMs: now, thread: f.msg.thread ?? '', state: delivered ? deriveState(prior) : after, auditor: f.msg.auditor
          })
          if (stored) rewrite = false // stored with the state its DELIVERED gives it: written once
          else store.markLocalTo(f.msg.id)
        }
        const held = delivered ? core.store.receipts.get(f.msg.id, 'DELIVERED', f.seats[0]) : undefined
        if (held !== undefined) signed.set(hexId(f), held.envelope)
        else {
          f.state = rewrite ? after : undefined
          unsigned.push(f)
        }
      }
      // one batch proof per seat: a frame's DELIVERED receipts cost one signature (and one verification) in all
      for (const [seat, list] of groupBy(unsigned, f => f.seats[0])) {
        const receipts = signReceipts(core.seatKey(seat), list.map(f => ({ messageId: f.msg.id, messageHash: f.hash, actor: seat, state: 'DELIVERED', atMs: now, from: f.msg.from, header: f.header })))
        list.forEach((f, i) => {
          const r = receipts[i]
          core.store.receipts.insert({ hash: r.hash, messageId: f.msg.id, state: 'DELIVERED', actor: seat, envelope: r.envelope, atMs: now, receivedAtMs: now })
          if (f.state !== undefined) store.setState(f.msg.id, f.state)
          for (const s of f.seats) core.store.carriers.enqueue(f.msg.id, s, now)
          signed.set(hexId(f), r.envelope)
          arrived.push(f)
        })
        crashPoint('after-delivered-receipt') // signed, but only inside this transaction, which is not committed yet
      }
    }))
    crashPoint('after-deliver-commit')
    for (const f of arrived) for (const to of f.seats) core.events.emit('message:in', { id: f.msg.id, to, from: f.msg.from, queued: true })
  }
  for (const f of fresh) results[f.index] = { messageId: f.msg.id, receipt: signed.get(Buffer.from(f.msg.id).toString('hex')) }
  return results
}

const hexId = (f: Fresh): string => Buffer.from(f.msg.id).toString('hex')

function groupBy<T> (list: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>()
  for (const t of list) {
    const k = key(t)
    const l = m.get(k)
    if (l === undefined) m.set(k, [t])
    else l.push(t)
  }
  return m
}

function dedupe (list: Fresh[]): Fresh[] {
  const seen = new Set<string>()
  return list.filter(f => {
    const k = Buffer.from(f.msg.id).toString('hex')
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

function idOf (bytes: Uint8Array): Uint8Array {
  try {
    return messageFromWire(envelopeFromWire(bytes).payload).id
  } catch {
    return new Uint8Array(0)
  }
}
