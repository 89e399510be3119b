// `node dist/bench/retention.js`: what retention saves. (a) Disk bytes per message over its life: a year of signed
// history (bench/resources/seed-history.ts) between a sender and a recipient, every message final and past the
// horizon, measured held in full, after `aios-comm retention --run` (archived) and after a purge, each less the bytes
// of an empty store. (b) A join's catch-up: A (sender) and B (recipient) hold H history facts, C is a new member;
// the time from spawning C's daemon until C has read A's and B's logs to their heads, before A and B compacted and
// after. Part of `npm run bench`; alone it merges its figures into the saved run (docs/benchmarks.json, or
// AIOS_BENCH_OUT/benchmarks.json) and rewrites its report; AIOS_BENCH_QUICK=1 runs the small counts (written to a
// temp folder unless AIOS_BENCH_OUT says where).
import '../daemon/runtime/polyfill.js'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { BUILT_CLI, withCtx, type DaemonProcess } from '../cli/harness/index.js'
import { homePaths } from '../daemon/index.js'
import type { CompactionReport, RetentionView } from '../daemon/retention/index.js'
import { benchDaemon, makeMesh, type BenchHome } from './mesh.js'
import { cpuSeconds } from './procs.js'
import { seedHistory, type HistoryPlan } from './resources/seed-history.js'
import { SEED_BODY_BYTES } from './resources/seed.js'
import { RETENTION_SIDES, retentionCompact, retentionDisk, retentionJoin, type JoinPhase, type RetentionSide } from './keys.js'
import { planFromEnv, type RetentionPlan } from './plan.js'
import { Results } from './results.js'
import { describeMachine } from './report/machine.js'
import { markdownTable, retentionTables } from './report/tables.js'
import { readSaved, writeReport } from './report/write.js'

const DAY = 86_400_000
/** The policy of every node in the "before" rounds: nothing is old enough, so a daemon's own run (5 min after start) archives nothing. */
const NO_ARCHIVE = '36500d'
const POLL_MS = 100 // C's checkpoints are read this often (lazy ones are written within about 1 s of moving)
const SETTLE_TIMEOUT_MS = 60_000 // A and B go quiet (each under 5 % of a core over 2 s) before C starts, at most this long
const SETTLE_WINDOW_MS = 2000
const SETTLED_CPU = 0.05
const CLI_TIMEOUT_MS = 60 * 60_000 // a compaction of a million facts is given an hour
const STOP_TIMEOUT_MS = 30 * 60_000 // a daemon still running this long after SIGTERM is killed, and the notes say so
const STOP_NOTED_MS = 10_000 // a daemon slower than this to exit after SIGTERM is named in the notes
const PROGRESS_MS = 60_000 // a long catch-up's progress (C's checkpoint into A's log) is sampled this often for the notes

type Say = (line: string) => void
const sleep = async (ms: number): Promise<void> => await new Promise(resolve => setTimeout(resolve, ms))
const errorText = (err: unknown): string => ((err as Error)?.message ?? String(err)).split('\n')[0]
const mib = (bytes: number): string => `${(bytes / 1048576).toFixed(1)} MiB`

/** A year of history ending 40 days ago (past the 30-day horizon): one message in ten REJECTED, the rest COMPLETE. */
function history (count: number, nowMs: number): HistoryPlan {
  return { count, firstMs: nowMs - 365 * DAY, stepMs: Math.floor(325 * DAY / count), bodyBytes: SEED_BODY_BYTES, final: k => (k % 10 === 1 ? 'REJECTED' : 'COMPLETE') }
}

/** `aios-comm --home HOME ...args --json`, as a user runs it (through the daemon when one runs, else on the home). */
async function aios<T> (home: string, args: string[]): Promise<T> {
  const env = { ...process.env }
  delete env.AIOS_ACTOR
  return await new Promise((resolve, reject) => {
    execFile(process.execPath, [BUILT_CLI, '--home', home, ...args, '--json'], { env, maxBuffer: 64 << 20, timeout: CLI_TIMEOUT_MS }, (err, stdout, stderr) => {
      if (err !== null) reject(new Error(`aios-comm ${args.join(' ')} failed: ${stderr.trim().split('\n')[0] || err.message}`))
      else resolve(JSON.parse(stdout) as T)
    })
  })
}

