// The control API's `watch` subscription: the bus's events, optionally only some types, as they happen.
import { MeshError } from '../../cards/index.js'
import { optStrList } from './params.js'
import type { StreamHandler } from './methods.js'
import type { ObserveBus, ObservedEvent } from '../observe/index.js'
import type { A2AClientStore, MessageStore } from '../store/index.js'
import { parseObligation } from '../messaging/ids.js'

const TYPES = new Set(['sent', 'delivered', 'receipt', 'wake', 'peer', 'refused', 'directory'])

/** A seat on the seat socket sees only its own messages, the receipts on them, and its wakes; the node's user sees everything. */
export function watchRoute (bus: ObserveBus, messages: MessageStore, a2a: A2AClientStore): StreamHandler<'watch'> {
  return (params, send, caller) => {
    const types = optStrList(params, 'types')
    const unknown = types?.find(t => !TYPES.has(t))
    if (unknown !== undefined) throw new MeshError('BAD_REQUEST', `no event type ${unknown}; types are ${[...TYPES].join(', ')}`)
    const wanted = types === undefined || types.length === 0 ? undefined : new Set(types)
    const seat = caller?.via === 'seat' ? caller.seat : undefined
    return bus.subscribe(e => {
      if (wanted !== undefined && !wanted.has(e.type)) return
      if (seat === undefined || seatSees(messages, a2a, seat, e)) send(e)
    })
  }
}

function seatSees (messages: MessageStore, a2a: A2AClientStore, seat: string, e: ObservedEvent): boolean {
  switch (e.type) {
    case 'sent':
    case 'delivered': return e.from === seat || e.to === seat
    case 'receipt': {
      // its own receipts, and any receipt on a message it sent or received (the sender's CANCELED among them)
      const id = parseObligation(e.obligation)
      const m = messages.message(id)
      if (m === undefined) return e.actor === seat || a2a.obligation(id)?.from === seat // one it sent to an A2A agent
      return e.actor === seat || m.from === seat || m.to === seat
    }
    case 'wake': return e.seat === seat
    // a lease on role work: its holder's, and the sender's whose node granted it
    case 'lease': return e.holder === seat || messages.message(parseObligation(e.obligation))?.from === seat
    default: return false
  }
}
