// A closed-loop load: `outstanding` workers each run one operation at a time until `total` have run.
import type { RunResult } from './results.js'

export async function closedLoop (total: number, outstanding: number, op: (i: number) => Promise<void>): Promise<RunResult> {
  const latencies: number[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++
      const t = performance.now()
      await op(i)
      latencies.push(performance.now() - t)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: Math.min(outstanding, total) }, worker))
  return { seconds: (performance.now() - t0) / 1000, latencies }
}
