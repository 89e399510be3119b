// Crash chaos: two real daemons send to each other while the test SIGKILLs either side at random moments and at
// named crash points (inside an open commit, right after a commit, right before a receipt leaves), pauses them
// (SIGSTOP/SIGCONT) and restarts them (SIGTERM) mid-stream, while the recipients read, consume and complete messages
// and the mesh owner revokes keys. Afterwards every acknowledged message is delivered exactly once, and a third node
// shows every receipt and revocation as its signer holds it.
import { describe, expect, it } from 'vitest'
import { FULL, audit } from './faults/workload.js'
import { actsTally } from './faults/receipts.js'
import { CYCLES, PER_CYCLE, crashRun } from './faults/crash-run.js'

describe('chaos: crashes, pauses and restarts', () => {
  it(`${CYCLES} fault cycles of ${PER_CYCLE} messages each way lose and duplicate nothing; receipts and revocations made under them reach a third node`, { timeout: FULL ? 600_000 : 90_000 }, async () => {
    const { input, wrong } = await crashRun('crash', CYCLES)
    const { history } = input
    for (const w of wrong.slice(0, 10)) process.stdout.write(`[chaos]   receipt wrong: ${w.subject}: ${w.reason}\n`)
    const acts = actsTally(history)
    process.stdout.write(`[chaos] crash: ${JSON.stringify(acts)}\n`)
    await audit({ ...input, receiptsWrong: wrong.length })
    // the check measured something: receipts beyond DELIVERED and a revocation were signed under the faults
    expect(acts.receiptsAnswered).toBeGreaterThan(0)
    expect(acts.revocationsAnswered).toBeGreaterThan(0)
  })
})
