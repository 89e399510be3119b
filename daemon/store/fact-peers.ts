// Which peer is known to hold a fact this node appended lately, so that the fact is not sent to that peer again:
// the peer it came from (by gossip, a sync page or a deliver answer: a peer sends only what it holds durably), or
// the peer it was handed to in a deliver answer. Memory only, bounded; a fact that is not found here (forgotten,
// or never recorded) is simply sent as before. Each entry keeps the fact's hash with its seq, because a seq that a
// rolled-back transaction gave out is given again to the next fact appended: an entry names one fact, never a seq.
// (A fact that retention drops is never read again, and its seq is never given again: its entry just ages out.)
import { bytesEqual } from '../../cards/index.js'

export const MAX_FACT_PEERS = 16_384 // entries per kind; past it the oldest is forgotten (its fact is then sent again)

interface Entry { peer: string, hash: Uint8Array }

class Bounded {
  private readonly m = new Map<number, Entry>()

  set (seq: number, peer: string, hash: Uint8Array): void {
    this.m.delete(seq) // a seq given again goes to the back of the order
    this.m.set(seq, { peer, hash: Uint8Array.from(hash) }) // a copy: the caller's bytes may be a view of a larger buffer
    if (this.m.size > MAX_FACT_PEERS) this.m.delete(this.m.keys().next().value as number)
  }

  /** The peer recorded for this fact, forgetting the entry; undefined when none is, or the seq names another fact. */
  take (seq: number, hash: Uint8Array): string | undefined {
    const e = this.m.get(seq)
    if (e === undefined) return undefined
    this.m.delete(seq)
    return bytesEqual(e.hash, hash) ? e.peer : undefined
  }

  /** Whether this fact came from `peer`; the entry is forgotten when it did (the caller passes each seq once). */
  takeIf (seq: number, hash: Uint8Array, peer: string): boolean {
    const e = this.m.get(seq)
    if (e === undefined || e.peer !== peer) return false
    this.m.delete(seq)
    return bytesEqual(e.hash, hash)
  }
}

export class FactPeers {
  /** Facts learned from a peer: that peer's sync tail passes over them. */
  readonly cameFrom = new Bounded()
  /** This node's own facts handed to a peer in a deliver answer: not gossiped when that peer is the only listener. */
  readonly handedTo = new Bounded()
  private readonly current: { from?: string, to?: string } = {}

  /** Runs `fn` with every fact learned inside it recorded as held by `peer` (undefined: the facts came from no peer). */
  receivedFrom<T> (peer: string | undefined, fn: () => T): T {
    return this.with('from', peer, fn)
  }

  /** Runs `fn` with every fact of this node's own appended inside it recorded as handed to `peer`. */
  handing<T> (peer: string | undefined, fn: () => T): T {
    return this.with('to', peer, fn)
  }

  private with<T> (which: 'from' | 'to', peer: string | undefined, fn: () => T): T {
    const before = this.current[which]
    this.current[which] = peer
    try {
      return fn()
    } finally {
      this.current[which] = before
    }
  }

  /** Told of each append by the fact log: `learned` says whether the fact came from a peer. */
  appended (seq: number, hash: Uint8Array, learned: boolean): void {
    const { from, to } = this.current
    if (learned) {
      if (from !== undefined) this.cameFrom.set(seq, from, hash)
    } else if (to !== undefined) this.handedTo.set(seq, to, hash)
  }
}
