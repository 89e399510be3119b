// The recorder: every notify invocation with its answer (or lack of one) and its retries, every receipt observed and
// every fault, appended as JSON lines to a file (kept for a failed run) and held in memory for the checker.
import { randomBytes } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { MeshError } from '../../../cards/index.js'
import { call } from '../../../cli/control-client.js'
import type { HistoryEvent } from './events.js'

/** Errors that mean the daemon may have acted but its answer was lost. Every other error is a definite refusal
 * (the daemon answered it, or, for DAEMON_NOT_RUNNING, no daemon was there to take the call). */
const NO_ANSWER = new Set(['DAEMON_PROTOCOL', 'DAEMON_UNREACHABLE', 'DAEMON_CONNECTION_LOST'])

/** Attempts per notify, the first included: enough to outlast a crash and a restart in a row, few enough that a
 * daemon that keeps dying leaves the op unknown rather than stalling the run. */
export const MAX_ATTEMPTS = 3
/** How often a retry asks whether the daemon answers again. */
const PROBE_EVERY_MS = 100
/** One probe's limit: a paused daemon accepts the connection and never answers. */
const PROBE_TIMEOUT_MS = 2_000

type Without<T, K extends keyof any> = T extends unknown ? Omit<T, K> : never

interface Attempted {
  op: number
  home: string
  from: string
  to: string
  tag: string
  key: string
  attempts: number
}

export class History {
  readonly events: HistoryEvent[] = []
  private nextOp = 0
  private nextAct = 0
  private readonly run = randomBytes(6).toString('hex')
  /** Ops whose last answer was lost and that may be retried. */
  private readonly lost = new Map<number, Attempted>()

  constructor (readonly path?: string) {}

  log (e: Without<HistoryEvent, 'atMs'>): void {
    const full = { ...e, atMs: Date.now() } as HistoryEvent
    this.events.push(full)
    if (this.path !== undefined) appendFileSync(this.path, JSON.stringify(full) + '\n')
  }

  fault (kind: string, target: string, detail?: string): void {
    this.log({ type: 'fault', kind, target, detail })
  }

  /**
   * Sends one message through the sender's control socket with an idempotency key of its own and records the
   * outcome; never throws. A lost answer is remembered: retryLost() sends it again with the same key.
   */
  async notify (home: string, from: string, to: string, tag: string): Promise<string | undefined> {
    const op = this.nextOp++
    this.log({ type: 'invoke', op, from, to, tag })
    return await this.attempt({ op, home, from, to, tag, key: `chaos-${this.run}-${op}`, attempts: 1 })
  }

  private async attempt (a: Attempted): Promise<string | undefined> {
    this.lost.delete(a.op)
    try {
      const r = await call(a.home, 'notify', { as: a.from, to: a.to, text: a.tag, idempotencyKey: a.key })
      this.log({ type: 'ok', op: a.op, obligation: r.obligation })
      return r.obligation
    } catch (err) {
      const code = err instanceof MeshError ? err.code : 'UNEXPECTED'
      if (NO_ANSWER.has(code) || !(err instanceof MeshError)) {
        this.log({ type: 'info', op: a.op, code })
        if (a.attempts < MAX_ATTEMPTS) this.lost.set(a.op, a)
      } else this.log({ type: 'fail', op: a.op, code })
      return undefined
    }
  }

  /**
   * Sends again, with its key, every notify whose answer was lost, each once its daemon answers again (waiting at
   * most waitMs for it; a daemon still down leaves its ops for a later call). Returns how many were sent again.
   */
  async retryLost (waitMs = 30_000): Promise<number> {
    let sent = 0
    const down = new Set<string>() // asked once per call: a daemon left down costs one wait, not one per op
    for (const a of [...this.lost.values()]) {
      if (down.has(a.home)) continue
      if (!await answers(a.home, waitMs)) {
        down.add(a.home)
        continue
      }
      a.attempts++
      this.log({ type: 'retry', op: a.op, attempt: a.attempts })
      await this.attempt(a)
      sent++
    }
    return sent
  }

  /**
   * Records one act (a receipt signed by a recipient, or a revocation) and its outcome: `run` makes the control
   * call; its answer is ok, a definite refusal, or none. Never throws.
   */
  async act (e: Without<Extract<HistoryEvent, { type: 'act' }>, 'atMs' | 'act'>, run: () => Promise<unknown>): Promise<boolean> {
    const act = this.nextAct++
    this.log({ ...e, act })
    try {
      await run()
      this.log({ type: 'acted', act, outcome: 'ok' })
      return true
    } catch (err) {
      const code = err instanceof MeshError ? err.code : 'UNEXPECTED'
      this.log({ type: 'acted', act, outcome: NO_ANSWER.has(code) || !(err instanceof MeshError) ? 'info' : 'fail', code })
      return false
    }
  }

  /** Ops whose answer is still lost and that a retry may still settle. */
  get pendingRetries (): number {
    return this.lost.size
  }

  get retries (): number {
    return this.events.filter(e => e.type === 'retry').length
  }

  get faults (): number {
    return this.events.filter(e => e.type === 'fault').length
  }

  get invocations (): number {
    return this.nextOp
  }
}

/** Whether the daemon of a home answers a control call within waitMs. */
async function answers (home: string, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs
  while (Date.now() < until) {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<false>(resolve => { timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS) })
    const ok = await Promise.race([call(home, 'node.status', {}).then(() => true, () => false), late])
    clearTimeout(timer)
    if (ok) return true
    await new Promise(resolve => setTimeout(resolve, PROBE_EVERY_MS))
  }
  return false
}
