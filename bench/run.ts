// `npm run bench`: aios-comm beside the raw libp2p floor and NATS JetStream, in rounds that interleave the three;
// then the full lifecycle, the reconnect drain, convergence across meshes, a daemon's resources, what retention
// saves (bytes per message, a join's catch-up before and after compaction: bench/retention.ts), each stage of the
// hot path alone (bench/micro), and last the pair's CPU profiles summed by stage (bench/stages.ts). Prints the
// tables and regenerates docs/BENCHMARKS.md with docs/benchmarks.svg (AIOS_BENCH_QUICK=1: a smoke run, written
// to a temp folder instead; AIOS_BENCH_SKIP=retention,… leaves groups out, and the report says so).
// `node dist/bench/run.js --report docs/benchmarks.json` rewrites the report only.
import '../daemon/runtime/polyfill.js'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Floor } from './floor/floor.js'
import { recordFasterFloor } from './floor/faster.js'
import { JetStreamPublisher } from './jetstream/publish.js'
import { NatsServer, ensureNatsServer, natsServerVersion } from './jetstream/server.js'
import { Pair } from './aios/pair.js'
import { notifyDelivered } from './aios/deliver.js'
import { lifecycle } from './aios/lifecycle.js'
import { drain } from './aios/drain.js'
import { ConvergenceMesh } from './convergence.js'
import { ResourceHome } from './resources/resources.js'
import { DRAIN, LIFECYCLE, OUTSTANDING, RESOURCES, SIZES, convergence, load, type SystemKey } from './keys.js'
import { planFromEnv, type Plan } from './plan.js'
import { Results, type RunResult } from './results.js'
import { summarize } from './stats.js'
import { describeMachine } from './report/machine.js'
import { readSaved, writeReport, type Saved } from './report/write.js'
import { measureRetention } from './retention.js'
import { runMicro } from './micro/index.js'
import { measureStages } from './stages.js'

const CONNECT_TIMEOUT_MS = 60_000 // for a mesh to connect fully before convergence is measured regardless
const SETTLE_TIMEOUT_MS = 60_000 // then for its daemons to go quiet (each under 5 % of a core over 2 s)
const STAGES_MESSAGES = 5000 // profiled messages for the cost by stage: as many as a 1 KB × 256 round sends
const STAGES_MESSAGES_QUICK = 500

