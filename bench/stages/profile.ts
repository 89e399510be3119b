// A V8 CPU profile (node --cpu-prof) summed by stage: each sample's time goes to the stage its stack belongs to
// (rules.ts); idle samples are left out; only samples inside a time window count when one is given.
import { STAGES, attribute, type Frame, type Role, type Stage } from './rules.js'

/** The parts of a .cpuprofile this reads. Timestamps are µs on the machine's monotonic clock. */
export interface CpuProfile {
  nodes: Array<{ id: number, callFrame: Frame, children?: number[] }>
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

export interface StageTimes {
  /** µs of main-thread time per stage */
  us: Record<Stage, number>
  /** µs in all stages (idle excluded) */
  busyUs: number
  /** samples counted (idle excluded) */
  samples: number
}

/** Sums `p` by stage; `window` (µs, on the profile's clock) keeps only the samples taken inside it. */
export function stageTimes (p: CpuProfile, role: Role, window?: { fromUs: number, toUs: number }): StageTimes {
  const parent = new Map<number, number>()
  const byId = new Map<number, CpuProfile['nodes'][number]>()
  for (const n of p.nodes) {
    byId.set(n.id, n)
    for (const c of n.children ?? []) parent.set(c, n.id)
  }
  const memo = new Map<number, Stage | undefined>()
  const stageOfNode = (id: number): Stage | undefined => {
    if (memo.has(id)) return memo.get(id)
    const stack: Frame[] = []
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push((byId.get(at) as CpuProfile['nodes'][number]).callFrame)
    const s = attribute(stack, role)
    memo.set(id, s)
    return s
  }
  const us = Object.fromEntries(STAGES.map(s => [s.key, 0])) as Record<Stage, number>
  let busyUs = 0
  let samples = 0
  let t = p.startTime
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]
    // a sample stands for the time until the next one (the last one for the time to the profile's end)
    const dur = i + 1 < p.samples.length ? p.timeDeltas[i + 1] : Math.max(0, p.endTime - t)
    if (window !== undefined && (t < window.fromUs || t > window.toUs)) continue
    const s = stageOfNode(p.samples[i])
    if (s === undefined) continue
    us[s] += dur
    busyUs += dur
    samples++
  }
  return { us, busyUs, samples }
}
