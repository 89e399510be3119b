// The fact log's durable watermark: the highest seq a durable commit covers. A relaxed commit (synchronous=NORMAL,
// no fsync) can be taken back by a power cut, and the seqs it gave out with it: after the restart they name other
// facts. A peer that was served such a seq has its checkpoint past it and would never get the new fact by sync, so
// seqs are handed out by sequence only up to here. A durable commit's fsync of the log covers every commit before it.
// On Linux a durable group commits with synchronous=NORMAL too and the store fsyncs the log afterwards, off the main
// thread (group-commit.ts): its facts count as relaxed until that fsync returns and synced() is told.

/** How long a relaxed fact may wait for a durable commit (the next notify, say) before one is made for it: ten
 * fsyncs a second at most, whatever the settle rate and however many peers tail the log, and the sync tail (the
 * repair behind gossip, which carries no seq) lags by no more than this. */
export const FACT_SYNC_WAIT_MS = 100

export class FactWatermark {
  /** The lowest seq held only by relaxed commits (none: every fact in the log is durable). */
  private unsyncedFrom?: number
  /** The lowest seq appended since the last commit this was told of. */
  private pendingFrom?: number
  private waiters: Array<() => void> = []
  private forceTimer?: NodeJS.Timeout
  private closed = false

  /**
   * @param head the log's highest seq
   * @param mark writes a small row in the transaction under way (so that its commit has a frame to fsync)
   * @param sync makes a durable commit that calls mark
   */
  constructor (private readonly head: () => number, private readonly mark: () => void, private readonly sync: () => Promise<unknown>) {}

  /** At open, when the log could not be fsynced: every fact present waits for a durable commit. */
  nothingSynced (): void {
    if (this.head() > 0) this.unsyncedFrom = 1
  }

  /** A group of writes starts: what was appended before it was committed by itself, durably (autocommit). */
  began (): void {
    this.pendingFrom = undefined
  }

  /** A fact got `seq` in the transaction under way. */
  appended (seq: number): void {
    this.pendingFrom = Math.min(seq, this.pendingFrom ?? seq)
  }

  /**
   * A durable group that wrote is about to commit: while facts wait, it also writes the mark, so that its commit
   * surely fsyncs the log (a group whose only writes savepoints took back could otherwise commit with no frame).
   */
  beforeDurableCommit (): void {
    if (this.unsyncedFrom !== undefined) this.mark()
  }

  /** A top-level commit finished: durable (fsynced) or relaxed. */
  committed (durable: boolean): void {
    const from = this.pendingFrom
    this.pendingFrom = undefined
    if (!durable) {
      if (from !== undefined) this.unsyncedFrom = Math.min(from, this.unsyncedFrom ?? from)
      return
    }
    if (this.unsyncedFrom === undefined) return
    this.unsyncedFrom = undefined
    clearTimeout(this.forceTimer)
    this.forceTimer = undefined
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }

  /** The log's head now (outside any transaction: every fact up to it is committed). */
  headNow (): number {
    return this.head()
  }

  /**
   * An fsync of the log that started when the head was `head` returned: every fact up to it is durable (a commit
   * made with synchronous=NORMAL whose log the store then fsynced). Facts appended since wait for the next one.
   */
  synced (head: number): void {
    if (this.closed || this.unsyncedFrom === undefined || this.unsyncedFrom > head) return // closed: no head to read
    this.unsyncedFrom = this.head() > head ? head + 1 : undefined
    if (this.unsyncedFrom === undefined) {
      clearTimeout(this.forceTimer)
      this.forceTimer = undefined
    }
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }

  /** A top-level transaction rolled back: what it appended is gone. */
  rolledBack (): void {
    this.pendingFrom = undefined
  }

  /** The highest seq that may be handed out by sequence. */
  durable (): number {
    return this.unsyncedFrom === undefined ? this.head() : this.unsyncedFrom - 1
  }

  /** The lowest seq not yet durable (MAX_SAFE_INTEGER: every fact in the log is), without reading the log. */
  firstUnsynced (): number {
    return this.unsyncedFrom ?? Number.MAX_SAFE_INTEGER
  }

  /** Facts are waiting for a durable commit. */
  pending (): boolean {
    return this.unsyncedFrom !== undefined
  }

  /** Resolves at the next durable commit; one is made after FACT_SYNC_WAIT_MS if none came by then. */
  async whenDurable (): Promise<void> {
    if (this.unsyncedFrom === undefined || this.closed) return
    await new Promise<void>(resolve => {
      this.waiters.push(resolve)
      this.armForce()
    })
  }

  /** At close: nobody waits any longer. */
  close (): void {
    this.closed = true
    clearTimeout(this.forceTimer)
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }

  private armForce (): void {
    if (this.forceTimer !== undefined) return
    this.forceTimer = setTimeout(() => {
      this.forceTimer = undefined
      if (this.unsyncedFrom === undefined || this.closed) return
      // a failed write (the disk full, say) is tried again while someone waits
      this.sync().catch(() => { if (this.waiters.length > 0 && !this.closed) this.armForce() })
    }, FACT_SYNC_WAIT_MS)
    this.forceTimer.unref()
  }
}
