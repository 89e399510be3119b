// The wake service: turns 'message:in' into wakes. Per seat it debounces a burst into one wake, checks the
// carrier contract before every attempt, records every attempt, retries a failure with backoff (and at once
// when the seat is registered again), and runs one wake at a time per pane. A failed wake changes nothing
// about the message: it stays DELIVERED until the agent reads it.
import type { ErrorCode } from '../../cards/index.js'
import type { Core } from '../core.js'
import { checkContract, seatCarrier, wakeTarget, type ContractVerdict, type SeatCarrier, typeLine } from '../carriers/index.js'
import type { OwedWake } from '../store/index.js'
import { errorText } from '../runtime/errors.js'
import { runWakeCommand } from './command.js'
import { MAX_LISTED_OBLIGATIONS, MAX_WAIT_MS, MIN_INTERVAL_MS, QUIET_MS, STOP_ABORT_MS, retryDelayMs } from './constants.js'
import { Lanes } from './lanes.js'
import { wakeLine } from './line.js'

// Where a seat's wakes stand: idle (nothing scheduled), waiting (a wake due when its timer fires) or running (a wake
// under way). idle → waiting (schedule), waiting → waiting (schedule again: the timer moves), waiting → running (the timer
// fires), running → idle (the wake ended; it schedules again when something is still owed). While running, a
// schedule is ignored: the end of the wake looks at what is owed.
type SeatPhase = { status: 'idle' } | { status: 'waiting', timer: NodeJS.Timeout } | { status: 'running', done: Promise<void> }

/**
 * A seat's pacing. Its times are on the monotonic clock (`mono`), never the wall clock: they live only in memory, and
 * a wall clock set back by ten minutes would have put the last wake ten minutes ahead and held every wake of the seat
 * until then.
 */
interface SeatState {
  phase: SeatPhase
  burstStartMs?: number
  failures: number
  retryAtMs?: number
  lastOkMs?: number
}

/** Milliseconds on the monotonic clock, for the pacing above. */
const mono = (): number => performance.now()

type Outcome = { ok: true } | { ok: false, code: ErrorCode, reason: string }

export class WakeService {
  private readonly seats = new Map<string, SeatState>()
  private readonly lanes = new Lanes()
  private readonly checking = new Map<string, Promise<ContractVerdict>>()
  private readonly abort = new AbortController()
  private arrivals: Array<{ id: Uint8Array, to: string, queued?: boolean }> = []
  private starting?: Promise<void>
  private stopping?: Promise<void>
  private readonly onMessage = (e: { id: Uint8Array, to: string, queued?: boolean }): void => this.arrived(e)
  /** A verdict stored here: a FAIL queued a wake for the recipient seat it reopened (in the verdict's commit). */
  private readonly onVerdict = (e: { messageId: Uint8Array, state: string }): void => {
    if (e.state !== 'AUDITED') return
    const m = this.core.store.messages.message(e.messageId)
    if (m === undefined || !m.localTo) return
    for (const handle of this.core.store.carriers.queuedFor(e.messageId)) if (handle !== m.auditor) this.arrived({ id: m.id, to: handle, queued: true })
  }

  constructor (private readonly core: Core, private readonly env: NodeJS.ProcessEnv = process.env) {}

  async start (): Promise<void> {
    this.starting ??= this.doStart()
    await this.starting
  }

  async stop (): Promise<void> {
    this.stopping ??= this.doStop()
    await this.stopping
  }

  private async doStart (): Promise<void> {
    const carriers = this.core.store.carriers
    // no scan for messages never queued: every delivery path queues its wake in the commit that stores the message
    this.core.events.on('message:in', this.onMessage)
    this.core.events.on('receipt', this.onVerdict)
    for (const a of this.core.store.identity.actors()) {
      const v = await this.check(a.handle)
      if (v === undefined || v.ok) continue
      this.core.log.warn('carrier contract broken', { seat: a.handle, carrier: a.carrier, code: v.code, reason: v.reason, fix: v.fix })
    }
    for (const handle of carriers.openHandles()) this.schedule(handle, mono())
  }

