// Retrying a delivery by hand: the message's outbox row, pending, failed or expired, is due again now.
import { MeshError } from '../../cards/index.js'
import type { Core } from '../core.js'
import { parseObligation } from './ids.js'
import { requireMessage } from './receipts-in.js'

export function retry (core: Core, ob: string): { obligation: string, retried: number } {
  const id = parseObligation(ob)
  const m = requireMessage(core, id, ob)
  if (!m.localFrom) throw new MeshError('NOT_SENDER', `${ob} was not sent from a seat on this node; only its sender's node delivers it`)
  const n = core.store.outbox.retryNow(id, Date.now())
  if (n > 0) core.events.emit('outbox:kick')
  return { obligation: ob, retried: n }
}
