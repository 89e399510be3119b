// The AgentExecutor of a served seat: the message was already sent as an obligation when the request arrived; the
// executor publishes its task and follows its receipts for as long as the request waits (blocking, or streaming).
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext, type ServerCallContext } from '@a2a-js/sdk/server'
import { NODE_CALLER } from '../access/index.js'
import { Relay, type ReceiptWatch } from './relay.js'
import { callerOf, type TaskSource } from './task-store.js'
import { FINAL_TASK_STATES } from './task.js'
import { toA2AError } from './errors.js'

/** Keys in the SDK's per-request state: the obligation the request was sent as, and whether it streams. */
export const OBLIGATION_KEY = 'aios.obligation'
export const STREAMING_KEY = 'aios.streaming'
/** Key in the SDK's per-request state: an AbortSignal that aborts when the request's HTTP response closes. */
export const CLOSED_KEY = 'aios.closed'

/** The request's closed signal (undefined outside an HTTP request). */
export function closedSignal (context: ServerCallContext | undefined): AbortSignal | undefined {
  const s = context?.state.get(CLOSED_KEY)
  return s instanceof AbortSignal ? s : undefined
}

export interface ExecutorDeps {
  source: TaskSource
  watch: ReceiptWatch
  /** How long a blocking SendMessage follows the task. */
  waitMs: number
  /** How long a stream follows it. */
  streamMs: number
  /** The sender withdraws the obligation (a signed CANCELED). */
  cancel: (obligation: string) => Promise<void>
  live: Set<Relay>
}

export class SeatExecutor implements AgentExecutor {
  constructor (private readonly deps: ExecutorDeps) {}

  async execute (rc: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const ob = rc.context.state.get(OBLIGATION_KEY)
    if (typeof ob !== 'string') throw new Error('the request reached the executor without an obligation')
    const streaming = rc.context.state.get(STREAMING_KEY) === true
    const blocking = rc.request.configuration?.returnImmediately !== true
    const relay = new Relay(ob, this.deps.source, callerOf(rc.context), this.deps.watch, bus)
    this.deps.live.add(relay)
    try {
      // a client that goes away (a dropped stream, a blocking call given up) ends the run: nobody hears it any more
      await relay.run({ first: true, boundMs: streaming ? this.deps.streamMs : blocking ? this.deps.waitMs : 0, until: closedSignal(rc.context) })
    } finally {
      this.deps.live.delete(relay)
    }
  }

  /** Cancels, then publishes the final status so that whoever waits on this bus sees it. */
  async cancelTask (taskId: string, bus: ExecutionEventBus): Promise<void> {
    try {
      await this.deps.cancel(taskId)
      const t = await this.deps.source.task(taskId, NODE_CALLER)
      if (t.status !== undefined && FINAL_TASK_STATES.has(t.status.state)) {
        bus.publish(AgentEvent.statusUpdate({ taskId: t.id, contextId: t.contextId, status: t.status, metadata: {} }))
      }
    } catch (err) {
      bus.finished()
      throw toA2AError(err)
    }
  }
}
