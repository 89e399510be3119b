// The chaos tally: each chaos test appends one JSON line to $AIOS_CHAOS_REPORT; the runner prints them as a table.
import { appendFileSync } from 'node:fs'

export interface ChaosTally {
  suite: string
  cycles: number // fault cycles (or fuzz targets) run
  messages: number // notify invocations (or generated inputs, for fuzzing)
  faults: number // faults injected
  ok: number
  lost: number // acknowledged DELIVERED at the sender, absent from the recipient's store
  duplicated: number // stored or delivered more than once (counted from the recipient's inbox, receipts and wakes)
  unknown: number // notify whose answer never came, even after its retries: checked but not counted ok; bounded
  refused: number // notify answered with a definite error (nothing stored for it)
  retried: number // notify sent again with its idempotency key after a lost answer
  stuck: number // acknowledged but never DELIVERED by the end of the run
  unmatched: number // stored messages that no operation of the history sent
  /** Receipts (READ, CONSUMED, COMPLETE) and revocations made under faults that an independent node does not show
   * as signed; absent for suites that do not measure it. */
  receiptsWrong?: number
  /** Invalid signatures or untrusted data that a node accepted; absent for suites that do not measure it. */
  forgedAccepted?: number
  /** Fuzzed inputs over their time limit on every run (see fuzz/harness.ts); absent for suites that are not fuzzing. */
  slow?: number
  crashes: number // a daemon or decoder that died other than by an injected fault
}

const ZERO: Omit<ChaosTally, 'suite'> = {
  cycles: 0, messages: 0, faults: 0, ok: 0, lost: 0, duplicated: 0, unknown: 0, refused: 0, retried: 0, stuck: 0, unmatched: 0, crashes: 0
}

/** 'full' under `npm run test:chaos` (AIOS_CHAOS=full); 'fast' in `npm test`. */
export function chaosLevel (): 'fast' | 'full' {
  return process.env.AIOS_CHAOS === 'full' ? 'full' : 'fast'
}

/** Appends one suite's tally; a no-op when no report file is set (plain `npm test`). Fields left undefined are
 * left out of the line: the table prints "-" for a suite that never measured them. */
export function recordTally (tally: Partial<ChaosTally> & { suite: string }): ChaosTally {
  const full = { ...ZERO, ...tally }
  const path = process.env.AIOS_CHAOS_REPORT
  if (path !== undefined && path !== '') appendFileSync(path, JSON.stringify(full) + '\n')
  return full
}
