// Times one stage alone in this process: wall time and this process's CPU time (user + system) over `items`,
// counting only the parts run through `timed` (so that putting the stage's input back in shape between batches,
// as the rest of the daemon would, is not charged to it).
import type { MicroResult } from './types.js'

export type Timed = <T>(part: () => Promise<T> | T) => Promise<T>

export async function measure (stage: string, variant: string, items: number, run: (timed: Timed) => Promise<void> | void, note?: string): Promise<MicroResult> {
  let wallMs = 0
  let cpuUs = 0
  const timed: Timed = async part => {
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    try {
      return await part()
    } finally {
      wallMs += performance.now() - t0
      const cpu = process.cpuUsage(cpu0)
      cpuUs += cpu.user + cpu.system
    }
  }
  await run(timed)
  return { stage, variant, itemsPerSec: items / (wallMs / 1000), cpuUsPerItem: cpuUs / items, items, ...(note === undefined ? {} : { note }) }
}
