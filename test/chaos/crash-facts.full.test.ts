// Crash chaos, the proof that its third node's check can fail (run by `npm run test:chaos` only): a build whose
// COMPLETE receipts and revocations never become facts still delivers every receipt to the message's sender, so only
// a reader that is not the sender sees them missing.
import { describe, expect, it } from 'vitest'
import { settle } from './faults/workload.js'
import { mutantBuild } from './faults/mutant.js'
import { crashRun } from './faults/crash-run.js'

// the facts the mutant withholds never come; the real build converges in a few seconds
const MUTANT_CONVERGE_MS = 15_000

describe('chaos: crashes, pauses and restarts', () => {
  it('a build that keeps COMPLETE receipts and revocations out of the fact log is caught by the third node', { timeout: 300_000 }, async () => {
    const cli = mutantBuild('facts-withheld', [
      { file: 'daemon/store/receipts.js', from: "this.facts.append('receipt',", to: "if (r.state !== 'COMPLETE') this.facts.append('receipt'," },
      { file: 'daemon/store/identity.js', from: "this.facts.append('revocation', r.envelope, r.atMs);", to: ';' }
    ])
    const { input, wrong } = await crashRun('crash (facts withheld)', 2, cli, MUTANT_CONVERGE_MS)
    const { tally } = await settle(input)
    process.stdout.write(`[chaos] crash (facts withheld): ${wrong.length} receipts wrong, e.g. ${wrong.slice(0, 3).map(w => w.reason).join('; ')}\n`)
    expect(tally.duplicated + tally.lost).toBe(0)
    expect(wrong.some(w => w.reason.includes('signed COMPLETE'))).toBe(true)
    expect(wrong.some(w => w.reason.startsWith('revoked at'))).toBe(true)
  })
})
