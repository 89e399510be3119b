// Sync checkpoints: how far this node has read each peer's fact log. Checkpoints persist, so a catch-up costs what
// was missed, not the whole log; one that moved without a write of its own is written a little later, in a batch.
import type { Core } from '../core.js'
import { errorText } from '../runtime/errors.js'

// A page that brought nothing new moves the checkpoint in memory only; it is written this much later (or with the
// next page that writes anyway, or at stop). A checkpoint that lags only makes a catch-up re-read facts already
// held, which are idempotent, so no write (and no fsync) is spent per echoed fact.
const LAZY_CHECKPOINT_MS = 1000
export class SyncCheckpoints {
  private readonly lazy = new Map<string, number>()
  private lazyTimer?: NodeJS.Timeout

  constructor (private readonly core: Core) {}

  /** A page that wrote facts: its checkpoint goes into the same transaction (call this inside it). */
  write (peerId: string, seq: number, now: number): void {
    this.lazy.delete(peerId)
    this.core.store.facts.setCheckpoint(peerId, seq, now)
  }

  /** A page that brought nothing new: its checkpoint is held in memory and written within LAZY_CHECKPOINT_MS. */
  later (peerId: string, seq: number): void {
    this.lazy.set(peerId, Math.max(seq, this.lazy.get(peerId) ?? 0))
    if (this.lazyTimer !== undefined) return
    this.lazyTimer = setTimeout(() => {
      this.lazyTimer = undefined
      void this.core.store.commit.run(() => this.writeLazy(Date.now()), { durable: false }).catch(err => this.core.log.warn('cannot store sync checkpoints', { error: errorText(err) }))
    }, LAZY_CHECKPOINT_MS)
    this.lazyTimer.unref()
  }

  /** At stop: every checkpoint held in memory is written now. */
  flush (): void {
    clearTimeout(this.lazyTimer)
    try {
      this.core.store.tx(() => this.writeLazy(Date.now()))
    } catch (err) {
      this.core.log.warn('cannot store sync checkpoints', { error: errorText(err) }) // they are re-read next time
    }
  }

  /** Checkpoints held in memory go into the current transaction. */
  private writeLazy (now: number): void {
    for (const [peer, seq] of this.lazy) this.core.store.facts.setCheckpoint(peer, seq, now)
    this.lazy.clear()
  }
}