/** The database file and its write-ahead log on disk, as `aios-comm retention` shows them. */
async function onDisk (home: string): Promise<number> {
  const v = await aios<RetentionView>(home, ['retention'])
  return v.store.bytes + v.store.walBytes
}

const minutes = (ms: number): string => (ms < 60_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 60_000).toFixed(1)} min`)

/** SIGTERM and wait for the exit, at most STOP_TIMEOUT_MS (then SIGKILL); a slow exit goes into the notes. */
async function stopNoted (d: DaemonProcess, name: string, notes: string[], say: Say): Promise<void> {
  if (!d.running) return
  const t0 = performance.now()
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<false>(resolve => { timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS) })
  const exited = await Promise.race([d.stop().then(() => true as const), bound])
  clearTimeout(timer)
  const ms = performance.now() - t0
  let line: string | undefined
  if (!exited) {
    await d.kill()
    line = `${name}'s daemon had not exited ${minutes(STOP_TIMEOUT_MS)} after SIGTERM: killed (SIGKILL)`
  } else if (ms > STOP_NOTED_MS) line = `${name}'s daemon took ${minutes(ms)} to exit after SIGTERM`
  if (line !== undefined) {
    notes.push(line)
    say(`  ${line}`)
  }
}

const compactText = (r: CompactionReport): string =>
  `${r.archived.toLocaleString('en-US')} archived, ${r.purged.toLocaleString('en-US')} purged, ${r.factsDropped.toLocaleString('en-US')} facts dropped, ${mib(r.bytesBefore)} → ${mib(r.bytesAfter)} in ${(r.durationMs / 1000).toFixed(1)} s`

/** (a) Bytes per message held in full, archived and purged, on the sender's home and the recipient's. */
async function diskPerMessage (plan: RetentionPlan, root: string, r: Results, notes: string[], say: Say): Promise<void> {
  const [sender, recipient] = await makeMesh(join(root, 'disk'), ['sender', 'recipient'])
  const sides: Array<[RetentionSide, BenchHome]> = [['sender', sender], ['recipient', recipient]]
  const n = plan.messages
  const empty = new Map<RetentionSide, number>()
  for (const [side, h] of sides) {
    empty.set(side, await onDisk(h.home))
    r.record(retentionDisk('empty', side, 'file'), 'B', 0, empty.get(side) as number)
  }
  const seeded = seedHistory(sender, recipient, history(n, Date.now()))
  say(`  seeded ${n.toLocaleString('en-US')} final messages into both homes in ${seeded.seconds.toFixed(1)} s`)
  const measure = async (stage: 'live' | 'archived' | 'purged'): Promise<void> => {
    for (const [side, h] of sides) {
      const bytes = await onDisk(h.home)
      r.record(retentionDisk(stage, side, 'file'), 'B', 0, bytes)
      r.record(retentionDisk(stage, side, 'msg'), 'B', 0, (bytes - (empty.get(side) as number)) / n)
    }
    say(`  ${stage}: ${sides.map(([side]) => `${side} ${Math.round(r.values(retentionDisk(stage, side, 'msg'))[0])} B/msg`).join(', ')}`)
  }
  await measure('live')
  for (const [step, args] of [['archive', ['retention', '--run']], ['purge', ['retention', '--archive-after', '30d', '--purge-after', '30d', '--run']]] as const) {
    for (const [side, h] of sides) {
      const rep = await aios<CompactionReport>(h.home, [...args])
      if (side === 'sender') r.record(retentionCompact(step), 'ms', 0, rep.durationMs)
      const done = step === 'archive' ? rep.archived : rep.purged
      say(`  ${step} on the ${side}'s home: ${compactText(rep)}`)
      if (done !== n) notes.push(`disk, ${step} on the ${side}'s home: ${done} of ${n} messages ${step === 'archive' ? 'archived' : 'purged'} (${compactText(rep)})`)
    }
    await measure(step === 'archive' ? 'archived' : 'purged')
  }
}

/** A and B have read each other's logs to the head: two nodes that exchanged this history were in step. */
async function inStep (a: BenchHome, b: BenchHome): Promise<void> {
  const ids = await Promise.all([a, b].map(async h => await withCtx(h.home, async ctx => await ctx.peerId())))
  const heads = await Promise.all([a, b].map(async h => await withCtx(h.home, ctx => ctx.store.facts.head())))
  await withCtx(a.home, ctx => { ctx.store.tx(() => ctx.store.facts.setCheckpoint(ids[1], heads[1], Date.now())) })
  await withCtx(b.home, ctx => { ctx.store.tx(() => ctx.store.facts.setCheckpoint(ids[0], heads[0], Date.now())) })
}

