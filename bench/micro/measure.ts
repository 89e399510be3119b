// Times one stage alone in this process: wall time and this process's CPU time (user + system) over `items`.
import type { MicroResult } from './types.js'

export async function measure (stage: string, variant: string, items: number, run: () => Promise<void> | void, note?: string): Promise<MicroResult> {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  await run()
  const seconds = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0)
  return { stage, variant, itemsPerSec: items / seconds, cpuUsPerItem: (cpu.user + cpu.system) / items, items, ...(note === undefined ? {} : { note }) }
}