const say = (line: string): void => { process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`) }
const errorText = (err: unknown): string => ((err as Error)?.message ?? String(err)).split('\n')[0]

/** The systems of the side-by-side rounds; each runs every size × outstanding. */
type Runner = (bytes: number, total: number, outstanding: number) => Promise<RunResult>

interface Systems {
  runners: Partial<Record<SystemKey, Runner>>
  pair: Pair
  close: () => Promise<void>
}

async function startSystems (root: string, r: Results): Promise<Systems & { natsVersion: string }> {
  const floors = [await Floor.start('noise'), await Floor.start('tls')]
  let nats: NatsServer | undefined
  let pub: JetStreamPublisher | undefined
  let natsVersion = 'nats-server not available'
  try {
    const bin = ensureNatsServer()
    natsVersion = natsServerVersion(bin)
    mkdirSync(join(root, 'nats'))
    nats = await NatsServer.start(bin, join(root, 'nats'))
    pub = await JetStreamPublisher.open(nats.port)
  } catch (err) {
    r.unavailable.set('jetstream', errorText(err))
    say(`JetStream will not run: ${errorText(err)}`)
    await nats?.stop()
  }
  const pair = await Pair.start(join(root, 'pair'))
  const runners: Systems['runners'] = {
    floor: async (b, t, c) => await floors[0].run(b, t, c),
    floorTls: async (b, t, c) => await floors[1].run(b, t, c),
    aios: async (b, t, c) => await notifyDelivered(pair.a, pair.recipient.handle, b, t, c)
  }
  if (pub !== undefined) runners.js = async (b, t, c) => await pub.run(b, t, c)
  return {
    runners,
    pair,
    natsVersion,
    close: async () => {
      await pub?.close()
      await nats?.stop()
      for (const f of floors) await f.stop()
      await pair.stop()
    }
  }
}

async function rounds (plan: Plan, s: Systems, r: Results): Promise<void> {
  say('warm-up')
  for (const [sys, run] of Object.entries(s.runners)) {
    await run(1024, plan.warmup, 64)
    await run(64 * 1024, Math.ceil(plan.warmup / 10), 64)
    say(`  ${sys} warmed up`)
  }
  const order: SystemKey[] = ['floor', 'floorTls', 'js', 'aios']
  for (let round = 0; round < plan.rounds; round++) {
    for (const sys of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) {
      const run = s.runners[sys]
      if (run === undefined) continue
      for (const size of SIZES) {
        for (const c of OUTSTANDING) {
          const res = await run(size.bytes, plan.counts[sys === 'floorTls' ? 'floor' : sys][size.key][c], c)
          r.recordRun(load(sys, size.key, c), round, res)
          say(`round ${round + 1}/${plan.rounds} ${sys} ${size.label} ×${c}: ${Math.round(res.latencies.length / res.seconds)} msgs/s, p50 ${summarize(res.latencies).p50.toFixed(2)} ms`)
        }
      }
    }
    recordFasterFloor(r, round)
    const life = await lifecycle(s.pair, plan.lifecycle)
    r.recordRun(LIFECYCLE, round, life)
    say(`round ${round + 1}/${plan.rounds} lifecycle: p50 ${summarize(life.latencies).p50.toFixed(2)} ms`)
    const d = await drain(s.pair, plan.drain)
    r.record(DRAIN.ready, 's', round, d.ready)
    r.record(DRAIN.afterReady, 's', round, d.afterReady)
    r.record(DRAIN.afterSpawn, 's', round, d.afterSpawn)
    r.record(DRAIN.rate, 'msgs/s', round, d.rate)
    say(`round ${round + 1}/${plan.rounds} drain: ${plan.drain} in ${d.afterReady.toFixed(2)} s after ready (${Math.round(d.rate)} msgs/s)`)
  }
}

async function convergenceRuns (plan: Plan, root: string, r: Results): Promise<void> {
  for (const n of plan.meshSizes) {
    say(`convergence: starting ${n} daemons`)
    let mesh: ConvergenceMesh | undefined
    try {
      mesh = await ConvergenceMesh.start(root, n)
      const fewest = await mesh.connected(CONNECT_TIMEOUT_MS)
      if (fewest < n - 1) r.notes.push(`convergence, ${n} daemons: ${CONNECT_TIMEOUT_MS / 1000} s after start the least connected daemon had ${fewest} of its ${n - 1} peers connected; measured as it was`)
      const busiest = await mesh.settled(SETTLE_TIMEOUT_MS)
      if (busiest !== undefined && busiest >= 0.05) r.notes.push(`convergence, ${n} daemons: ${SETTLE_TIMEOUT_MS / 1000} s after connecting the busiest daemon still used ${(busiest * 100).toFixed(0)} % of a core; measured as it was`)
      await mesh.run(2) // warm-up: the gossip mesh forms on the first facts
      for (let run = 0; run < plan.convergenceRuns; run++) {
        const l = summarize(await mesh.run(plan.receiptsPerRun))
        r.record(convergence(n, 'p50'), 'ms', run, l.p50)
        r.record(convergence(n, 'p99'), 'ms', run, l.p99)
        say(`convergence ${n} daemons, run ${run + 1}: p50 ${l.p50.toFixed(0)} ms, p99 ${l.p99.toFixed(0)} ms`)
      }
    } catch (err) {
      r.unavailable.set(`convergence (${n} daemons)`, errorText(err))
      say(`convergence ${n}: ${errorText(err)}`)
    } finally {
      await mesh?.stop()
    }
  }
}

async function resourceRuns (plan: Plan, root: string, r: Results): Promise<void> {
  const home = await ResourceHome.create(root)
  for (let run = 0; run < plan.resourceRuns; run++) r.record(RESOURCES.idleRss, 'MiB', run, await home.rss())
  say(`resources: idle RSS ${r.spread(RESOURCES.idleRss).median.toFixed(1)} MiB; seeding ${plan.seedSmall} messages`)
  say(`  seeded in ${(await home.seedTo(plan.seedSmall)).toFixed(1)} s`)
  for (let run = 0; run < plan.resourceRuns; run++) r.record(RESOURCES.rss100k, 'MiB', run, await home.rss())
  say(`resources: RSS with ${plan.seedSmall} stored ${r.spread(RESOURCES.rss100k).median.toFixed(1)} MiB; seeding up to ${plan.seedLarge}`)
  say(`  seeded in ${(await home.seedTo(plan.seedLarge)).toFixed(1)} s`)
  for (let run = 0; run < plan.resourceRuns; run++) r.record(RESOURCES.startup1m, 'ms', run, await home.startup())
  say(`resources: start-up with ${plan.seedLarge} stored ${r.spread(RESOURCES.startup1m).median.toFixed(0)} ms`)
}

/** AIOS_BENCH_SKIP=name,…: groups left out of this run (their rows say so), for a run short of time. */
const SKIPPED = new Set((process.env.AIOS_BENCH_SKIP ?? '').split(',').map(s => s.trim()).filter(s => s !== ''))

/** Runs one group; a failure is recorded as the reason the group's rows are empty, and the rest goes on. */
async function group (r: Results, name: string, fn: () => Promise<void>): Promise<void> {
  if (SKIPPED.has(name)) {
    r.unavailable.set(name, 'left out of this run (AIOS_BENCH_SKIP)')
    say(`${name}: left out (AIOS_BENCH_SKIP)`)
    return
  }
  try {
    await fn()
  } catch (err) {
    r.unavailable.set(name, errorText(err))
    say(`${name} failed: ${errorText(err)}`)
  }
}

async function main (): Promise<void> {
  const started = performance.now()
  const plan = planFromEnv()
  const root = mkdtempSync(join(tmpdir(), 'aios-bench-'))
  const r = new Results(plan.rounds)
  if (plan.quick) r.notes.push(`quick smoke run: ${plan.rounds} rounds at a tenth of the counts; meshes of ${plan.meshSizes.join(', ')} daemons only; "100k stored" was measured with ${plan.seedSmall.toLocaleString('en-US')} and "1M stored" with ${plan.seedLarge.toLocaleString('en-US')} stored messages`)
  let natsVersion = 'nats-server not available'
  try {
    await group(r, 'aios-comm', async () => {
      const s = await startSystems(root, r)
      natsVersion = s.natsVersion
      try {
        await rounds(plan, s, r)
      } finally {
        await s.close()
      }
    })
    await group(r, 'convergence', async () => await convergenceRuns(plan, root, r))
    await group(r, 'resources', async () => await resourceRuns(plan, root, r))
    await group(r, 'retention', async () => await measureRetention(plan.retention, plan.quick, root, r, say))
    await group(r, 'stages alone', async () => {
      say('stages alone: store accept path, frame codec, transport with Noise and with TLS')
      r.micro.push(...await runMicro(plan.quick, (name, err) => {
        r.unavailable.set(`stage alone: ${name}`, errorText(err))
        say(`  ${name} failed: ${errorText(err)}`)
      }))
    })
    await group(r, 'cost by stage', async () => {
      const messages = plan.quick ? STAGES_MESSAGES_QUICK : STAGES_MESSAGES
      say(`cost by stage: the pair under --cpu-prof, ${messages} messages at 1 KB × 256`)
      mkdirSync(join(root, 'stages'))
      r.stages = await measureStages({ messages, root: join(root, 'stages') })
    })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
  const wallSeconds = (performance.now() - started) / 1000
  const out = process.env.AIOS_BENCH_OUT ?? (plan.quick ? join(tmpdir(), 'aios-bench-quick') : fileURLToPath(new URL('../../docs/', import.meta.url)))
  mkdirSync(out, { recursive: true })
  const saved: Saved = { machine: describeMachine(natsVersion), plan, wallSeconds, results: r }
  writeFileSync(join(out, 'benchmarks.json'), JSON.stringify(saved, null, 1) + '\n')
  writeReport(out, saved)
}

/** `run.js --report FILE`: rewrites the report next to a saved benchmarks.json without measuring again. */
function reportOnly (file: string): void {
  writeReport(dirname(file), readSaved(file))
}

if (process.argv[2] === '--report') reportOnly(process.argv[3])
else await main()
