// Seat moves, the new node's side: each handed-over message is taken with the receipts the seat already
// issued, so nothing is lost, duplicated, or receipted twice.
import type { DeliverResultData, HandoffData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { checkReceipt, deriveState, openReceipt, slotOf } from '../receipts/index.js'
import { verifyMessage } from './accept.js'

/** New node: verifies and stores handed-over messages and their receipts, one answer per item. */
export async function acceptHandoffs (core: Core, items: HandoffData[], peerId: string | undefined): Promise<DeliverResultData[]> {
  const now = Date.now()
  const store = core.store.messages
  const results: DeliverResultData[] = []
  const arrived: Array<{ id: Uint8Array, to: string, from: string, queued: boolean }> = []
  await core.store.commit.run(() => {
    for (const item of items) {
      const c = verifyMessage(core, item.message, item.header, now, { ignoreExpiry: true })
      if (!c.ok) {
        results.push({ messageId: new Uint8Array(0), errorCode: c.code, errorMessage: c.reason })
        continue
      }
      const m = c.msg
      if (core.store.retention.gone(m.id) !== undefined) {
        // final and archived (or purged) here: a handover brings it back no more than a delivery would (accept.ts)
        results.push({ messageId: m.id, errorCode: 'OBLIGATION_ARCHIVED', errorMessage: 'this obligation is final and archived on this node' })
        continue
      }
      const held = store.message(m.id)
      if (held !== undefined && Buffer.compare(Buffer.from(held.hash), Buffer.from(c.hash)) !== 0) {
        store.recordEquivocation(m.id, c.hash, m.from, peerId, now)
        results.push({ messageId: m.id, errorCode: 'EQUIVOCATION', errorMessage: 'this message id is already held with other content' })
        continue
      }
      const seatKey = core.seatKey(m.to).publicKey
      const ref = { id: m.id, hash: c.hash, to: m.to, from: m.from }
      const bad = item.receipts.find(r => !checkReceipt(r, ref, seatKey).ok)
      if (bad !== undefined) {
        results.push({ messageId: m.id, errorCode: 'HANDOFF_BAD_RECEIPT', errorMessage: 'a handed-over receipt is not the seat\'s own receipt for this message' })
        continue
      }
      if (held === undefined) {
        store.insertMessage({ id: m.id, hash: c.hash, envelope: item.message, header: c.header, from: m.from, to: m.to, localFrom: false, localTo: true, sentAtMs: m.sentAtMs, expiresAtMs: m.expiresAtMs, storedAtMs: now, thread: m.thread ?? '', auditor: m.auditor })
      } else if (!held.localTo) store.markLocalTo(m.id)
      for (const r of item.receipts) {
        const o = openReceipt(r)
        if (o.ok) core.store.receipts.insert({ hash: o.hash, messageId: m.id, state: slotOf(o.receipt), actor: o.receipt.actor, envelope: r, atMs: o.receipt.atMs, receivedAtMs: now })
      }
      store.setState(m.id, deriveState(core.store.receipts.forMessage(m.id)))
      core.store.carriers.enqueue(m.id, m.to, now) // in this commit: a restart never has to look for unqueued messages
      results.push({ messageId: m.id })
      arrived.push({ id: m.id, to: m.to, from: m.from, queued: true })
    }
  })
  for (const a of arrived) core.events.emit('message:in', a)
  return results
}
