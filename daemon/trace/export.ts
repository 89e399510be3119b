// The trace export's lifecycle: the SDK is loaded at start (a node without an endpoint never loads it), the core's
// events are listened to, and stop exports what is queued within a bounded time. start() and stop() are memoized.
import type { Core, CoreEvents } from '../core.js'
import { errorText } from '../runtime/errors.js'
import type { TraceProvider } from './provider.js'

// a collector that does not answer delays a daemon's stop by this much at most; what it did not take is dropped
const STOP_FLUSH_MS = 5000

export class TraceExport {
  private starting?: Promise<void>
  private stopping?: Promise<void>
  private provider?: TraceProvider
  private readonly detach: Array<() => void> = []

  constructor (private readonly core: Core, readonly url: string) {}

  async start (): Promise<void> {
    this.starting ??= this.doStart().catch(async err => {
      await this.stop()
      throw err
    })
    await this.starting
  }

  async stop (): Promise<void> {
    this.stopping ??= this.doStop()
    await this.stopping
  }

  private async doStart (): Promise<void> {
    const [{ traceProvider }, { StepSpans }] = await Promise.all([import('./provider.js'), import('./steps.js')])
    const provider = this.provider = traceProvider(this.url, this.core.peerId)
    const steps = new StepSpans(this.core, provider.tracer)
    const events = this.core.events as unknown as NodeJS.EventEmitter
    for (const [name, fn] of Object.entries(steps.listeners()) as Array<[keyof CoreEvents, (...args: unknown[]) => void]>) {
      // a span that cannot be made is a span lost, never a step refused
      const guarded = (...args: unknown[]): void => {
        try {
          fn(...args)
        } catch (err) {
          this.core.log.debug('span not recorded', { event: name, error: errorText(err) })
        }
      }
      events.on(name, guarded)
      this.detach.push(() => events.off(name, guarded))
    }
    this.core.tracer = steps
    this.detach.push(() => { if (this.core.tracer === steps) this.core.tracer = undefined })
  }

  private async doStop (): Promise<void> {
    for (const d of this.detach.splice(0)) d()
    const provider = this.provider
    if (provider === undefined) return
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>(resolve => { timer = setTimeout(() => resolve('late'), STOP_FLUSH_MS) })
    try {
      const r = await Promise.race([provider.shutdown().then(() => 'flushed' as const), late])
      if (r === 'late') this.core.log.warn('traces not all exported before stop', { endpoint: this.url })
    } catch (err) {
      this.core.log.warn('traces not all exported before stop', { endpoint: this.url, error: errorText(err) })
    } finally {
      clearTimeout(timer)
    }
  }
}
