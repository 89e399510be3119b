// aios-comm notify → DELIVERED: a message counts when the sender's daemon holds the recipient's verified, signed
// DELIVERED receipt (notify's `wait` answers only then); the recipient fsynced the message before signing it.
import type { ControlConnection } from '../control.js'
import type { ParamsOf, ResultOf } from '../../daemon/control/methods.js'
import { closedLoop } from '../load.js'
import type { RunResult } from '../results.js'

export const WAIT_MS = 300_000

export async function waitState (c: ControlConnection, obligation: string, state: string, timeoutMs = WAIT_MS): Promise<void> {
  const r = await c.call('wait', { obligation, state, timeoutMs })
  if (r.state !== state) throw new Error(`${obligation} ended ${String(r.state)}, not ${state}`)
}

/** notify that answers once the state is reached: one control round trip per message. */
export async function notifyUntil (c: ControlConnection, params: ParamsOf<'notify'>, state: string, timeoutMs = WAIT_MS): Promise<string> {
  return reached(await c.call('notify', { ...params, wait: state, waitMs: timeoutMs }), state)
}

function reached (r: ResultOf<'notify'>, state: string): string {
  if (r.state !== state) throw new Error(`${r.obligation} ended ${r.state}${r.timedOut === true ? ' (the wait ran out)' : ''}, not ${state}`)
  return r.obligation
}

/** notify → DELIVERED in a closed loop; the request's bytes are encoded once (`ControlConnection.prepared`). */
export async function notifyDelivered (c: ControlConnection, to: string, bytes: number, total: number, outstanding: number): Promise<RunResult> {
  const notify = c.prepared('notify', { to, text: 'x'.repeat(bytes), require: 'DELIVERED', wait: 'DELIVERED', waitMs: WAIT_MS })
  return await closedLoop(total, outstanding, async () => {
    reached(await notify(), 'DELIVERED')
  })
}
