// `node dist/bench/convergence-run.js`: the bench's convergence measurement alone, with each receipt's slowest nodes
// and the path the receipt took to them (a gossip message from which peer, or a sync page), and each daemon's idle CPU.
// AIOS_CONV_NODES (default 30), AIOS_CONV_RUNS (default 3), AIOS_CONV_RECEIPTS per run (default 6, as the bench),
// AIOS_CONV_IDLE_S: seconds of idle CPU measured after the mesh settles (default 0: none), AIOS_CONV_TRACE=0: daemons
// log at error level, as in the bench (the paths are then unknown); AIOS_CONV_LOGS=DIR keeps each daemon's log there.
import '../daemon/runtime/polyfill.js'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConvergenceMesh } from './convergence.js'
import { cpuSeconds } from './procs.js'
import { summarize } from './stats.js'

const n = Number(process.env.AIOS_CONV_NODES ?? 30)
const runs = Number(process.env.AIOS_CONV_RUNS ?? 3)
const receipts = Number(process.env.AIOS_CONV_RECEIPTS ?? 6)
const idleSeconds = Number(process.env.AIOS_CONV_IDLE_S ?? 0)
const trace = process.env.AIOS_CONV_TRACE !== '0'
const logDir = process.env.AIOS_CONV_LOGS // each daemon's log lines are also written to DIR/n<k>.log
const SLOWEST_SHOWN = 3 // nodes listed per receipt
const CONNECT_TIMEOUT_MS = 60_000
const SETTLE_TIMEOUT_MS = 60_000

interface Arrival { via: string, from: string }

const say = (line: string): void => { process.stdout.write(`${line}\n`) }
const sleep = async (ms: number): Promise<void> => await new Promise(resolve => setTimeout(resolve, ms))

const root = mkdtempSync(join(tmpdir(), 'aios-conv-'))
const mesh = await ConvergenceMesh.start(root, n, trace ? { AIOS_COMM_LOG: 'debug' } : {})
// per node: fact hash → how it arrived; and per fact hash: the peers its publisher sent it to
const arrivals = mesh.processes.map(() => new Map<string, Arrival>())
const published = new Map<string, string[]>()
const nameOf = new Map(mesh.processes.map((d, k) => [d.peerId, `n${k}`]))
const name = (peer: string): string => nameOf.get(peer) ?? peer.slice(-6)
mesh.processes.forEach((d, k) => {
  let rest = ''
  d.child?.stderr?.on('data', (chunk: string) => {
    if (logDir !== undefined) appendFileSync(join(logDir, `n${k}.log`), chunk)
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) {
      if (!line.includes('"fact ')) continue
      try {
        const o = JSON.parse(line)
        if (o.msg === 'fact arrived') arrivals[k].set(o.hash, { via: o.via, from: name(o.from) })
        if (o.msg === 'fact published') published.set(o.hash, o.to)
      } catch {}
    }
  })
})
try {
  const fewest = await mesh.connected(CONNECT_TIMEOUT_MS)
  const busiest = await mesh.settled(SETTLE_TIMEOUT_MS)
  say(`${n} daemons: fewest connected peers ${fewest} of ${n - 1}; busiest daemon ${((busiest ?? NaN) * 100).toFixed(1)} % of a core when settled`)
  if (idleSeconds > 0) {
    const pids = mesh.processes.map(d => d.child?.pid ?? -1)
    const before = pids.map(p => cpuSeconds(p) ?? NaN)
    await sleep(idleSeconds * 1000)
    const share = pids.map((p, k) => ((cpuSeconds(p) ?? NaN) - before[k]) / idleSeconds * 100).sort((a, b) => a - b)
    say(`idle CPU over ${idleSeconds} s, % of a core per daemon: median ${share[share.length >> 1].toFixed(2)}, max ${share[share.length - 1].toFixed(2)}, mean ${(share.reduce((a, b) => a + b, 0) / share.length).toFixed(2)}`)
  }
  await mesh.run(2).catch(err => { say(`warm-up: ${err instanceof Error ? err.message : String(err)}`) }) // as the bench
  const p99s: number[] = []
  for (let run = 0; run < runs; run++) {
    const times: number[] = []
    for (let r = 0; r < receipts; r++) {
      const i = Math.floor(Math.random() * n)
      const j = (i + 1 + Math.floor(Math.random() * (n - 1))) % n
      let s
      try {
        s = await mesh.spread(i, j)
      } catch (err) {
        // a probe that never converged (or was never DELIVERED) is the run's worst figure, and the run goes on
        times.push(Infinity)
        say(`  n${i} → n${j}: ${err instanceof Error ? err.message : String(err)}`)
        continue
      }
      times.push(s.ms)
      await sleep(200) // the last debug lines reach us
      const order = s.perNode.map((ms, k) => ({ ms, k })).sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN)
      const to = published.get(s.hash)
      const slow = order.map(({ ms, k }) => {
        const a = k === j ? { via: 'issued', from: '' } : arrivals[k].get(s.hash) ?? { via: 'other', from: '' }
        return `n${k} ${ms.toFixed(0)} ms ${a.via}${a.from === '' ? '' : ` from ${a.from}`}`
      })
      const via = new Map<string, number>()
      for (let k = 0; k < n; k++) if (k !== j) { const v = arrivals[k].get(s.hash)?.via ?? 'other'; via.set(v, (via.get(v) ?? 0) + 1) }
      say(`  ${s.at} n${i} → n${j}: ${s.ms.toFixed(0)} ms; published to ${to?.length ?? '?'} of ${n - 1}; paths ${[...via].map(([v, c]) => `${v} ${c}`).join(', ')}; slowest: ${slow.join('; ')}`)
    }
    const l = summarize(times)
    p99s.push(l.p99)
    say(`run ${run + 1}: p50 ${l.p50.toFixed(0)} ms, p99 ${l.p99.toFixed(0)} ms`)
  }
  const s = [...p99s].sort((a, b) => a - b)
  say(`per-run p99 over ${runs} runs (ms): ${s.map(v => v.toFixed(0)).join(' ')}; worst ${s[s.length - 1].toFixed(0)}`)
} finally {
  await mesh.stop()
  rmSync(root, { recursive: true, force: true })
}