/** Waits until the daemons are quiet, at most SETTLE_TIMEOUT_MS; returns the busiest one's share of a core at the end. */
async function settled (daemons: DaemonProcess[]): Promise<number | undefined> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS
  for (;;) {
    const before = daemons.map(d => cpuSeconds(d.child?.pid ?? -1))
    await sleep(SETTLE_WINDOW_MS)
    const after = daemons.map(d => cpuSeconds(d.child?.pid ?? -1))
    if (before.some(v => v === undefined) || after.some(v => v === undefined)) return undefined
    const busiest = Math.max(...after.map((v, i) => ((v as number) - (before[i] as number)) / (SETTLE_WINDOW_MS / 1000)))
    if (busiest < SETTLED_CPU || Date.now() > deadline) return busiest
  }
}

function readOnly (home: string): Database.Database | undefined {
  try {
    return new Database(homePaths(home).db, { readonly: true, fileMustExist: true })
  } catch {
    return undefined
  }
}

/** A value read from a home's SQLite file, read-only. */
function peek<T> (home: string, fn: (db: Database.Database) => T): T {
  const db = readOnly(home)
  if (db === undefined) throw new Error(`cannot open the store of ${home}`)
  try {
    return fn(db)
  } finally {
    db.close()
  }
}

const factCount = (db: Database.Database): number => db.prepare('SELECT count(*) FROM facts').pluck().get() as number
const factHead = (db: Database.Database): number => db.prepare('SELECT coalesce(max(seq), 0) FROM facts').pluck().get() as number

interface Joined {
  /** s from spawn until C's checkpoints reached the heads; undefined: the bound passed first */
  caughtUp?: number
  ready: number
  factsC: number
  factsA: number
  heads: number[]
  seqs: number[]
  /** C's checkpoint into A's log every PROGRESS_MS: [ms since spawn, seq] */
  progress: Array<[number, number]>
}

/** Spawns C's daemon and polls its checkpoints for the sources until they reach the heads the sources held then. */
async function joinOnce (c: BenchHome, name: string, sources: Array<{ home: string, peerId: string }>, timeoutMs: number, notes: string[], say: Say): Promise<Joined> {
  const heads = sources.map(s => peek(s.home, factHead))
  const factsA = peek(sources[0].home, factCount)
  const d = benchDaemon(c.home)
  const child = d.spawn()
  const t0 = d.spawnedAt
  let db: Database.Database | undefined
  let seqs = sources.map(() => 0)
  let caughtUp: number | undefined
  const progress: Array<[number, number]> = []
  /** C's checkpoints for the sources; undefined while its file cannot be read yet (the daemon is opening it) */
  const checkpoints = (): number[] | undefined => {
    try {
      db ??= readOnly(c.home)
      const checkpoint = db?.prepare('SELECT seq FROM peer_checkpoints WHERE peer_id = ?').pluck()
      return checkpoint === undefined ? undefined : sources.map(s => (checkpoint.get(s.peerId) as number | undefined) ?? 0)
    } catch {
      db?.close()
      db = undefined
      return undefined
    }
  }
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`C's daemon exited ${String(child.exitCode ?? child.signalCode)}: ${d.stderr.trim().split('\n').pop() ?? ''}`)
      const read = checkpoints()
      if (read !== undefined) {
        seqs = read
        if (seqs.every((seq, i) => seq >= heads[i])) {
          caughtUp = (performance.now() - t0) / 1000
          break
        }
      }
      const elapsed = performance.now() - t0
      if (elapsed >= (progress.length + 1) * PROGRESS_MS) progress.push([elapsed, seqs[0]])
      if (elapsed > timeoutMs) break
      await sleep(POLL_MS)
    }
    const factsC = db === undefined ? NaN : factCount(db)
    return { caughtUp, ready: d.readyAt === 0 ? NaN : (d.readyAt - t0) / 1000, factsC, factsA, heads, seqs, progress }
  } finally {
    db?.close()
    await stopNoted(d, name, notes, say)
  }
}

