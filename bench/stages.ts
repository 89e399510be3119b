// `node dist/bench/stages.js`: the per-stage cost table. Runs the bench's pair (sender and recipient daemons) at
// 1 KB × 256 outstanding with both daemons under --cpu-prof, then sums each profile's samples taken during the
// measured run by stage (bench/stages/rules.ts) into µs per message per daemon. The last step of `npm run bench`.
// AIOS_STAGES_MESSAGES sets the measured count (default 5000; a quick run uses 500); AIOS_STAGES_OUTSTANDING=1 sends
// them one at a time (the latency path) instead. The daemons run the modules as tsc built them (MODULE_CLI), not the
// bundle the CLI ships as: the same code, with each sample naming the module it ran in.
import '../daemon/runtime/polyfill.js'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MODULE_CLI } from '../cli/harness/index.js'
import { Pair } from './aios/pair.js'
import { notifyDelivered } from './aios/deliver.js'
import { cpuMicros } from './cpu.js'
import { STAGES } from './stages/rules.js'
import { stageTimes, type CpuProfile } from './stages/profile.js'
import type { StageCosts } from './stages/costs.js'

const BYTES = 1024
const OUTSTANDING = 256
const WARMUP = 1000 // messages before the window opens: connections up, JIT warm, statements prepared

/** The monotonic clock V8 stamps profile samples with (CLOCK_MONOTONIC), in µs. */
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n)

export async function measureStages (opts: { messages: number, root?: string, outstanding?: number, bytes?: number }): Promise<StageCosts> {
  const outstanding = opts.outstanding ?? OUTSTANDING
  const size = opts.bytes ?? BYTES
  const root = opts.root ?? mkdtempSync(join(tmpdir(), 'aios-stages-'))
  const profiles = join(root, 'profiles')
  mkdirSync(profiles, { recursive: true })
  const before = process.env.AIOS_BENCH_PROFILE
  process.env.AIOS_BENCH_PROFILE = profiles // read by bench/mesh.ts when each daemon is spawned
  let pair: Pair | undefined
  try {
    pair = await Pair.start(join(root, 'pair'), MODULE_CLI)
    const pids = pair.daemons.map(d => d.child?.pid) as [number, number]
    await notifyDelivered(pair.a, pair.recipient.handle, size, WARMUP, OUTSTANDING)
    const cpu0 = pids.map(cpuMicros)
    const fromUs = nowUs()
    await notifyDelivered(pair.a, pair.recipient.handle, size, opts.messages, outstanding)
    const toUs = nowUs()
    const cpu = pids.map((p, i) => (cpuMicros(p) - cpu0[i]) / opts.messages)
    await pair.stop() // a profile is written when its daemon exits cleanly
    pair = undefined
    const [s, r] = pids.map(pid => readProfile(profiles, pid))
    const window = { fromUs, toUs }
    const inWindow = s.startTime <= toUs && s.endTime >= fromUs
    const ts = stageTimes(s, 'sender', inWindow ? window : undefined)
    const tr = stageTimes(r, 'recipient', inWindow ? window : undefined)
    const per = (us: number): number => us / opts.messages
    return {
      bytes: size,
      outstanding,
      messages: opts.messages,
      rows: STAGES.map(st => ({ stage: st.key, label: st.label, sender: per(ts.us[st.key]), recipient: per(tr.us[st.key]) })),
      busy: { sender: per(ts.busyUs), recipient: per(tr.busyUs) },
      cpu: { sender: cpu[0], recipient: cpu[1] },
      ...(inWindow ? {} : { note: 'the profiles\' clock did not match the run\'s: the whole profile (start-up and warm-up included) was summed' })
    }
  } finally {
    await pair?.stop()
    if (before === undefined) delete process.env.AIOS_BENCH_PROFILE
    else process.env.AIOS_BENCH_PROFILE = before
    if (opts.root === undefined) rmSync(root, { recursive: true, force: true })
  }
}

/** node --cpu-prof names its file CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile. */
function readProfile (dir: string, pid: number): CpuProfile {
  const file = readdirSync(dir).find(f => f.endsWith('.cpuprofile') && f.split('.')[3] === String(pid))
  if (file === undefined) throw new Error(`no CPU profile of daemon ${pid} in ${dir}`)
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile
}

/** The table as text: one row per stage, µs per message on each daemon. */
export function stagesText (c: StageCosts): string {
  const f = (n: number): string => n.toFixed(0).padStart(9)
  const lines = [`${c.bytes / 1024} KB × ${c.outstanding} outstanding, ${c.messages} messages: µs of main-thread time per message`, `${'stage'.padEnd(30)}${'sender'.padStart(9)}${'recipient'.padStart(10)}`]
  for (const r of c.rows) lines.push(`${r.label.padEnd(30)}${f(r.sender)} ${f(r.recipient)}`)
  lines.push(`${'all stages (idle excluded)'.padEnd(30)}${f(c.busy.sender)} ${f(c.busy.recipient)}`)
  lines.push(`${'process CPU, all threads'.padEnd(30)}${f(c.cpu.sender)} ${f(c.cpu.recipient)}`)
  if (c.note !== undefined) lines.push(c.note)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // AIOS_STAGES_OUTSTANDING=1: the same cost table for messages sent one at a time (the latency path);
  // AIOS_STAGES_BYTES=65536: for another body size
  const c = await measureStages({
    messages: Number(process.env.AIOS_STAGES_MESSAGES ?? 5000),
    outstanding: Number(process.env.AIOS_STAGES_OUTSTANDING ?? OUTSTANDING),
    bytes: Number(process.env.AIOS_STAGES_BYTES ?? BYTES)
  })
  process.stdout.write(stagesText(c) + '\n')
}
