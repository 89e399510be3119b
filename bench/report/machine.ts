// The machine a run measured: what BENCHMARKS.md states next to the numbers.
import { cpus, release, totalmem } from 'node:os'

export interface Machine {
  cpu: string
  cores: number
  ramGiB: number
  kernel: string
  node: string
  natsServer: string
  date: string
}

export function describeMachine (natsServer: string, now = new Date()): Machine {
  const c = cpus()
  return {
    cpu: c[0]?.model.trim() ?? 'unknown',
    cores: c.length,
    ramGiB: Math.round(totalmem() / 2 ** 30 * 10) / 10,
    kernel: release(),
    node: process.version,
    natsServer,
    date: now.toISOString().replace(/\.\d+Z$/, 'Z')
  }
}
