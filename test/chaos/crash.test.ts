// Crash chaos: two real daemons send to each other while the test SIGKILLs either side at random moments and at
// named crash points (inside an open commit, right after a commit, right before a receipt leaves), pauses them
// (SIGSTOP/SIGCONT) and restarts them (SIGTERM) mid-stream. Afterwards every acknowledged message is delivered exactly once.
import { describe, it } from 'vitest'
import { createMesh, type MeshNodeHandle } from '../helpers/mesh.js'
import { History } from './history/index.js'
import { chaosRng, type Rng } from './faults/seed.js'
import { Supervisor } from './faults/supervisor.js'
import { FULL, audit, historyPath, observeReceipts, write } from './faults/workload.js'

const CYCLES = Number(process.env.AIOS_CHAOS_CYCLES ?? (FULL ? 20 : 2))
const PER_CYCLE = FULL ? 80 : 12

type Fault = 'kill' | 'crash-point' | 'pause' | 'restart'
const FAULTS: readonly Fault[] = ['kill', 'kill', 'crash-point', 'crash-point', 'pause', 'restart']
const SENDER_POINTS = ['after-notify-commit', 'after-settle-commit'] as const
const RECIPIENT_POINTS = ['after-delivered-receipt', 'after-deliver-commit', 'before-receipt-send'] as const

describe('chaos: crashes, pauses and restarts', () => {
  it(`${CYCLES} fault cycles of ${PER_CYCLE} messages each way lose and duplicate nothing`, { timeout: FULL ? 600_000 : 90_000 }, async () => {
    const rng = chaosRng('crash')
    const history = new History(historyPath('crash'))
    const supervisor = new Supervisor(history)
    const nodes = await createMesh(2, { start: false })
    for (const n of nodes) await supervisor.start(n.daemon)
    const stopObserving = observeReceipts(history, nodes)
    const [a, b] = nodes
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await oneCycle(rng, history, supervisor, nodes, cycle, [[a, b], [b, a]])
    }
    await stopObserving()
    await audit({ suite: 'crash', history, nodes, supervisor, cycles: CYCLES })
  })
})

async function oneCycle (rng: Rng, history: History, sup: Supervisor, nodes: MeshNodeHandle[], cycle: number, pairs: Array<[MeshNodeHandle, MeshNodeHandle]>): Promise<void> {
  const fault = rng.pick(FAULTS)
  const target = rng.pick(nodes)
  const at = rng.int(1, PER_CYCLE - 1) // the fault lands after this many answers in the cycle
  let inject: (() => Promise<void>) | undefined
  if (fault === 'crash-point') {
    // Armed before the stream starts; it fires on the Nth pass, i.e. somewhere in the middle of it.
    const point = rng.next() < 0.4 ? rng.pick(SENDER_POINTS) : rng.pick(RECIPIENT_POINTS)
    const nth = rng.int(1, Math.max(1, Math.floor(PER_CYCLE / 4)))
    history.fault('crash-point', target.handle, `${point} #${nth}`)
    await sup.stop(target.daemon)
    await sup.start(target.daemon, { AIOS_COMM_CRASH_AT: point, AIOS_COMM_CRASH_AFTER: String(nth) })
  } else if (fault === 'kill') {
    inject = async () => {
      history.fault('sigkill', target.handle, `after ${at} answers`)
      await sup.kill(target.daemon)
      if (rng.next() < 0.5) await sup.start(target.daemon) // back mid-stream; otherwise after the stream
    }
  } else if (fault === 'pause') {
    inject = async () => {
      // Its notify calls and its peer's deliveries wait on the paused daemon until SIGCONT.
      const ms = rng.int(200, 3000)
      history.fault('sigstop', target.handle, `after ${at} answers, for ${ms} ms`)
      sup.pause(target.daemon)
      await new Promise(resolve => setTimeout(resolve, ms))
      sup.resume(target.daemon)
    }
  } else {
    inject = async () => {
      history.fault('restart', target.handle, `after ${at} answers`)
      await sup.stop(target.daemon)
      await sup.start(target.daemon)
    }
  }
  let injected: Promise<void> | undefined
  const writing = write(history, pairs, PER_CYCLE, `c${cycle}`, 4, n => {
    if (n === at && inject !== undefined) injected = inject()
  })
  await writing
  await injected
  // Heal this cycle: whatever is down comes back without a crash point.
  for (const n of nodes) {
    if (!n.daemon.running) await sup.start(n.daemon)
    else if (fault === 'crash-point' && n === target) {
      await sup.stop(n.daemon)
      await sup.start(n.daemon)
    }
  }
  await history.retryLost() // the answers the faults cut off: sent again with their keys, now that both answer
}
