// The sender withdraws an obligation: a CANCELED receipt signed by the sending seat, stored beside the recipient's
// receipts and spread as a fact (gossip now, sync on every reconnect), so the recipient's node learns it even after
// it was away. A message still in the outbox leaves it in the same transaction: it is never delivered.
import { MeshError } from '../../cards/index.js'
import type { Core } from '../core.js'
import { NODE_CALLER, checkObligationAccess, type Caller } from '../access/index.js'
import type { MessageRow } from '../store/index.js'
import { deriveState, isFinal, signReceipt } from '../receipts/index.js'
import { checkFields, MAX_NOTE_BYTES } from '../limits/index.js'
import { obligationId, parseObligation } from './ids.js'
import { requireMessage } from './receipts-in.js'
import type { StepResult } from './recipient.js'

/** The message a withdrawal is about; it acts as the sending seat, so the caller must be that seat (or may act as it). */
function sentMessage (core: Core, ob: string, as: string | undefined, caller: Caller): MessageRow {
  const id = parseObligation(ob)
  checkObligationAccess(core.store.messages, id, ob, caller)
  const m = requireMessage(core, id, ob)
  if (!m.localFrom) throw new MeshError('OBLIGATION_NOT_SENDER', `${ob} was not sent by a seat on this node; only its sender ${m.from} may cancel it`)
  const acting = as !== undefined && as !== '' ? as : caller.via === 'seat' ? caller.seat : m.from
  if (acting !== m.from) throw new MeshError('OBLIGATION_NOT_SENDER', `${ob} was sent by ${m.from}, not by ${acting}; only its sender may cancel it`)
  core.authorizeSeat(m.from, caller)
  if (m.header === undefined) throw new MeshError('HEADER_MISSING', `${ob} was stored without the header its receipts carry; it cannot be canceled`)
  return m
}

export async function cancel (core: Core, ob: string, opts: { as?: string, reason?: string, caller?: Caller } = {}): Promise<StepResult> {
  const reason = opts.reason === undefined || opts.reason.trim() === '' ? undefined : opts.reason
  checkFields([['the cancel reason', reason, MAX_NOTE_BYTES]])
  const m = sentMessage(core, ob, opts.as, opts.caller ?? NODE_CALLER)
  const now = Date.now()
  const r = signReceipt(core.seatKey(m.from), {
    messageId: m.id, messageHash: m.hash, actor: m.from, state: 'CANCELED', atMs: now, note: reason, from: m.from, header: m.header
  })
  const store = core.store
  const isNew = await store.commit.run(() => {
    // judged inside the transaction: a COMPLETE that arrived meanwhile is not withdrawn
    const current = deriveState(store.receipts.forMessage(m.id))
    if (isFinal(current)) throw new MeshError('ALREADY_FINAL', `${obligationId(m.id)} is already ${current}`)
    const added = store.receipts.insert({ hash: r.hash, messageId: m.id, state: 'CANCELED', actor: m.from, envelope: r.envelope, atMs: now, receivedAtMs: now })
    // not delivered any more (a batch in flight is settled harmlessly); role work has a row per seat
    for (let queued = store.outbox.forRef('message', m.id); queued !== undefined; queued = store.outbox.forRef('message', m.id)) store.outbox.done(queued.id)
    store.messages.setState(m.id, deriveState(store.receipts.forMessage(m.id)))
    return added
  })
  if (isNew) core.events.emit('receipt', { messageId: m.id, state: 'CANCELED', actor: m.from })
  return { obligation: obligationId(m.id), state: deriveState(store.receipts.forMessage(m.id)), issued: isNew ? ['CANCELED'] : [] }
}
