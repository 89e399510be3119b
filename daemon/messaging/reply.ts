// reply: a message back to the sender of one of the seat's messages, in the same conversation.
import { MeshError } from '../../cards/index.js'
import { envelopeFromWire, messageFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import { NODE_CALLER, type Caller } from '../access/index.js'
import { parseObligation } from './ids.js'
import { notify, type NotifyInput, type NotifyResult } from './notify.js'

export type ReplyInput = Omit<NotifyInput, 'to' | 'thread' | 'replyTo'> & { obligation: string }

/**
 * Sends to the original's sender, in the original's thread, or, when it had none, in the thread named by the
 * original's obligation id (so both sides can list the conversation by that id). Only the recipient replies.
 */
export async function reply (core: Core, input: ReplyInput, caller: Caller = NODE_CALLER): Promise<NotifyResult & { thread: string }> {
  const seat = core.actingSeat(input.as, caller)
  const id = parseObligation(input.obligation)
  const m = core.store.messages.message(id)
  if (m === undefined || (m.from !== seat && m.to !== seat)) throw new MeshError('OBLIGATION_UNKNOWN', `no obligation ${input.obligation} of ${seat} is held on this node`)
  if (m.to !== seat || !m.localTo) throw new MeshError('NOT_RECIPIENT', `${input.obligation} was sent by ${seat}; a reply goes to a message's recipient's sender (send to ${m.to} instead)`)
  const thread = messageFromWire(envelopeFromWire(m.envelope).payload).thread ?? input.obligation // the signed bytes, not the index
  const r = await notify(core, { ...input, as: seat, to: m.from, thread, replyTo: id }, caller)
  return { ...r, thread }
}
