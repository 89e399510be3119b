// One served seat's request handler: the SDK's DefaultRequestHandler, with the seat's signed card as the card it
// checks versions against, a SendMessage sent as a mesh obligation before the SDK runs the executor (so that a
// refusal is an A2A error, not a failed task), and CancelTask as the sender's signed CANCELED.
import { createHash } from 'node:crypto'
import { AgentCard, type CancelTaskRequest, type Message, type SendMessageRequest, type StreamResponse, type SubscribeToTaskRequest, type Task } from '@a2a-js/sdk'
import { DefaultRequestHandler, type ServerCallContext } from '@a2a-js/sdk/server'
import type { RouteTable } from '../control/index.js'
import { ObligationBusManager, type FeedDeps } from './bus-manager.js'
import { a2aError, toA2AError } from './errors.js'
import { OBLIGATION_KEY, SeatExecutor, STREAMING_KEY, type ExecutorDeps } from './executor.js'
import type { StreamGate } from './stream-gate.js'
import { ObligationTaskStore, callerOf } from './task-store.js'
import { FINAL_TASK_STATES } from './task.js'
import { TaskState } from '@a2a-js/sdk'

export interface SeatDeps extends Omit<ExecutorDeps, 'cancel'>, FeedDeps {
  seat: string
  /** The seat that sends (--a2a-as). */
  as?: string
  routes: Pick<RouteTable, 'notify' | 'cancel'>
  /** The seat's signed card as it is now. */
  card: () => AgentCard
  /** The bridge's open streams, all seats together. */
  streams: StreamGate
}

// A messageId short and printable enough is kept readable in the key (errors and logs show it); others are hashed.
const READABLE_ID = /^[\x20-\x7e]{1,128}$/

/**
 * The idempotency key of a SendMessage: per served seat and messageId. The mesh keeps keys per sending seat, so the
 * scope is "this client" as the bridge can tell clients apart: by the seat it sends as (a seat token picks its own).
 */
export function idempotencyKey (seat: string, messageId: string): string {
  const id = READABLE_ID.test(messageId) ? messageId : `sha256:${createHash('sha256').update(messageId).digest('hex')}`
  return `a2a:${seat}:${id}`
}

export class SeatRequestHandler extends DefaultRequestHandler {
  private readonly seatDeps: SeatDeps

  constructor (deps: SeatDeps) {
    const cancel = async (obligation: string): Promise<void> => { await deps.routes.cancel({ as: deps.as, obligation }) }
    super(deps.card(), new ObligationTaskStore(deps.source), new SeatExecutor({ ...deps, cancel }), new ObligationBusManager(deps))
    this.seatDeps = deps
  }

  /** The signed card as it stands (re-signed when the node's addresses change): what versions are checked against. */
  override async getAgentCard (): Promise<AgentCard> {
    return this.seatDeps.card()
  }

  override async sendMessage (params: SendMessageRequest, context: ServerCallContext): Promise<Message | Task> {
    await this.submit(params, context)
    return await super.sendMessage(params, context)
  }

  /** A slot first (a refused stream sends nothing), held until the stream ends or its client goes away. */
  override async * sendMessageStream (params: SendMessageRequest, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    const release = this.seatDeps.streams.take()
    try {
      await this.submit(params, context)
      context.state.set(STREAMING_KEY, true)
      yield * super.sendMessageStream(params, context)
    } finally {
      release()
    }
  }

  override async * resubscribe (params: SubscribeToTaskRequest, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    const release = this.seatDeps.streams.take()
    try {
      yield * super.resubscribe(params, context)
    } finally {
      release()
    }
  }

  /** A final task cannot be canceled (TaskNotCancelable); an open one is withdrawn, then the SDK answers with it. */
  override async cancelTask (params: CancelTaskRequest, context: ServerCallContext): Promise<Task> {
    const d = this.seatDeps
    const t = await d.source.task(params.id, callerOf(context))
    const state = t.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED
    if (FINAL_TASK_STATES.has(state) && state !== TaskState.TASK_STATE_CANCELED) {
      throw a2aError('ALREADY_FINAL', `task ${params.id} is ${TaskState[state]}; only an open task can be canceled`)
    }
    if (state !== TaskState.TASK_STATE_CANCELED) {
      try {
        await d.routes.cancel({ as: d.as, obligation: params.id, ...(params.metadata?.reason === undefined ? {} : { reason: String(params.metadata.reason) }) }, callerOf(context))
      } catch (err) {
        throw toA2AError(err)
      }
    }
    return await super.cancelTask(params, context)
  }

  /** Sends the message as an obligation from the bridge's seat; its id becomes the task id. */
  private async submit (params: SendMessageRequest, context: ServerCallContext): Promise<void> {
    const m = params.message
    if (m === undefined) throw a2aError('BAD_REQUEST', 'params.message is required')
    if (m.messageId === '') throw a2aError('BAD_REQUEST', 'message.messageId is required')
    if (m.taskId !== '') throw a2aError('A2A_UNSUPPORTED', 'a mesh message cannot continue a task; send a new message')
    const texts = m.parts.flatMap(p => p.content?.$case === 'text' ? [p.content.value] : [])
    if (texts.length === 0) throw a2aError('A2A_NO_TEXT', 'only text parts are bridged; put files on disk and send their paths')
    const d = this.seatDeps
    try {
      const sent = await d.routes.notify({
        as: d.as, to: d.seat, text: texts.join('\n'), thread: m.contextId === '' ? undefined : m.contextId, idempotencyKey: idempotencyKey(d.seat, m.messageId)
      }, callerOf(context))
      context.state.set(OBLIGATION_KEY, sent.obligation)
    } catch (err) {
      throw toA2AError(err)
    }
  }
}
