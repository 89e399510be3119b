// `node dist/bench/pair-run.js`: the aios-comm pair alone (notify → DELIVERED at 1 KB with 1 and 256 outstanding,
// 64 KB with 256), for working on the hot path between full bench runs: rate, latency, and each daemon's CPU time
// per message (which holds on a busy machine), and this process's own (the control client's). AIOS_PAIR_ROUNDS (default 2), AIOS_PAIR_ONLY=1x1,1x256,64x256; AIOS_BENCH_PROFILE=DIR profiles both;
// AIOS_BENCH_GC=DIR adds each daemon's garbage collection per 1,000 messages (bench/gc.ts).
import '../daemon/runtime/polyfill.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pair } from './aios/pair.js'
import { notifyDelivered } from './aios/deliver.js'
import { cpuMicros } from './cpu.js'
import { summarize } from './stats.js'
import { gcDir, gcStart, gcStop, gcText } from './gc.js'

const root = mkdtempSync(join(tmpdir(), 'aios-pair-'))
const pair = await Pair.start(root)
const to = pair.recipient.handle
const rounds = Number(process.env.AIOS_PAIR_ROUNDS ?? 2)
const WORKLOADS = [[1024, 1000, 1], [1024, 5000, 256], [65536, 1500, 256]]
const only = process.env.AIOS_PAIR_ONLY?.split(',') // e.g. 1x1,1x256,64x256
const pids = pair.daemons.map(d => d.child?.pid)
try {
  await notifyDelivered(pair.a, to, 1024, 1000, 256)
  for (let round = 0; round < rounds; round++) {
    for (const [bytes, total, outstanding] of WORKLOADS.filter(w => only === undefined || only.includes(`${w[0] / 1024}x${w[2]}`))) {
      const gc = gcDir()
      if (gc !== undefined) gcStart(pids)
      const before = pids.map(cpuMicros)
      const client = process.cpuUsage() // this process: the bench's control client
      const r = await notifyDelivered(pair.a, to, bytes, total, outstanding)
      const cpu = pids.map((p, i) => (cpuMicros(p) - before[i]) / total)
      const used = process.cpuUsage(client)
      const windows = gc === undefined ? undefined : await gcStop(gc, pids)
      const s = summarize(r.latencies)
      process.stdout.write(`${bytes / 1024} KB × ${outstanding}: ${Math.round(total / r.seconds)} msgs/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  ` +
        `CPU µs/msg sender ${Math.round(cpu[0])} recipient ${Math.round(cpu[1])} client ${Math.round((used.user + used.system) / total)}\n`)
      if (windows !== undefined) process.stdout.write(`  GC per 1,000 msgs: ${gcText('sender', windows[0], total)}\n  GC per 1,000 msgs: ${gcText('recipient', windows[1], total)}\n`)
    }
  }
} finally {
  await pair.stop()
  rmSync(root, { recursive: true, force: true })
}
