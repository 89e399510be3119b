// `npm run bench`: notify → DELIVERED between two real daemons (separate processes, loopback), 1 KB bodies:
// latency with 1 outstanding, throughput with 256 outstanding, and the drain of a queue after a reconnect. DELIVERED is counted when the signed receipt
// is stored at the sender, after the recipient's fsync.
import '../daemon/runtime/polyfill.js'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeHomes, type DemoHome } from '../cli/demo/homes.js'
import { ControlConnection } from './control.js'
import { ms, summarize } from './stats.js'

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url))
const BODY = 'x'.repeat(1024)
// Knobs for profiling one workload at a time: AIOS_BENCH_PHASES=seq,par,drain (default all three) and the
// message counts AIOS_BENCH_SEQ (1000), AIOS_BENCH_PAR (10000), AIOS_BENCH_DRAIN (1000).
const PHASES = new Set((process.env.AIOS_BENCH_PHASES ?? 'seq,par,drain').split(',').map(p => p.trim()))
const count = (name: string, dflt: number): number => Number(process.env[name] ?? dflt)

async function startDaemon (h: DemoHome): Promise<ChildProcess> {
  // AIOS_BENCH_PROFILE=DIR writes a CPU profile of each daemon there (node --cpu-prof).
  const prof = process.env.AIOS_BENCH_PROFILE !== undefined ? ['--cpu-prof', '--cpu-prof-dir', process.env.AIOS_BENCH_PROFILE] : []
  const child = spawn(process.execPath, [...prof, CLI, '--home', h.home, 'daemon'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, AIOS_COMM_LOG: 'error' } })
  let out = ''
  child.stdout!.setEncoding('utf8')
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: string) => { out += d; if (out.includes('"event":"ready"')) resolve() })
    child.once('exit', code => reject(new Error(`daemon exited ${String(code)}`)))
  })
  return child
}

async function stopDaemon (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  await exited
}

// AIOS_BENCH_CPU=1 also reports each daemon's CPU time per message (Linux /proc): a figure that noise from
// other processes on the machine disturbs much less than wall-clock rates.
const CPU = process.env.AIOS_BENCH_CPU === '1'
function cpuMs (child: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${child.pid as number}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10 // utime + stime, in 10 ms ticks
  } catch {
    return NaN
  }
}
async function measured<T extends { latencies: number[] }> (children: ChildProcess[], label: string, cpuLines: string[], work: () => Promise<T>): Promise<T> {
  const before = children.map(cpuMs)
  const r = await work()
  const n = r.latencies.length
  if (CPU && n > 0) cpuLines.push(`${label}: CPU per message — sender ${((cpuMs(children[0]) - before[0]) * 1000 / n).toFixed(0)} µs, recipient ${((cpuMs(children[1]) - before[1]) * 1000 / n).toFixed(0)} µs`)
  return r
}

async function oneMessage (c: ControlConnection, to: string): Promise<number> {
  const t0 = performance.now()
  const { obligation } = await c.call('notify', { to, text: BODY, require: 'DELIVERED' })
  const r = await c.call('wait', { obligation, state: 'DELIVERED', timeoutMs: 60_000 })
  if (r.state !== 'DELIVERED') throw new Error(`${obligation as string} ended ${r.state as string}`)
  return performance.now() - t0
}

async function run (c: ControlConnection, to: string, total: number, outstanding: number): Promise<{ seconds: number, latencies: number[] }> {
  const latencies: number[] = []
  let started = 0
  const t0 = performance.now()
  const worker = async (): Promise<void> => {
    while (started < total) {
      started++
      latencies.push(await oneMessage(c, to))
    }
  }
  await Promise.all(Array.from({ length: outstanding }, worker))
  return { seconds: (performance.now() - t0) / 1000, latencies }
}

async function main (): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'aios-bench-'))
  const children: ChildProcess[] = []
  try {
    const [a, b] = await makeHomes(root, () => {}, [['sender', 'agent-s'], ['recipient', 'agent-r']])
    children.push(await startDaemon(a), await startDaemon(b))
    const c = await ControlConnection.open(a.home)
    await run(c, b.handle, 300, 16) // warm-up: connections, JIT, page cache

    const none = { seconds: 0, latencies: [] }
    const cpuLines: string[] = []
    const seq = PHASES.has('seq') ? await measured(children, '1 outstanding', cpuLines, async () => await run(c, b.handle, count('AIOS_BENCH_SEQ', 1000), 1)) : none
    const par = PHASES.has('par') ? await measured(children, '256 outstanding', cpuLines, async () => await run(c, b.handle, count('AIOS_BENCH_PAR', 10_000), 256)) : none
    const s1 = summarize(seq.latencies)
    const s2 = summarize(par.latencies)

    // reconnect drain: messages queued while the recipient is down, delivered once it is back
    const drained = PHASES.has('drain') ? count('AIOS_BENCH_DRAIN', 1000) : 0
    await stopDaemon(children[1])
    const queued: string[] = []
    for (let i = 0; i < drained; i++) queued.push((await c.call('notify', { to: b.handle, text: BODY, require: 'DELIVERED' })).obligation)
    const tStart = performance.now()
    children[1] = await startDaemon(b)
    const tReady = performance.now()
    await Promise.all(queued.map(async obligation => await c.call('wait', { obligation, state: 'DELIVERED', timeoutMs: 120_000 })))
    const tDone = performance.now()
    c.close()
    process.stdout.write([
      `aios-comm bench — notify → DELIVERED, 1 KB bodies, two daemons on loopback (${cpus().length} cores, Node ${process.version})`,
      '',
      '| workload | messages | msgs/s | p50 | p99 | p99.9 |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      `| 1 outstanding | ${seq.latencies.length} | ${(seq.latencies.length / seq.seconds).toFixed(0)} | ${ms(s1.p50)} | ${ms(s1.p99)} | ${ms(s1.p999)} |`,
      `| 256 outstanding | ${par.latencies.length} | ${(par.latencies.length / par.seconds).toFixed(0)} | ${ms(s2.p50)} | ${ms(s2.p99)} | ${ms(s2.p999)} |`,
      '',
      `reconnect drain: ${drained} queued while the recipient was down; its daemon was ready ${((tReady - tStart) / 1000).toFixed(2)} s after start, ` +
        `and all were DELIVERED ${((tDone - tReady) / 1000).toFixed(2)} s later (${(drained / ((tDone - tReady) / 1000)).toFixed(0)} msgs/s)`,
      ...cpuLines,
      ''
    ].join('\n'))
  } finally {
    for (const child of children) await stopDaemon(child)
    rmSync(root, { recursive: true, force: true })
  }
}

await main()
