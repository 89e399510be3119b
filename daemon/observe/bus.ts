// The observation bus: numbers every observed event, keeps the last few for late viewers, and fans them out.
// Listeners are called synchronously and must not block; each transport bounds its own buffer.
import type { Core } from '../core.js'
import { OBSERVED, type ObservedBody, type ObservedEvent } from './event.js'
import { RECENT_EVENTS } from './constants.js'

export type Listener = (e: ObservedEvent) => void

export class ObserveBus {
  private seq = 0
  private readonly recentRing: ObservedEvent[] = []
  private readonly listeners = new Set<Listener>()
  private readonly detach: Array<() => void> = []

  constructor (private readonly core: Core) {}

  start (): void {
    if (this.detach.length > 0) return
    for (const [name, convert] of Object.entries(OBSERVED)) {
      const fn = (arg: unknown): void => { this.publish((convert as (a: unknown) => ObservedBody)(arg)) }
      const events = this.core.events as unknown as NodeJS.EventEmitter
      events.on(name, fn)
      this.detach.push(() => events.off(name, fn))
    }
  }

  stop (): void {
    for (const d of this.detach.splice(0)) d()
    this.listeners.clear()
  }

  publish (body: ObservedBody): void {
    const e = { seq: ++this.seq, at: new Date().toISOString(), ...body } as ObservedEvent
    this.recentRing.push(e)
    if (this.recentRing.length > RECENT_EVENTS) this.recentRing.shift()
    for (const l of this.listeners) {
      try {
        l(e)
      } catch (err) {
        this.core.log.warn('event listener failed', { error: (err as Error).message })
      }
    }
  }

  /** Events seen lately, oldest first (at most RECENT_EVENTS). */
  recent (): ObservedEvent[] {
    return [...this.recentRing]
  }

  /** Listeners attached now: watch streams (CLI watch, MCP waits), the web page's event streams, A2A streams and blocking waits, the metrics' own. */
  get size (): number {
    return this.listeners.size
  }

  subscribe (l: Listener): () => void {
    this.listeners.add(l)
    return () => { this.listeners.delete(l) }
  }
}
