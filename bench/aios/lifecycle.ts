// The full lifecycle, one message at a time: notify → DELIVERED → read → consume → ack with evidence on the
// recipient's daemon → COMPLETE seen (verified) at the sender.
import { closedLoop } from '../load.js'
import type { RunResult } from '../results.js'
import type { Pair } from './pair.js'
import { notifyUntil, waitState } from './deliver.js'

const BODY = 'x'.repeat(1024)

export async function lifecycle (p: Pair, total: number): Promise<RunResult> {
  return await closedLoop(total, 1, async () => {
    const obligation = await notifyUntil(p.a, { to: p.recipient.handle, text: BODY, require: 'COMPLETE' }, 'DELIVERED')
    await p.b.call('read', { obligation })
    await p.b.call('consume', { obligation })
    await p.b.call('ack', { obligation, sentence: 'Benchmark message handled.' }) // the receipt file it writes is the evidence
    await waitState(p.a, obligation, 'COMPLETE')
  })
}
