// One message as its sender or recipient seat sees it — body, parties, thread, state — shown without a receipt:
// looking is not reading (MCP resources are passive; `read` is the step that signs READ).
import { MeshError } from '../../cards/index.js'
import { envelopeFromWire, messageFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import { NODE_CALLER, checkObligationAccess, type Caller } from '../access/index.js'
import { deriveState } from '../receipts/index.js'
import { obligationId, parseObligation } from './ids.js'

export interface MessageView {
  obligation: string
  from: string
  to: string
  state: string
  sentAt: string
  contentType: string
  body: string
  thread?: string
}

/** The message, if the acting seat sent it or is its recipient; anything else is OBLIGATION_UNKNOWN to that seat. */
export function showMessage (core: Core, ob: string, as?: string, caller: Caller = NODE_CALLER): MessageView {
  const id = parseObligation(ob)
  checkObligationAccess(core.store.messages, id, ob, caller)
  const seat = core.actingSeat(as, caller)
  const m = core.store.messages.message(id)
  if (m === undefined || (m.from !== seat && m.to !== seat)) throw new MeshError('OBLIGATION_UNKNOWN', `no message ${ob} of ${seat} is held on this node`)
  const msg = messageFromWire(envelopeFromWire(m.envelope).payload)
  return {
    obligation: obligationId(m.id),
    from: msg.from,
    to: msg.to,
    state: deriveState(core.store.receipts.forMessage(m.id)),
    sentAt: new Date(msg.sentAtMs).toISOString(),
    contentType: msg.contentType,
    body: Buffer.from(msg.body).toString('utf8'),
    thread: msg.thread
  }
}
