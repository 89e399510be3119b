// aios-comm notify → DELIVERED: a message counts when the sender's daemon holds the recipient's verified, signed
// DELIVERED receipt (`wait` answers only then); the recipient fsynced the message before signing it.
import type { ControlConnection } from '../control.js'
import { closedLoop } from '../load.js'
import type { RunResult } from '../results.js'

export const WAIT_MS = 300_000

export async function waitState (c: ControlConnection, obligation: string, state: string, timeoutMs = WAIT_MS): Promise<void> {
  const r = await c.call('wait', { obligation, state, timeoutMs })
  if (r.state !== state) throw new Error(`${obligation} ended ${String(r.state)}, not ${state}`)
}

export async function notifyDelivered (c: ControlConnection, to: string, bytes: number, total: number, outstanding: number): Promise<RunResult> {
  const text = 'x'.repeat(bytes)
  return await closedLoop(total, outstanding, async () => {
    const { obligation } = await c.call('notify', { to, text, require: 'DELIVERED' })
    await waitState(c, obligation, 'DELIVERED')
  })
}
