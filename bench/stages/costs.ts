// The per-stage cost table of one profiled pair run: µs of each daemon's main thread per message in each stage,
// beside each daemon's whole CPU time per message (all threads, from /proc) for scale.
import type { Stage } from './rules.js'

export interface StageCosts {
  /** the workload profiled */
  bytes: number
  outstanding: number
  messages: number
  /** per stage (rules.ts STAGES order): µs of main-thread time per message on each daemon */
  rows: Array<{ stage: Stage, label: string, sender: number, recipient: number }>
  /** all stages together (idle excluded), µs per message */
  busy: { sender: number, recipient: number }
  /** each process's CPU over the same run (user + system, all threads, /proc), µs per message */
  cpu: { sender: number, recipient: number }
  note?: string
}
