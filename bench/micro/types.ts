// What a stage's microbenchmark reports: the cost of one item (a message, a frame) through that stage alone, so a
// regression in one stage shows in the report even when the end-to-end figures hide it.
export interface MicroResult {
  /** The stage, e.g. 'store accept path', 'frame codec', 'transport'. */
  stage: string
  /** What was varied within the stage, e.g. 'Noise, 1 KB × 256' or 'encode + sign, 256 per frame'. */
  variant: string
  /** Items through the stage per second of wall time. */
  itemsPerSec: number
  /** CPU time of this process per item, in microseconds (user + system). */
  cpuUsPerItem: number
  /** Items measured (after a warm-up). */
  items: number
  note?: string
}

/** One stage's microbenchmark; `quick` is a smoke run at a fraction of the counts. */
export type MicroBench = (opts: { quick: boolean }) => Promise<MicroResult[]>
