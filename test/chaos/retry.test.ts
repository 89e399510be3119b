// Retries after lost answers: the sender is SIGKILLed right after committing a notify, before answering it; the
// workload sends every unanswered notify again with its idempotency key once the daemon is back. The real build
// stores each once; a mutant built to ignore the key stores some twice, and the verdict must say so.
import { describe, expect, it } from 'vitest'
import { createMesh } from '../helpers/mesh.js'
import { History } from './history/index.js'
import { chaosRng } from './faults/seed.js'
import { Supervisor } from './faults/supervisor.js'
import { mutantBuild } from './faults/mutant.js'
import { FULL, audit, historyPath, settle, write, type AuditInput } from './faults/workload.js'

const CYCLES = FULL ? 6 : 1
const PER_CYCLE = FULL ? 24 : 8
const LANES = 4 // notifies in flight when the sender dies: each loses its answer

/** The built notify with its idempotency key ignored: every retry is a new message. */
const IGNORE_KEY = { file: 'daemon/messaging/notify.js', from: 'const key = input.idempotencyKey;', to: 'const key = undefined;' }

/** Crash cycles against a sender running `cli` (default: the real build); returns the audit's input, not yet settled. */
async function crashRun (suite: string, cli?: string): Promise<AuditInput> {
  const rng = chaosRng(suite)
  const history = new History(historyPath(suite.replace(/\W+/g, '-')))
  const supervisor = new Supervisor(history)
  const nodes = await createMesh(2, { start: false })
  if (cli !== undefined) for (const n of nodes) n.daemon.options.cli = cli
  const [a, b] = nodes
  await supervisor.start(b.daemon)
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const nth = rng.int(1, Math.max(1, PER_CYCLE / 2))
    history.fault('crash-point', a.handle, `after-notify-commit #${nth}`)
    if (a.daemon.running) await supervisor.stop(a.daemon)
    await supervisor.start(a.daemon, { AIOS_COMM_CRASH_AT: 'after-notify-commit', AIOS_COMM_CRASH_AFTER: String(nth) })
    await write(history, [[a, b]], PER_CYCLE, `r${cycle}`, LANES)
    if (a.daemon.running) await supervisor.stop(a.daemon) // the crash point did not fire: disarm it anyway
    await supervisor.start(a.daemon)
    await history.retryLost()
  }
  return { suite, history, nodes, supervisor, cycles: CYCLES }
}

describe('chaos: notifies retried after lost answers', () => {
  it('the real build stores every retried notify once; a build that ignores the idempotency key is caught storing some twice', { timeout: FULL ? 600_000 : 60_000 }, async () => {
    // both runs at once: each mostly waits on its daemons' restarts
    const mutant = mutantBuild('ignore-idempotency-key', [IGNORE_KEY])
    const [real, broken] = await Promise.all([crashRun('retry after lost answers'), crashRun('retry (key ignored)', mutant)])
    const caught = await settle(broken)
    process.stdout.write(`[chaos] retry (key ignored): ${JSON.stringify(caught.tally)}\n`)
    const tally = await audit(real)
    expect(tally.retried).toBeGreaterThan(0)
    expect(caught.tally.retried).toBeGreaterThan(0)
    expect(caught.tally.duplicated).toBeGreaterThan(0)
    expect(caught.result.ops.filter(o => o.verdict === 'duplicated').map(o => o.reason)).toContain('held 2 times in the recipient\'s inbox')
  })
})
