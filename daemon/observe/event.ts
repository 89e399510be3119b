// What an operator sees happen on a node: the daemon's core events turned into small, stable JSON objects.
import type { CoreEvents } from '../core.js'
import { obligationId } from '../messaging/ids.js'

export type ObservedBody =
  | { type: 'sent', obligation: string, from: string, to: string }
  | { type: 'delivered', obligation: string, from: string, to: string }
  | { type: 'receipt', obligation: string, state: string, actor: string }
  | { type: 'wake', seat: string, obligation: string, count: number, result: 'ok' | 'failed', code?: string, error?: string, durationMs: number }
  | { type: 'peer', peerId: string, status: 'up' | 'down' }
  | { type: 'refused', what: string, code: string, reason: string, peer?: string }
  | { type: 'directory' }
  | { type: 'lease', obligation: string, holder: string, fence: number, kind: string, expiresAt: string }

/** seq counts from 1 per daemon run; at is the moment the daemon saw it. */
export type ObservedEvent = { seq: number, at: string } & ObservedBody

type Arg<K extends keyof CoreEvents> = CoreEvents[K][0]

/** The converters, one per core event that an operator cares about. */
export const OBSERVED = {
  'message:out': (e: Arg<'message:out'>): ObservedBody => ({ type: 'sent', obligation: obligationId(e.id), from: e.from, to: e.to }),
  'message:in': (e: Arg<'message:in'>): ObservedBody => ({ type: 'delivered', obligation: obligationId(e.id), from: e.from, to: e.to }),
  receipt: (e: Arg<'receipt'>): ObservedBody => ({ type: 'receipt', obligation: obligationId(e.messageId), state: e.state, actor: e.actor }),
  wake: (e: Arg<'wake'>): ObservedBody => ({
    type: 'wake', seat: e.handle, obligation: obligationId(e.newest), count: e.count, result: e.result, code: e.code, error: e.error, durationMs: e.durationMs
  }),
  peer: (e: Arg<'peer'>): ObservedBody => ({ type: 'peer', peerId: e.peerId, status: e.status }),
  refused: (e: Arg<'refused'>): ObservedBody => ({ type: 'refused', what: e.what, code: e.code, reason: e.reason, peer: e.peer }),
  'directory:changed': (): ObservedBody => ({ type: 'directory' }),
  lease: (e: Arg<'lease'>): ObservedBody => ({ type: 'lease', obligation: obligationId(e.messageId), holder: e.holder, fence: e.fence, kind: e.kind, expiresAt: new Date(e.expiresAtMs).toISOString() })
} as const
