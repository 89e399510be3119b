// Loaded into a bench daemon with `node --import` (AIOS_BENCH_GC=DIR, bench/mesh.ts): the first SIGUSR2 starts V8's
// GC profiler, the next writes what it saw since, summed, to DIR/<pid>.json (bench/gc.ts reads it). Per collection the
// profiler gives the heap before and after: a scavenge's cost is the young objects it copies (still in the young
// generation after it, or promoted to the old), so those are summed beside the count and the main thread's pauses. The
// CPU of the process's other threads over the same span (V8's helpers, which share a scavenge's copying, and the
// thread pool) comes from /proc. Nothing of this is in a daemon that the bench does not start.
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { GCProfiler, type GCProfilerResult } from 'node:v8'

export interface GcWindow {
  scavenges: number
  /** Main-thread pauses of the scavenges, ms. */
  scavengeMs: number
  /** Summed over the scavenges: bytes left in the young generation after each, and bytes each moved to the old. */
  survivedBytes: number
  promotedBytes: number
  /** Full collections (mark-compact) and their main-thread pauses, ms. */
  majors: number
  majorMs: number
  /** CPU of the main thread and of all other threads over the window, µs. */
  mainCpuUs: number
  otherCpuUs: number
}

type GcEntry = GCProfilerResult['statistics'][number]

const TICK_US = 10_000 // USER_HZ is 100 on Linux

function used (s: GcEntry['afterGC'], space: string): number {
  return s.heapSpaceStatistics.find(x => x.spaceName === space)?.spaceUsedSize ?? 0
}

/** CPU per thread of this process so far, µs; the main thread's id is the process id. */
function threadCpu (): { main: number, other: number } {
  let main = 0
  let other = 0
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const us = (Number(f[11]) + Number(f[12])) * TICK_US
    if (Number(tid) === process.pid) main += us
    else other += us
  }
  return { main, other }
}

function summarize (entries: GcEntry[], cpu: { main: number, other: number }): GcWindow {
  const w: GcWindow = { scavenges: 0, scavengeMs: 0, survivedBytes: 0, promotedBytes: 0, majors: 0, majorMs: 0, mainCpuUs: cpu.main, otherCpuUs: cpu.other }
  for (const e of entries) {
    if (e.gcType === 'Scavenge') {
      w.scavenges++
      w.scavengeMs += e.cost / 1000
      w.survivedBytes += used(e.afterGC, 'new_space')
      w.promotedBytes += Math.max(0, used(e.afterGC, 'old_space') - used(e.beforeGC, 'old_space'))
    } else if (e.gcType === 'MarkSweepCompact') {
      w.majors++
      w.majorMs += e.cost / 1000
    }
  }
  return w
}

const dir = process.env.AIOS_BENCH_GC
if (dir !== undefined && dir !== '' && process.argv.includes('daemon')) {
  let running: { profiler: GCProfiler, cpu: { main: number, other: number } } | undefined
  process.on('SIGUSR2', () => {
    if (running === undefined) {
      const profiler = new GCProfiler()
      profiler.start()
      running = { profiler, cpu: threadCpu() }
      return
    }
    const { profiler, cpu } = running
    running = undefined
    const now = threadCpu()
    const stats = profiler.stop()
    const out = join(dir, `${process.pid}.json`)
    writeFileSync(`${out}.tmp`, JSON.stringify(summarize(stats.statistics, { main: now.main - cpu.main, other: now.other - cpu.other })))
    renameSync(`${out}.tmp`, out) // whole, or not there yet
  })
}
