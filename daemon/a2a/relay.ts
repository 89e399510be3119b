// Follows one obligation's receipts on the daemon's observation bus and publishes them to an SDK event bus in order:
// the task first (when asked), a status update for each state the receipts move it to, the artifact and the final
// status at COMPLETE, REJECTED, CANCELED or a failed delivery. It ends there, at its bound, when its client's
// connection closes, or when stopped.
import type { Task, TaskState } from '@a2a-js/sdk'
import { AgentEvent, type ExecutionEventBus } from '@a2a-js/sdk/server'
import type { Caller } from '../access/index.js'
import type { ObservedEvent } from '../observe/index.js'
import type { TaskSource } from './task-store.js'
import { FINAL_TASK_STATES, taskRank, taskStateOf } from './task.js'

/** Where receipts are heard: the daemon's ObserveBus. */
export interface ReceiptWatch { subscribe: (l: (e: ObservedEvent) => void) => () => void }

export interface RelayRun {
  /** Publish the task itself first (an executor must); a subscriber's bus gets the task from the SDK instead. */
  first: boolean
  /** How long to follow; 0: publish the task and end. */
  boundMs: number
  /** Ends the run when it aborts: the HTTP response it feeds closed. */
  until?: AbortSignal
}

export class Relay {
  private stopped = false
  private wake?: () => void

  constructor (private readonly ob: string, private readonly source: TaskSource, private readonly caller: Caller,
    private readonly watch: ReceiptWatch, private readonly bus: ExecutionEventBus) {}

  /** Ends a run at once, publishing nothing more (the bridge stops, or nobody listens any more). */
  stop (): void {
    this.stopped = true
    this.wake?.()
  }

  /** Resolves with the last state published once the run ends. */
  async run (o: RelayRun): Promise<TaskState> {
    const heard: string[] = [] // mesh states, in the order the receipts arrived
    const unsubscribe = this.watch.subscribe(e => {
      if (e.type === 'receipt' && e.obligation === this.ob) { heard.push(e.state); this.wake?.() }
    })
    let bounded = false
    const timer = setTimeout(() => { bounded = true; this.wake?.() }, o.boundMs)
    const gone = (): void => { this.stop() }
    if (o.until?.aborted === true) this.stop()
    o.until?.addEventListener('abort', gone, { once: true })
    try {
      const task = await this.source.task(this.ob, this.caller)
      if (o.first) this.bus.publish(AgentEvent.task(task))
      let state = task.status?.state ?? 0
      if (FINAL_TASK_STATES.has(state)) {
        if (!o.first) this.publishFinal(task, state)
        return state
      }
      while (!this.stopped && !bounded && o.boundMs > 0) {
        const next = heard.shift()
        if (next === undefined) {
          await new Promise<void>(resolve => { this.wake = resolve })
          this.wake = undefined
          continue
        }
        // a COMPLETE of an audited obligation is still working, and a verdict may pass or fail: the task says which
        const s = next === 'COMPLETE' || next === 'AUDITED' ? (await this.source.task(this.ob, this.caller)).status?.state ?? 0 : taskStateOf(next)
        if (taskRank(s) <= taskRank(state)) continue // a receipt this task is already past
        if (FINAL_TASK_STATES.has(s)) {
          this.publishFinal(await this.source.task(this.ob, this.caller), s)
          return s
        }
        state = s
        this.bus.publish(AgentEvent.statusUpdate({ taskId: task.id, contextId: task.contextId, status: { state: s, message: undefined, timestamp: new Date().toISOString() }, metadata: {} }))
      }
      if (this.stopped) return state
      // the bound passed: the task as it stands, should it have moved without a receipt this run heard
      const now = await this.source.task(this.ob, this.caller)
      const s = now.status?.state ?? 0
      if (taskRank(s) > taskRank(state)) {
        if (FINAL_TASK_STATES.has(s)) this.publishFinal(now, s)
        else this.bus.publish(AgentEvent.statusUpdate({ taskId: now.id, contextId: now.contextId, status: now.status, metadata: {} }))
        return s
      }
      return state
    } finally {
      clearTimeout(timer)
      o.until?.removeEventListener('abort', gone)
      unsubscribe()
    }
  }

  /** The artifacts, then the final status (the state the receipt named, should the read lag behind it). */
  private publishFinal (t: Task, heard: TaskState): void {
    for (const artifact of t.artifacts) {
      this.bus.publish(AgentEvent.artifactUpdate({ taskId: t.id, contextId: t.contextId, artifact, append: false, lastChunk: true, metadata: {} }))
    }
    const status = t.status !== undefined && FINAL_TASK_STATES.has(t.status.state) ? t.status : { state: heard, message: undefined, timestamp: new Date().toISOString() }
    this.bus.publish(AgentEvent.statusUpdate({ taskId: t.id, contextId: t.contextId, status, metadata: t.metadata }))
  }
}
