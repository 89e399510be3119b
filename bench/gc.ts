// The garbage collector's share of a stretch of bench work, per daemon (AIOS_BENCH_GC=DIR; bench/gc-hook.ts runs in
// each daemon): gcStart before the work, gcStop after it, then gcText, a line per daemon per 1,000 messages. What a
// scavenge costs is the young objects it copies, so the line gives those beside the count and the pauses.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { GcWindow } from './gc-hook.js'

/** The folder the daemons write to, when this run measures the collector. */
export function gcDir (): string | undefined {
  const dir = process.env.AIOS_BENCH_GC
  return dir !== undefined && dir !== '' ? dir : undefined
}

const signal = (pids: Array<number | undefined>): void => { for (const p of pids) if (p !== undefined) process.kill(p, 'SIGUSR2') }

export function gcStart (pids: Array<number | undefined>): void {
  signal(pids)
}

/** Ends the window in every daemon and reads what each wrote (it writes as it handles the signal). */
export async function gcStop (dir: string, pids: Array<number | undefined>): Promise<Array<GcWindow | undefined>> {
  for (const p of pids) if (p !== undefined) rmSync(join(dir, `${p}.json`), { force: true })
  signal(pids)
  return await Promise.all(pids.map(async p => {
    if (p === undefined) return undefined
    const file = join(dir, `${p}.json`)
    for (let i = 0; i < 250 && !existsSync(file); i++) await new Promise(resolve => setTimeout(resolve, 20))
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as GcWindow : undefined
  }))
}

export function gcText (name: string, w: GcWindow | undefined, messages: number): string {
  if (w === undefined) return `${name}: no GC figures`
  const per = 1000 / messages
  const n = Math.max(1, w.scavenges)
  return `${name}: ${(w.scavenges * per).toFixed(2)} scavenges, ${(w.scavengeMs * per).toFixed(1)} ms of main thread in them, ` +
    `${Math.round(w.survivedBytes / n / 1024)} KB kept young and ${Math.round(w.promotedBytes / n / 1024)} KB promoted per scavenge, ` +
    `${w.majors} full; CPU µs/msg main ${Math.round(w.mainCpuUs / messages)}, other threads ${Math.round(w.otherCpuUs / messages)}`
}
