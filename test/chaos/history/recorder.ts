// The recorder: every notify invocation with its answer (or lack of one), every receipt observed and every fault,
// appended as JSON lines to a file (kept for a failed run) and held in memory for the checker.
import { appendFileSync } from 'node:fs'
import { MeshError } from '../../../cards/index.js'
import { call } from '../../../cli/control-client.js'
import type { HistoryEvent } from './events.js'

/** Errors that mean the daemon may have acted but its answer was lost. Every other error is a definite refusal
 * (the daemon answered it, or, for DAEMON_NOT_RUNNING, no daemon was there to take the call). */
const NO_ANSWER = new Set(['DAEMON_PROTOCOL', 'DAEMON_UNREACHABLE', 'DAEMON_CONNECTION_LOST'])

type Without<T, K extends keyof any> = T extends unknown ? Omit<T, K> : never

export class History {
  readonly events: HistoryEvent[] = []
  private nextOp = 0

  constructor (readonly path?: string) {}

  log (e: Without<HistoryEvent, 'atMs'>): void {
    const full = { ...e, atMs: Date.now() } as HistoryEvent
    this.events.push(full)
    if (this.path !== undefined) appendFileSync(this.path, JSON.stringify(full) + '\n')
  }

  fault (kind: string, target: string, detail?: string): void {
    this.log({ type: 'fault', kind, target, detail })
  }

  /** Sends one message through the sender's control socket and records the outcome; never throws. */
  async notify (home: string, from: string, to: string, tag: string): Promise<string | undefined> {
    const op = this.nextOp++
    this.log({ type: 'invoke', op, from, to, tag })
    try {
      const r = await call<{ obligation: string }>(home, 'notify', { as: from, to, text: tag })
      this.log({ type: 'ok', op, obligation: r.obligation })
      return r.obligation
    } catch (err) {
      const code = err instanceof MeshError ? err.code : 'UNEXPECTED'
      if (NO_ANSWER.has(code) || !(err instanceof MeshError)) this.log({ type: 'info', op, code })
      else this.log({ type: 'fail', op, code })
      return undefined
    }
  }

  get faults (): number {
    return this.events.filter(e => e.type === 'fault').length
  }

  get invocations (): number {
    return this.nextOp
  }
}
