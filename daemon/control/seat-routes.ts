// Control API routes a seat uses to know itself and its conversations: `whoami`, `thread` (one conversation, both
// directions), `sent` (its obligations and their states) and `reply` (back to a message's sender, same thread).
import type { Core, NodeView } from '../core.js'
import * as messaging from '../messaging/index.js'
import { whoami } from '../setup/index.js'
import { NODE_CALLER } from '../access/index.js'
import { optBool, optStr, str } from './params.js'
import type { RouteTable } from './methods.js'

export function seatRoutes (core: Core, node: NodeView): Pick<RouteTable, 'whoami' | 'thread' | 'sent' | 'reply'> {
  return {
    whoami: (p, caller = NODE_CALLER) => whoami(core.ctx, core.actingSeat(optStr(p, 'as'), caller), { peerId: node.peerId(), addresses: node.addresses() }),
    thread: async (p, caller = NODE_CALLER) => await messaging.conversation(core, core.actingSeat(optStr(p, 'as'), caller), str(p, 'thread')),
    sent: (p, caller = NODE_CALLER) => messaging.sent(core, core.actingSeat(optStr(p, 'as'), caller), optBool(p, 'all')),
    reply: async (p, caller = NODE_CALLER) => await messaging.reply(core, {
      as: optStr(p, 'as'),
      obligation: str(p, 'obligation'),
      body: new TextEncoder().encode(str(p, 'text')),
      contentType: optStr(p, 'contentType'),
      idempotencyKey: optStr(p, 'idempotencyKey')
    }, caller)
  }
}
