// The auditor's node takes an audit request: a COMPLETE its seat must judge, sent by the recipient's node with the
// message, its header, the receipts held for it and the evidence content. Everything is checked as any receipt and
// message is (the sender's signature and endorsement, the recipient's key, the lease of role work, the content's
// hash), stored in one commit, and the auditor is woken like a recipient.
import { bytesEqual, hex, refuse, type Refusal } from '../../cards/index.js'
import type { DeliverResultData, EvidenceContentData, HandoffData } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { MessageRow } from '../store/index.js'
import { deriveState, openReceipt } from '../receipts/index.js'
import { verifyMessage } from './accept.js'
import { applyReceipt } from './receipts-in.js'
import { checkContent } from './evidence.js'

/** One answer per request: stored (no code), or refused with a code and nothing of it kept. */
export async function acceptAudits (core: Core, items: HandoffData[], contents: EvidenceContentData[], peerId: string | undefined): Promise<DeliverResultData[]> {
  const now = Date.now()
  const contentFor = new Map(contents.map(c => [hex(c.receiptHash), c.content]))
  const results: DeliverResultData[] = []
  const woken: Array<{ id: Uint8Array, to: string, from: string, queued: boolean }> = []
  await core.store.commit.run(() => {
    for (const item of items) {
      const r = inSavepoint(core, () => takeRequest(core, item, contentFor, now, peerId))
      if (!r.ok) {
        core.events.emit('refused', { what: 'message', code: r.code, reason: r.reason, peer: peerId })
        results.push({ messageId: r.id ?? new Uint8Array(0), errorCode: r.code, errorMessage: r.reason })
        continue
      }
      results.push({ messageId: r.m.id })
      if (r.fresh) woken.push({ id: r.m.id, to: r.m.auditor as string, from: r.m.from, queued: true })
    }
  })
  for (const w of woken) core.events.emit('message:in', w)
  return results
}

type Taken = { ok: true, m: MessageRow, fresh: boolean } | (Refusal & { id?: Uint8Array })

/** Thrown to roll a refused request back to its savepoint. */
class Undo extends Error {
  constructor (readonly refusal: Refusal & { id?: Uint8Array }) { super(refusal.reason) }
}

/** Inside the commit's transaction, store.tx is a savepoint: a refusal undoes that request's writes alone. */
function inSavepoint (core: Core, fn: () => Taken): Taken {
  try {
    return core.store.tx(() => {
      const r = fn()
      if (!r.ok) throw new Undo(r)
      return r
    })
  } catch (err) {
    if (err instanceof Undo) return err.refusal
    throw err
  }
}

/** One request, inside its own savepoint: a refusal at any step undoes what it stored. */
function takeRequest (core: Core, item: HandoffData, contentFor: Map<string, Uint8Array>, now: number, peerId: string | undefined): Taken {
  const c = verifyMessage(core, item.message, item.header, now, { ignoreExpiry: true, forAuditor: true })
  if (!c.ok) return c
  const msg = c.msg
  if (core.store.retention.gone(msg.id) !== undefined) return { ...refuse('OBLIGATION_ARCHIVED', 'this obligation is final and archived on this node'), id: msg.id }
  const store = core.store.messages
  let m = store.message(msg.id)
  if (m !== undefined && !bytesEqual(m.hash, c.hash)) {
    store.recordEquivocation(msg.id, c.hash, msg.from, peerId, now)
    return { ...refuse('EQUIVOCATION', 'this message id is already held with other content'), id: msg.id }
  }
  if (m === undefined) {
    m = {
      id: msg.id, hash: c.hash, envelope: item.message, header: c.header, from: msg.from, to: msg.to, localFrom: false, localTo: false,
      sentAtMs: msg.sentAtMs, expiresAtMs: msg.expiresAtMs, storedAtMs: now, state: 'DELIVERY_PENDING', thread: msg.thread ?? '', auditor: msg.auditor
    }
    store.insertMessage(m)
  }
  // every receipt under the rules any receipt passes here (some may be held already, learned by gossip); the COMPLETEs
  // among them each with the content beside it
  let complete: { hash: Uint8Array, round: number } | undefined
  for (const bytes of item.receipts) {
    const o = openReceipt(bytes)
    if (!o.ok) return { ...o, id: msg.id }
    const content = contentFor.get(hex(o.hash))
    const bad = content === undefined ? undefined : checkContent(o.receipt, content)
    if (bad !== undefined) return { ...bad, id: msg.id }
    const applied = applyReceipt(core, bytes, m, now)
    if (!applied.ok) return { ...applied, id: msg.id }
    if (o.receipt.state === 'COMPLETE' && (complete === undefined || (o.receipt.round ?? 1) > complete.round)) complete = { hash: o.hash, round: o.receipt.round ?? 1 }
    if (content !== undefined && o.receipt.evidence !== undefined) {
      core.store.evidence.put({ receiptHash: o.hash, messageId: msg.id, origin: 'received', path: o.receipt.evidence.path, sha256: o.receipt.evidence.sha256, size: o.receipt.evidence.size, content, storedAtMs: now })
    }
  }
  if (complete === undefined) return { ...refuse('AUDIT_BEFORE_COMPLETE', 'an audit request carries the COMPLETE to judge'), id: msg.id }
  store.setState(msg.id, deriveState(core.store.receipts.forMessage(msg.id)))
  // the auditor is owed a wake for each round's COMPLETE once: a first one, or the next round after a FAIL (a copy
  // of the same request again finds its wake queued after that COMPLETE was)
  const auditor = msg.auditor as string
  const judged = core.store.receipts.byHash(msg.id, complete.hash)
  const queuedAt = core.store.carriers.queuedAt(msg.id, auditor)
  const fresh = judged !== undefined && (queuedAt === undefined || queuedAt < judged.receivedAtMs || (queuedAt === judged.receivedAtMs && complete.round > 1))
  if (fresh) core.store.carriers.requeue(msg.id, auditor, now)
  return { ok: true, m: store.message(msg.id) as MessageRow, fresh }
}
