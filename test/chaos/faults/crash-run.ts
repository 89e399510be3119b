// The crash chaos run shared by its suites: three real daemons, a and b sending to each other under SIGKILLs at random
// moments and at named crash points, pauses and restarts, acting on receipts and revoking keys; c only hears facts.
import { createMesh, type MeshNodeHandle } from '../../helpers/mesh.js'
import { History, type ReceiptMismatch } from '../history/index.js'
import { chaosRng, type Rng } from './seed.js'
import { Supervisor } from './supervisor.js'
import { FULL, historyPath, observeReceipts, write, type AuditInput } from './workload.js'
import { actOnReceipts, actsTally, receiptsWrong, revokeOne } from './receipts.js'

export const CYCLES = Number(process.env.AIOS_CHAOS_CYCLES ?? (FULL ? 20 : 2))
export const PER_CYCLE = FULL ? 80 : 12
// messages the recipients read, consume or complete under the faults: a third of fast mode's, enough for each state
const ACTED = FULL ? 60 : 8

type Fault = 'kill' | 'crash-point' | 'pause' | 'restart'
const FAULTS: readonly Fault[] = ['kill', 'kill', 'crash-point', 'crash-point', 'pause', 'restart']
const SENDER_POINTS = ['after-notify-commit', 'after-settle-commit'] as const
const RECIPIENT_POINTS = ['after-delivered-receipt', 'after-deliver-commit', 'before-receipt-send'] as const

/** Three daemons: a and b send to each other under the faults while acting on receipts; c only hears facts. */
export async function crashRun (suite: string, cycles: number, cli?: string, convergeMs?: number): Promise<{ input: AuditInput, wrong: ReceiptMismatch[] }> {
  const rng = chaosRng(suite)
  const history = new History(historyPath(suite.replace(/\W+/g, '-')))
  const supervisor = new Supervisor(history)
  const nodes = await createMesh(3, { start: false })
  if (cli !== undefined) for (const n of nodes) n.daemon.options.cli = cli
  for (const n of nodes) await supervisor.start(n.daemon)
  const [a, b, observer] = nodes // the observer neither sends nor receives, and takes no fault: it only hears facts
  const stopObserving = observeReceipts(history, [a, b])
  const stopActing = actOnReceipts(history, [a, b], rng, ACTED)
  for (let cycle = 0; cycle < cycles; cycle++) {
    // a is the mesh owner; the cycle's fault may cut the answer, or a may be down when it is asked
    const delay = rng.int(0, 1000)
    const revoking = new Promise(resolve => setTimeout(resolve, delay)).then(async () => { await revokeOne(history, a) })
    await oneCycle(rng, history, supervisor, [a, b], cycle, [[a, b], [b, a]])
    await revoking
  }
  if (actsTally(history).revocationsAnswered === 0) await revokeOne(history, a) // every cycle's fault took a down when it was asked
  await stopActing()
  await stopObserving()
  const wrong = await receiptsWrong(history, [a, b], observer, convergeMs)
  return { input: { suite, history, nodes, supervisor, cycles }, wrong }
}

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
