// JSON-RPC dispatch for the A2A 1.0 methods the bridge serves: SendMessage turns into a mesh notify, GetTask into status.
import { MeshError, type ErrorCode } from '../../cards/index.js'
import type { RouteTable } from '../control/index.js'
import { RPC } from './constants.js'
import { taskOf } from './task.js'
import type { Caller } from '../access/index.js'

export class RpcError extends Error {
  constructor (readonly rpcCode: number, readonly code: ErrorCode, message: string) {
    super(`${code}: ${message}`)
  }
}

export interface RpcContext {
  routes: Pick<RouteTable, 'notify' | 'status'>
  /** The seat that sends every bridged message (--a2a-as; undefined: the only local seat). */
  as?: string
  /** Who asks: carries the seat token an isolated sending seat needs. */
  caller?: Caller
}

const RPC_OF: Record<string, number> = {
  OBLIGATION_UNKNOWN: RPC.taskNotFound,
  OBLIGATION_INVALID: RPC.taskNotFound,
  MESSAGE_TOO_LARGE: RPC.invalidParams,
  FIELD_TOO_LARGE: RPC.invalidParams,
  IDEMPOTENCY_KEY_REUSED: RPC.invalidParams,
  BAD_REQUEST: RPC.invalidParams
}

export function rpcErrorOf (err: unknown): RpcError {
  if (err instanceof RpcError) return err
  if (err instanceof MeshError) return new RpcError(RPC_OF[err.code] ?? RPC.internal, err.code, err.message)
  return new RpcError(RPC.internal, 'INTERNAL', err instanceof Error ? err.message : String(err))
}

type Params = Record<string, any>

async function sendMessage (c: RpcContext, seat: string, p: Params): Promise<unknown> {
  const m = p.message as Params | undefined
  if (m === undefined || typeof m !== 'object' || !Array.isArray(m.parts)) throw new RpcError(RPC.invalidParams, 'BAD_REQUEST', 'params.message with parts is required')
  if (typeof m.taskId === 'string' && m.taskId !== '') throw new RpcError(RPC.unsupportedOperation, 'A2A_UNSUPPORTED', 'a mesh message cannot continue a task; send a new message')
  const texts = (m.parts as Params[]).filter(x => typeof x?.text === 'string').map(x => x.text as string)
  if (texts.length === 0) throw new RpcError(RPC.contentTypeNotSupported, 'A2A_NO_TEXT', 'only text parts are bridged; put files on disk and send their paths')
  const thread = typeof m.contextId === 'string' && m.contextId !== '' ? m.contextId : undefined
  // a client that resends a message (same messageId) gets the same task, not a second obligation
  const idempotencyKey = typeof m.messageId === 'string' && m.messageId !== '' ? `a2a:${m.messageId}` : undefined
  const sent = await c.routes.notify({ as: c.as, to: seat, text: texts.join('\n'), thread, idempotencyKey }, c.caller)
  return { task: taskOf(await c.routes.status({ obligation: sent.obligation })) }
}

async function getTask (c: RpcContext, seat: string, p: Params): Promise<unknown> {
  if (typeof p.id !== 'string') throw new RpcError(RPC.invalidParams, 'BAD_REQUEST', 'params.id (the task id, an obligation id) is required')
  const v = await c.routes.status({ obligation: p.id })
  if (v.to !== seat) throw new RpcError(RPC.taskNotFound, 'OBLIGATION_UNKNOWN', `task ${p.id} was not sent to ${seat}`)
  return taskOf(v)
}

export const METHODS: Record<string, (c: RpcContext, seat: string, p: Params) => Promise<unknown>> = {
  SendMessage: sendMessage,
  GetTask: getTask
}

/** One JSON-RPC request object in, one response object out; never throws. */
export async function dispatch (c: RpcContext, seat: string, req: unknown): Promise<Record<string, unknown>> {
  const r = req as Params
  const id = typeof r?.id === 'string' || typeof r?.id === 'number' ? r.id : null
  try {
    if (r === null || typeof r !== 'object' || r.jsonrpc !== '2.0' || typeof r.method !== 'string') throw new RpcError(RPC.invalidRequest, 'BAD_REQUEST', 'not a JSON-RPC 2.0 request')
    const method = METHODS[r.method]
    if (method === undefined) throw new RpcError(RPC.methodNotFound, 'A2A_METHOD_UNKNOWN', `${String(r.method)} is not served; this bridge serves ${Object.keys(METHODS).join(' and ')}`)
    const params = r.params !== null && typeof r.params === 'object' ? r.params as Params : {}
    return { jsonrpc: '2.0', id, result: await method(c, seat, params) }
  } catch (err) {
    const e = rpcErrorOf(err)
    return { jsonrpc: '2.0', id, error: { code: e.rpcCode, message: e.message, data: { code: e.code } } }
  }
}
