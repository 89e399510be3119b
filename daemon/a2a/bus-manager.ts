// The SDK's event buses for one seat: a SendMessage's own bus as the SDK makes it, and for SubscribeToTask on a task
// no request is running for, a bus fed by the obligation's receipts while someone listens to it.
import { EventEmitter } from 'node:events'
import { DefaultExecutionEventBusManager, type AgentExecutionEvent, type ExecutionEventBus, type ServerCallContext } from '@a2a-js/sdk/server'
import { closedSignal } from './executor.js'
import { Relay, type ReceiptWatch } from './relay.js'
import { callerOf, type TaskSource } from './task-store.js'

const OBLIGATION_PREFIX = 'ob_' // task ids the bridge hands out; the SDK's own are UUIDs

export interface FeedDeps {
  source: TaskSource
  watch: ReceiptWatch
  /** How long one subscription is followed. */
  streamMs: number
  /** Relays running now, so that the bridge can end them when it stops. */
  live: Set<Relay>
}

/** A bus that starts following the obligation when its first listener attaches and stops when the last one leaves. */
class ReceiptBus extends EventEmitter implements ExecutionEventBus {
  private relay?: Relay

  constructor (ob: string, context: ServerCallContext | undefined, deps: FeedDeps) {
    super()
    this.on('newListener', (name: string) => {
      if (name !== 'event' || this.relay !== undefined) return
      const relay = this.relay = new Relay(ob, deps.source, callerOf(context), deps.watch, this)
      deps.live.add(relay)
      void relay.run({ first: false, boundMs: deps.streamMs, until: closedSignal(context) }) // until the subscriber leaves
        .catch(() => undefined) // the subscriber read the task itself; a read failing now just ends the stream
        .finally(() => { deps.live.delete(relay); this.finished() })
    })
    this.on('removeListener', (name: string) => {
      if (name === 'event' && this.listenerCount('event') === 0) this.relay?.stop()
    })
  }

  publish (event: AgentExecutionEvent): void {
    this.emit('event', event)
  }

  finished (): void {
    this.emit('finished')
  }
}

export class ObligationBusManager extends DefaultExecutionEventBusManager {
  constructor (private readonly deps: FeedDeps) {
    super()
  }

  /** The running request's bus, else (for an obligation id) a new receipt-fed bus that nothing else holds. */
  override getByTaskId (taskId: string, context?: ServerCallContext): ExecutionEventBus | undefined {
    const running = super.getByTaskId(taskId, context)
    if (running !== undefined || !taskId.startsWith(OBLIGATION_PREFIX)) return running
    return new ReceiptBus(taskId, context, this.deps)
  }
}