  private async doStop (): Promise<void> {
    this.core.events.off('message:in', this.onMessage)
    this.core.events.off('receipt', this.onVerdict)
    for (const st of this.seats.values()) if (st.phase.status === 'waiting') clearTimeout(st.phase.timer)
    const killer = setTimeout(() => this.abort.abort(), STOP_ABORT_MS)
    await Promise.allSettled([...this.seats.values()].map(s => s.phase.status === 'running' ? s.phase.done : undefined))
    await Promise.allSettled([...this.checking.values()])
    clearTimeout(killer)
  }

  /** The seat was registered again (a new pane, a new program): a failing wake is retried at once. */
  seatRegistered (handle: string): void {
    const st = this.seats.get(handle)
    if (st !== undefined) {
      st.failures = 0
      st.retryAtMs = undefined
    }
    if (this.core.store.carriers.owed(handle) !== undefined) this.schedule(handle, mono())
  }

  /** A fresh contract check, shared by concurrent callers; undefined when the seat is not hosted here. */
  async check (handle: string): Promise<ContractVerdict | undefined> {
    const a = this.core.store.identity.actor(handle)
    if (a === undefined || !a.hosted) return undefined
    let p = this.checking.get(handle)
    if (p === undefined) {
      p = checkContract(seatCarrier(a, this.core.store.carriers.contract(handle)), this.env).finally(() => this.checking.delete(handle))
      this.checking.set(handle, p)
    }
    return await p
  }

  /** Arrivals of one event-loop turn are queued in one durable write (unless their delivery's commit queued them
   * already), then each seat's burst timer moves. */
  private arrived (e: { id: Uint8Array, to: string, queued?: boolean }): void {
    if (this.stopping !== undefined) return
    this.arrivals.push(e)
    if (this.arrivals.length > 1) return
    setImmediate(() => { void this.flushArrivals() })
  }

  private async flushArrivals (): Promise<void> {
    const batch = this.arrivals
    this.arrivals = []
    const carriers = this.core.store.carriers
    try {
      const now = Date.now()
      const toQueue = batch.filter(e => e.queued !== true)
      if (toQueue.length > 0) await this.core.store.commit.run(() => { for (const e of toQueue) carriers.enqueue(e.id, e.to, now) })
    } catch (err) {
      // The messages are DELIVERED and stored; say so and go on (the delivery paths queue in their own commit).
      this.core.log.error('cannot queue wakes', { count: batch.length, error: errorText(err) })
      return
    }
    for (const handle of new Set(batch.map(e => e.to))) this.burst(handle)
  }

  private state (handle: string): SeatState {
    let st = this.seats.get(handle)
    if (st === undefined) this.seats.set(handle, st = { phase: { status: 'idle' }, failures: 0 })
    return st
  }

  /** Debounce: wait for a quiet moment, at most MAX_WAIT_MS after the burst began, never before a retry is due. */
  private burst (handle: string): void {
    const st = this.state(handle)
    const now = mono()
    st.burstStartMs ??= now
    const quiet = Math.min(now + QUIET_MS, st.burstStartMs + MAX_WAIT_MS)
    this.schedule(handle, Math.max(quiet, (st.lastOkMs ?? -Infinity) + MIN_INTERVAL_MS, st.retryAtMs ?? 0))
  }

  private schedule (handle: string, atMs: number): void {
    if (this.stopping !== undefined) return
    const st = this.state(handle)
    if (st.phase.status === 'running') return // it looks at the queue again when it ends
    if (st.phase.status === 'waiting') clearTimeout(st.phase.timer)
    st.phase = { status: 'waiting', timer: setTimeout(() => this.fire(handle), Math.max(0, atMs - mono())) }
  }

  private fire (handle: string): void {
    const st = this.state(handle)
    st.burstStartMs = undefined
    const done = this.run(handle, st).catch(err => this.failed(handle, st, 'WAKE_INTERNAL', errorText(err))).finally(() => {
      st.phase = { status: 'idle' }
      if (this.stopping !== undefined || this.core.store.carriers.owed(handle) === undefined) return
      // What arrived during this wake (or what it failed to wake) goes next, after the interval or the backoff.
      this.schedule(handle, st.retryAtMs ?? Math.max(mono() + QUIET_MS, (st.lastOkMs ?? -Infinity) + MIN_INTERVAL_MS))
    })
    st.phase = { status: 'running', done }
  }

