// The names of every figure a run records: shared by the scenarios that measure and the report that prints.
export const SIZES = [
  { key: '1k', bytes: 1024, label: '1 KB' },
  { key: '64k', bytes: 64 * 1024, label: '64 KB' }
] as const
export type SizeKey = typeof SIZES[number]['key']

export const OUTSTANDING = [1, 256] as const

export const SYSTEMS = [
  { key: 'floor', label: 'libp2p floor, Noise', group: 'floor' },
  { key: 'floorTls', label: 'libp2p floor, TLS', group: 'floor' },
  { key: 'js', label: 'NATS JetStream', group: 'jetstream' },
  { key: 'aios', label: 'aios-comm', group: 'aios-comm' }
] as const
export type SystemKey = typeof SYSTEMS[number]['key']

export const MESH_SIZES = [5, 10, 30] as const

/** The floor the ratios and targets are taken against: per round and figure, the faster of Noise and TLS. */
export const FASTER_FLOOR = 'floorFaster'
export const FLOORS = ['floor', 'floorTls'] as const

/** One load run: msgs/s and latency percentiles live under this prefix (see Results.recordRun). */
export const load = (system: SystemKey | typeof FASTER_FLOOR, size: SizeKey, outstanding: number): string => `${system}.${size}.c${outstanding}`

export const LIFECYCLE = 'aios.lifecycle'
export const DRAIN = {
  ready: 'drain.ready', // spawn → the recipient's daemon is ready (s)
  afterReady: 'drain.afterReady', // ready → all DELIVERED at the sender (s)
  afterSpawn: 'drain.afterSpawn', // spawn → all DELIVERED (s)
  rate: 'drain.rate' // messages / afterReady
} as const
export const convergence = (n: number, p: 'p50' | 'p99'): string => `conv.${n}.${p}`
export const RESOURCES = { idleRss: 'rss.idle', rss100k: 'rss.100k', startup1m: 'startup.1m' } as const

/** Retention (bench/retention.ts): what one message costs on disk at each stage of its life, and a join's catch-up. */
export const RETENTION_STAGES = ['live', 'archived', 'purged'] as const
export type RetentionStage = typeof RETENTION_STAGES[number]
export const RETENTION_SIDES = ['sender', 'recipient'] as const
export type RetentionSide = typeof RETENTION_SIDES[number]
/** Bytes per message at a stage (the empty store subtracted), or the whole file (`empty`: a home with just its seat). */
export const retentionDisk = (stage: RetentionStage | 'empty', side: RetentionSide, per: 'msg' | 'file'): string => `retention.disk.${stage}.${side}.${per}`
/** How long the sender's compaction took: archiving every message, then purging them. */
export const retentionCompact = (step: 'archive' | 'purge'): string => `retention.disk.${step}.ms`
export const JOIN_PHASES = ['before', 'after'] as const
export type JoinPhase = typeof JOIN_PHASES[number]
/**
 * One join catch-up with `facts` history facts at A and B, before or after they compacted: `caughtUp` (s, C's spawn →
 * its checkpoints reach A's and B's heads), `ready` (s, C's spawn → its ready line), `timeout` (s, the bound a wait
 * that did not end hit), `factsC` (facts C holds at the end), `factsA` (facts A held when C started), `compact`
 * (ms, A's compaction before the `after` rounds).
 */
export type JoinFigure = 'caughtUp' | 'ready' | 'timeout' | 'factsC' | 'factsA' | 'compact'
export const retentionJoin = (facts: number, phase: JoinPhase, figure: JoinFigure): string => `retention.join.${facts}.${phase}.${figure}`