/** (b) One history size: A and B seeded, in step; C joins before they compacted, a fresh C after (each `rounds` times). */
async function joinRuns (facts: number, rounds: number, timeoutMs: number, root: string, r: Results, notes: string[], say: Say): Promise<void> {
  const joiners = (phase: JoinPhase): string[] => Array.from({ length: rounds }, (_, i) => `c-${phase}-${i + 1}`)
  const homes = await makeMesh(join(root, `join-${facts}`), ['a', 'b', ...joiners('before'), ...joiners('after')])
  const [a, b] = homes
  const cs = (phase: JoinPhase): BenchHome[] => homes.filter(h => h.name.startsWith(`c-${phase}-`))
  const messages = Math.ceil(facts / 2)
  const seeded = seedHistory(a, b, history(messages, Date.now()))
  await inStep(a, b)
  say(`  seeded ${messages.toLocaleString('en-US')} final messages (${(2 * messages).toLocaleString('en-US')} receipt facts) into A and B in ${seeded.seconds.toFixed(1)} s`)
  for (const h of [a, b, ...cs('before')]) await aios(h.home, ['retention', '--archive-after', NO_ARCHIVE])
  let daemons: DaemonProcess[] = []
  const startAB = async (): Promise<void> => {
    daemons = [benchDaemon(a.home), benchDaemon(b.home)]
    await Promise.all(daemons.map(async d => await d.start()))
    const busiest = await settled(daemons)
    if (busiest !== undefined && busiest >= SETTLED_CPU) notes.push(`join over ${facts.toLocaleString('en-US')} facts: ${SETTLE_TIMEOUT_MS / 1000} s after start the busier of A and B still used ${(busiest * 100).toFixed(0)} % of a core; C joined regardless`)
  }
  const stopAB = async (): Promise<void> => {
    await Promise.all(daemons.map(async (d, i) => await stopNoted(d, `join over ${facts.toLocaleString('en-US')} facts: ${i === 0 ? 'A' : 'B'}`, notes, say)))
    daemons = []
  }
  try {
    for (const phase of ['before', 'after'] as const) {
      if (phase === 'after') {
        await stopAB()
        for (const [name, h] of [['A', a], ['B', b]] as const) {
          const rep = await aios<CompactionReport>(h.home, ['retention', '--archive-after', '30d', '--run'])
          if (name === 'A') r.record(retentionJoin(facts, 'after', 'compact'), 'ms', 0, rep.durationMs)
          say(`  ${name} compacted: ${compactText(rep)}`)
          notes.push(`join over ${facts.toLocaleString('en-US')} facts: ${name} compacted (on its home, daemon stopped): ${compactText(rep)}`)
        }
      }
      await startAB()
      const sources = daemons.map((d, i) => ({ home: [a, b][i].home, peerId: d.peerId }))
      for (const [round, c] of cs(phase).entries()) {
        say(`  ${phase}, round ${round + 1}/${rounds}: C joins (A holds ${peek(a.home, factCount).toLocaleString('en-US')} facts; bound ${timeoutMs / 60_000} min)`)
        const label = `join over ${facts.toLocaleString('en-US')} facts, ${phase} compaction, round ${round + 1}`
        const j = await joinOnce(c, `${label}: C`, sources, timeoutMs, notes, say)
        r.record(retentionJoin(facts, phase, 'ready'), 's', round, j.ready)
        r.record(retentionJoin(facts, phase, 'factsC'), 'n', round, j.factsC)
        r.record(retentionJoin(facts, phase, 'factsA'), 'n', round, j.factsA)
        if (j.caughtUp !== undefined) {
          r.record(retentionJoin(facts, phase, 'caughtUp'), 's', round, j.caughtUp)
          say(`    caught up in ${j.caughtUp.toFixed(1)} s (ready after ${j.ready.toFixed(1)} s); C holds ${j.factsC.toLocaleString('en-US')} facts`)
        } else {
          r.record(retentionJoin(facts, phase, 'timeout'), 's', round, timeoutMs / 1000)
          const line = `${label}: not caught up after ${timeoutMs / 60_000} min (the bound): C had read A's log to seq ${j.seqs[0].toLocaleString('en-US')} of ${j.heads[0].toLocaleString('en-US')} and B's to ${j.seqs[1].toLocaleString('en-US')} of ${j.heads[1].toLocaleString('en-US')}, and held ${j.factsC.toLocaleString('en-US')} facts`
          notes.push(line)
          say(`    ${line}`)
        }
        if (j.progress.length >= 2) {
          // minutes 1–5, then every fifth: how the rate held up over a long wait
          const shown = j.progress.filter((_, k) => k < 5 || (k + 1) % 5 === 0)
          const line = `${label}: C's checkpoint into A's log (seq of ${j.heads[0].toLocaleString('en-US')}) by minute: ${shown.map(([ms, seq]) => `${Math.round(ms / 60_000)}: ${seq.toLocaleString('en-US')}`).join(', ')}`
          notes.push(line)
          say(`    ${line}`)
        }
        if (round + 1 < rounds) await settled(daemons)
      }
    }
  } finally {
    await stopAB()
  }
}

