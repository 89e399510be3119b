// CPU time a child process has used so far (user + system, from /proc/<pid>/stat), in microseconds: what a
// stage costs per message holds on a busy machine where wall-clock rates do not.
import { readFileSync } from 'node:fs'

const TICK_US = 10_000 // USER_HZ is 100 on Linux

export function cpuMicros (pid: number | undefined): number {
  if (pid === undefined) return NaN
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * TICK_US // utime, stime
  } catch {
    return NaN
  }
}
