// Power loss: two real daemons on power-loss disks send to each other (and acknowledge some messages) while the
// power of one or the other goes off at random moments or right after a relaxed (unsynced) commit, sometimes tearing
// unsynced pages. After each cut and at the end nothing the mesh acknowledged may be gone. The same run on a build
// whose store never fsyncs (synchronous=OFF, and no fdatasync of the log) must lose DELIVERED messages: the proof the
// suite can see a durability bug. AIOS_POWER_MUTANT=early runs that proof on a build that fsyncs but settles first.
import { describe, expect, it } from 'vitest'
import { appendFileSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { call } from '../../cli/control-client.js'
import { tempDir } from '../helpers/cli.js'
import { History, checkHistory, snapshotNode } from '../chaos/history/index.js'
import { chaosRng, type Rng } from '../chaos/faults/seed.js'
import { Supervisor } from '../chaos/faults/supervisor.js'
import { historyPath, observeReceipts, unknownAllowed, waitHealed, write } from '../chaos/faults/workload.js'
import { UNKNOWN_LIMIT } from '../chaos/table.mjs'
import { answeredBy, copyStore, createPowerMesh, powerCut, ServedLog, type PowerNode } from '../chaos/faults/power-mesh.js'
import { mutatedBuild } from '../chaos/faults/power-build.js'

const FULL = process.env.AIOS_POWER === 'full'
const CYCLES = Number(process.env.AIOS_POWER_CYCLES ?? (FULL ? 10 : 2))
const OFF_CYCLES = FULL ? 3 : 1
const PER_CYCLE = FULL ? 40 : 12
const TORN_SHARE = Number(process.env.AIOS_POWER_TORN ?? 0.4) // share of cuts that tear unsynced pages (each kept with probability TORN_P)
const TORN_P = 0.5
const AT_SETTLE_SHARE = Number(process.env.AIOS_POWER_AT_SETTLE ?? 0.3) // share of cuts right after a relaxed commit
const ACK_EVERY = 5 // every 5th answer, the recipient acknowledges (COMPLETE) the oldest message in its inbox

export interface PowerTally {
  build: string
  cycles: number
  messages: number
  powerCuts: number
  torn: number
  lost: number
  duplicated: number
  gaps: number
  stuck: number
  unknown: number
  retried: number
  unmatched: number
  refusedStarts: number
  identity: number
  healed: boolean
  replaced?: number
}

describe('power loss', () => {
  it(`real build: ${CYCLES} power cuts lose, duplicate and reuse nothing`, { timeout: FULL ? 900_000 : 60_000 }, async () => {
    const t = await powerRun('real', chaosRng('power real build'), CYCLES)
    expect(t.refusedStarts).toBe(0)
    expect(t.identity).toBe(0)
    expect({ lost: t.lost, duplicated: t.duplicated, gaps: t.gaps, stuck: t.stuck, unmatched: t.unmatched }).toEqual({ lost: 0, duplicated: 0, gaps: 0, stuck: 0, unmatched: 0 })
    expect(t.healed).toBe(true)
    expect(t.unknown, `unknown outcomes (at most ${UNKNOWN_LIMIT * 100} % of ${t.messages})`).toBeLessThanOrEqual(unknownAllowed(t.messages))
  })

  it(`broken build (synchronous=OFF, or AIOS_POWER_MUTANT's): ${OFF_CYCLES} power cut(s) lose DELIVERED messages`, { timeout: FULL ? 600_000 : 40_000 }, async () => {
    const build = mutatedBuild() // removed when the test ends
    expect(build.replaced).toBeGreaterThan(0) // the mutation cannot silently vanish
    const t = await powerRun(build.label, chaosRng('power synchronous=OFF build'), OFF_CYCLES, build.cli, build.replaced)
    expect(t.lost).toBeGreaterThan(0)
  })
})

async function powerRun (name: string, rng: Rng, cycles: number, cli?: string, replaced?: number): Promise<PowerTally> {
  const t0 = performance.now()
  const phase = (what: string): void => { process.stdout.write(`[power] ${name}: ${what} at ${Math.round(performance.now() - t0)} ms\n`) }
  const historyFile = historyPath(`power-${name.replace(/\W/g, '')}`) // its folder is kept when the test fails
  const history = new History(historyFile)
  const sup = new Supervisor(history)
  const nodes = await createPowerMesh(2, sup, cli)
  const [a, b] = nodes
  phase('mesh up')
  const observed = [...nodes] // the observer reads these stores; a node being cut leaves the list until it is back
  const stopObserving = observeReceipts(history, observed)
  const served = new ServedLog()
  const tally: PowerTally = { build: name, cycles, messages: 0, powerCuts: 0, torn: 0, lost: 0, duplicated: 0, gaps: 0, stuck: 0, unknown: 0, retried: 0, unmatched: 0, refusedStarts: 0, identity: 0, healed: false, ...(replaced !== undefined ? { replaced } : {}) }
  const lostAtCut = new Set<string>()
  for (let cycle = 0; cycle < cycles; cycle++) {
    const target = rng.pick(nodes)
    // torn cuts test the real build's recovery; on the broken build a torn cut may keep the very pages it never
    // fsynced (each with probability TORN_P), and its one cut then shows no loss: its cuts roll back whole
    const torn = cli === undefined && rng.next() < TORN_SHARE ? { rng, p: TORN_P } : undefined
    const at = rng.int(4, PER_CYCLE - 1) // the power goes off after this many answers in the cycle (some from each side)
    // or right after a relaxed commit (its log frames not fsynced), where the target kills itself: the worst moment
    // for the real build (the OFF build fsyncs nothing anyway; its cut must come after answers, to show their loss)
    const settle = cli === undefined && rng.next() < AT_SETTLE_SHARE ? rng.int(1, 3) : undefined
    const acks: Array<Promise<void>> = []
    let cutting: Promise<void> | undefined
    let cutDone = false
    const cut = async (answers = at): Promise<void> => {
      cutDone = true
      for (const n of nodes) if (n.daemon.running) served.record(n, nodes.filter(p => p !== n && p.daemon.running))
      observed.splice(observed.indexOf(target), 1)
      const when = settle !== undefined ? `right after relaxed commit #${settle}` : `after ${answers} answers`
      history.fault('power-cut', target.handle, `cycle ${cycle} ${when}${torn !== undefined ? ', torn' : ''}`)
      const r = await powerCut(target, history, sup, torn)
      observed.push(target)
      tally.powerCuts++
      if (torn !== undefined) tally.torn++
      const f = r.findings
      for (const o of [...f.deliveredLost, ...f.obligationsLost]) lostAtCut.add(o)
      tally.identity += f.identity.length
      if (f.refusedStart !== undefined) tally.refusedStarts++
      const said = [f.refusedStart, ...f.identity, ...f.deliveredLost.slice(0, 3).map(o => `DELIVERED then gone: ${o}`), ...f.obligationsLost.slice(0, 3).map(o => `answered then gone: ${o}`)].filter(x => x !== undefined)
      process.stdout.write(`[power] ${name}: cut ${target.handle} ${when}${torn !== undefined ? ', torn' : ''} ${JSON.stringify(r.cut)}${said.length > 0 ? `\n[power]   ${said.join('\n[power]   ')}` : ''}\n`)
      if (f.refusedStart !== undefined) {
        // What its one line tells an operator to do (counted above; fatal on the real build): move the log aside.
        const aside = tempDir('aios-power-aside-')
        for (const ext of ['-wal', '-shm']) if (existsSync(`${target.home}/node.db${ext}`)) renameSync(`${target.home}/node.db${ext}`, `${aside}/node.db${ext}`)
        try {
          await sup.start(target.daemon)
        } catch (err) {
          // The store itself is damaged (a build that never fsyncs leaves torn checkpoints too): the line's other
          // way out is a backup, and there is none, so the node starts on an empty store; what it held is lost.
          tally.refusedStarts++
          process.stdout.write(`[power]   ${name}: the store does not open without its log either (${(err as Error).message.split('\n').filter(l => l.startsWith('aios-comm:')).join('; ')}); started on an empty store\n`)
          renameSync(`${target.home}/node.db`, `${aside}/node.db`)
          await sup.start(target.daemon)
        }
      }
    }
    if (settle !== undefined) {
      await sup.stop(target.daemon)
      await sup.start(target.daemon, { AIOS_COMM_CRASH_AT: 'after-settle-commit', AIOS_COMM_CRASH_AFTER: String(settle) })
      cutting = target.daemon.exited().then(async () => { if (!cutDone) await cut() })
    }
    await write(history, [[a, b], [b, a]], PER_CYCLE, `c${cycle}`, 4, n => {
      // the broken build's cut waits for an answer to the target as well: what it answered is what its cut must lose
      if (n >= at && settle === undefined && cutting === undefined && (cli === undefined || answeredBy(history, target.handle).length > 0)) cutting = cut(n)
      if (n % ACK_EVERY === 0) acks.push(ackOldest(n % 2 === 0 ? a : b))
    })
    if (settle !== undefined && !cutDone) await cut() // too few settles this cycle: the power goes now
    await cutting
    await Promise.all(acks)
  }
  await stopObserving()
  phase('cycles done')
  await history.retryLost() // a notify whose answer the cut took is sent again with its idempotency key
  tally.healed = await waitHealed(nodes, cli === undefined ? 90_000 : 20_000)
  for (const n of nodes) served.record(n, nodes.filter(p => p !== n))
  tally.gaps = served.audit(nodes)
  phase(`healed ${String(tally.healed)}`)
  for (const n of nodes) await sup.stop(n.daemon)
  if (tally.gaps > 0 && cli === undefined) { // the real build's stores, stopped, beside the history: which fact, commit, checkpoint
    for (const n of nodes) {
      const to = join(dirname(historyFile), n.handle)
      mkdirSync(to, { recursive: true })
      copyStore(n.home, to)
    }
    process.stdout.write(`[power] ${name}: the stores are kept in ${dirname(historyFile)}\n`)
  }
  const result = checkHistory(history.events, nodes.map(n => snapshotNode(n.handle, n.home)))
  const lostAtEnd = result.ops.filter(o => o.verdict === 'lost')
  tally.messages = history.invocations
  tally.lost = Math.max(lostAtEnd.length, lostAtCut.size)
  tally.duplicated = result.counts.duplicated
  tally.stuck = result.counts.stuck
  tally.unknown = result.counts.unknown
  tally.retried = history.retries
  tally.unmatched = result.unmatched.length
  process.stdout.write(`[power] ${name}: ${JSON.stringify(tally)}\n`)
  for (const o of result.ops.filter(x => x.verdict !== 'ok' && x.verdict !== 'unknown').slice(0, 5)) process.stdout.write(`[power]   op ${o.op} ${o.verdict}: ${o.reason} (${o.tag})\n`)
  for (const g of served.examples) process.stdout.write(`[power]   gap: ${g}\n`)
  for (const c of sup.crashes) process.stdout.write(`[power]   exit ${c.home} ${String(c.code)} ${String(c.signal)}: ${c.stderr.slice(-300)}\n`)
  const report = process.env.AIOS_POWER_REPORT
  if (report !== undefined && report !== '') appendFileSync(report, JSON.stringify(tally) + '\n')
  return tally
}

/** The recipient acknowledges its oldest open message (COMPLETE with a sentence); fails quietly while it is down. */
async function ackOldest (node: PowerNode): Promise<void> {
  try {
    const inbox = await call(node.home, 'inbox', { as: node.handle })
    const open = inbox.find(i => i.state === 'DELIVERED')
    if (open !== undefined) await call(node.home, 'ack', { as: node.handle, obligation: open.obligation, sentence: 'done' })
  } catch {
    // the node is down or the message moved on: an ack is best effort here
  }
}
