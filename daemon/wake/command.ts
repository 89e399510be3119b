// The `command` carrier: runs the seat's program with the obligation in its environment, under a timeout.
import type { Refusal } from '../../cards/index.js'
import { runFailure, runShell, type SeatCarrier } from '../carriers/index.js'
import { obligationId } from '../messaging/ids.js'

export interface CommandWake {
  seat: SeatCarrier
  /** How many messages the wake is for. */
  count: number
  /** The newest of them (at most MAX_LISTED_OBLIGATIONS), newest last. */
  obligations: Uint8Array[]
  line: string
  home: string
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
}

export async function runWakeCommand (w: CommandWake): Promise<{ ok: true } | Refusal> {
  const ids = w.obligations.map(obligationId)
  const env = {
    ...w.env,
    AIOS_COMM_HOME: w.home,
    AIOS_COMM_SEAT: w.seat.handle,
    AIOS_COMM_OBLIGATION: ids[ids.length - 1],
    AIOS_COMM_OBLIGATIONS: ids.join(' '),
    AIOS_COMM_COUNT: String(w.count),
    AIOS_COMM_WAKE_LINE: w.line
  }
  const r = await runShell(w.seat.command as string, env, w.seat.commandTimeoutMs, w.signal)
  const failure = runFailure(r, w.seat.commandTimeoutMs)
  if (failure === undefined) return { ok: true }
  return { ok: false, code: r.kind === 'timeout' ? 'WAKE_COMMAND_TIMEOUT' : 'WAKE_COMMAND_FAILED', reason: `wake command ${JSON.stringify(w.seat.command)} ${failure}` }
}