  private async run (handle: string, st: SeatState): Promise<void> {
    const carriers = this.core.store.carriers
    const owed = carriers.owed(handle)
    const a = this.core.store.identity.actor(handle)
    if (owed === undefined || a === undefined || !a.hosted) return // nothing owed, or the seat moved away
    const seat = seatCarrier(a, carriers.contract(handle))
    const outcome = await this.lanes.run(laneKey(seat), async () => await this.attempt(seat, owed))
    if (!outcome.ok) {
      this.failed(handle, st, outcome.code, outcome.reason)
      return
    }
    st.failures = 0
    st.retryAtMs = undefined
    st.lastOkMs = mono()
    this.core.log.info('woken', { seat: handle, count: owed.count, target: wakeTarget(seat) })
  }

  private failed (handle: string, st: SeatState, code: ErrorCode, reason: string): void {
    st.failures++
    const delay = retryDelayMs(st.failures)
    st.retryAtMs = mono() + delay
    this.core.log.warn('wake failed', { seat: handle, code, reason, retryInMs: delay })
  }

  /** One attempt: the contract first (fail-closed), then the line or the program; recorded either way. */
  private async attempt (seat: SeatCarrier, owed: OwedWake): Promise<Outcome> {
    const started = Date.now()
    const verdict = await checkContract(seat, this.env)
    const outcome: Outcome = verdict.ok ? await this.deliver(seat, owed, verdict) : { ok: false, code: verdict.code, reason: verdict.reason }
    const now = Date.now()
    const carriers = this.core.store.carriers
    this.core.store.tx(() => {
      carriers.recordWake({
        handle: seat.handle,
        carrier: seat.kind.name,
        pane: seat.kind.via === 'tmux' ? seat.pane : undefined,
        tmuxSocket: seat.kind.via === 'tmux' ? seat.tmuxSocket : undefined,
        atMs: started,
        count: owed.count,
        newest: owed.newest,
        result: outcome.ok ? 'ok' : 'failed',
        code: outcome.ok ? undefined : outcome.code,
        error: outcome.ok ? undefined : outcome.reason,
        durationMs: now - started
      })
      if (outcome.ok) carriers.markWoken(seat.handle, owed.newestSeq, now)
    })
    this.core.events.emit('wake', {
      handle: seat.handle, newest: owed.newest, count: owed.count, result: outcome.ok ? 'ok' : 'failed',
      code: outcome.ok ? undefined : outcome.code, error: outcome.ok ? undefined : outcome.reason, durationMs: now - started
    })
    return outcome
  }

  private async deliver (seat: SeatCarrier, owed: OwedWake, verdict: ContractVerdict & { ok: true }): Promise<Outcome> {
    const line = wakeLine(seat.handle, owed.count, owed.newest, seat.kind.linePrefix)
    if (seat.kind.via === 'command') {
      const obligations = this.core.store.carriers.owedIds(seat.handle, owed.newestSeq, MAX_LISTED_OBLIGATIONS)
      return await runWakeCommand({ seat, count: owed.count, obligations, line, home: this.core.ctx.paths.root, env: this.env, signal: this.abort.signal })
    }
    if (verdict.pane === undefined) return { ok: false, code: 'CONTRACT_PANE_DEAD', reason: `pane ${seat.pane ?? '?'} was not probed` }
    return await typeLine({ socket: seat.tmuxSocket as string, pane: seat.pane as string }, line, seat.wakeDelayMs, verdict.pane)
  }
}

/** Wakes for the same pane (or the same seat's program) never overlap. */
function laneKey (seat: SeatCarrier): string {
  return seat.kind.via === 'tmux' ? `tmux ${seat.tmuxSocket ?? ''} ${seat.pane ?? ''}` : `command ${seat.handle}`
}