/** Both parts, into `r` (series under retention.*, and r.retention: when, how long, the plan, the notes). */
export async function measureRetention (plan: RetentionPlan, quick: boolean, root: string, r: Results, say: Say): Promise<void> {
  const t0 = performance.now()
  const notes: string[] = []
  const dir = join(root, 'retention')
  mkdirSync(dir, { recursive: true })
  try {
    say(`retention: bytes per message over its life, ${plan.messages.toLocaleString('en-US')} messages`)
    try {
      await diskPerMessage(plan, dir, r, notes, say)
    } catch (err) {
      r.unavailable.set('retention: bytes per message', errorText(err))
      say(`  failed: ${errorText(err)}`)
    }
    for (const [i, facts] of plan.joinFacts.entries()) {
      say(`retention: a join's catch-up over ${facts.toLocaleString('en-US')} history facts, before and after compaction`)
      try {
        await joinRuns(facts, plan.joinRounds[i] ?? 1, plan.joinTimeoutMs[i] ?? 30 * 60_000, dir, r, notes, say)
      } catch (err) {
        r.unavailable.set(`retention: join over ${facts.toLocaleString('en-US')} facts`, errorText(err))
        say(`  failed: ${errorText(err)}`)
      }
      rmSync(join(dir, `join-${facts}`), { recursive: true, force: true }) // a million facts is GBs on disk
    }
  } finally {
    r.retention = { date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), seconds: (performance.now() - t0) / 1000, quick, plan, bodyBytes: SEED_BODY_BYTES, notes }
  }
}

/** Puts a retention run's figures into a saved run's results in place of the ones it had. */
export function mergeRetention (into: Results, from: Results): void {
  for (const k of [...into.series.keys()]) if (k.startsWith('retention.')) into.series.delete(k)
  for (const k of [...into.unavailable.keys()]) if (k.startsWith('retention')) into.unavailable.delete(k)
  for (const [k, s] of from.series) if (k.startsWith('retention.')) into.series.set(k, s)
  for (const [k, v] of from.unavailable) if (k.startsWith('retention')) into.unavailable.set(k, v)
  into.retention = from.retention
}

async function main (): Promise<void> {
  const plan = planFromEnv()
  const root = mkdtempSync(join(tmpdir(), 'aios-retention-'))
  const r = new Results(Math.max(1, ...plan.retention.joinRounds))
  const say: Say = line => { process.stderr.write(`[retention ${new Date().toISOString().slice(11, 19)}] ${line}\n`) }
  try {
    await measureRetention(plan.retention, plan.quick, root, r, say)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
  for (const t of retentionTables(r)) process.stdout.write(`\n${t.title}\n\n${markdownTable(t)}\n`)
  for (const n of r.retention?.notes ?? []) process.stdout.write(`- ${n}\n`)
  const out = process.env.AIOS_BENCH_OUT ?? (plan.quick ? join(tmpdir(), 'aios-bench-quick') : fileURLToPath(new URL('../../docs/', import.meta.url)))
  mkdirSync(out, { recursive: true })
  const file = join(out, 'benchmarks.json')
  if (existsSync(file)) {
    const saved = readSaved(file)
    mergeRetention(saved.results, r)
    saved.plan = { ...saved.plan, retention: plan.retention }
    writeFileSync(file, JSON.stringify(saved, null, 1) + '\n')
    writeReport(out, saved, { print: false })
    process.stdout.write(`\nmerged into ${file}; report in ${join(out, 'BENCHMARKS.md')}\n`)
  } else {
    const saved = { machine: describeMachine('nats-server not run'), plan, wallSeconds: r.retention?.seconds ?? 0, results: r }
    writeFileSync(join(out, 'retention.json'), JSON.stringify(saved, null, 1) + '\n')
    process.stdout.write(`\nno saved run in ${out} to merge into: figures in ${join(out, 'retention.json')}\n`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
