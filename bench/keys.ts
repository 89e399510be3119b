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
