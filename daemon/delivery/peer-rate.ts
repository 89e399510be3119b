// The per-peer rate limit on /aios-comm/deliver (both versions): a token bucket per remote peer, shared by all its
// streams.
// A frame over the rate is answered at once with RATE_LIMITED for each item (unchecked, unstored); the
// sender's outbox treats that code as transient and retries with backoff, so a burst is slowed, not lost.

// One node verifies ≈ 15–20k messages/s on two cores (DESIGN §11): a peer may use about all of it in a burst,
// but not keep it from every other peer for longer than a second.
export const PEER_RATE_ITEMS_PER_SECOND = 20_000
export const PEER_BURST_ITEMS = 40_000
const MAX_TRACKED_PEERS = 1024 // trusted peers only reach the limiter; a bound all the same

interface Bucket {
  tokens: number
  atMs: number
  limited: number
}

export class PeerRateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor (
    private readonly ratePerSecond = PEER_RATE_ITEMS_PER_SECOND,
    private readonly burst = PEER_BURST_ITEMS,
    private readonly now: () => number = () => performance.now()
  ) {}

  /** Takes `cost` tokens from the peer's bucket; false (and nothing taken) when it has too few. */
  take (peer: string, cost: number): boolean {
    const t = this.now()
    let b = this.buckets.get(peer)
    if (b === undefined) {
      if (this.buckets.size >= MAX_TRACKED_PEERS) this.buckets.clear()
      b = { tokens: this.burst, atMs: t, limited: 0 }
      this.buckets.set(peer, b)
    }
    b.tokens = Math.min(this.burst, b.tokens + (t - b.atMs) * this.ratePerSecond / 1000)
    b.atMs = t
    const need = Math.min(cost, this.burst) // the largest frame allowed still fits in a full bucket
    if (b.tokens < need) {
      b.limited++
      return false
    }
    b.tokens -= need
    return true
  }

  /** Frames refused for this peer (while it is tracked). */
  limitedFrames (peer: string): number {
    return this.buckets.get(peer)?.limited ?? 0
  }
}

/**
 * The limiter a daemon runs with: the constants, or AIOS_COMM_PEER_RATE=<items per second> (burst twice that) for
 * a machine much faster or slower than the one they were measured on, and for tests that flood a node.
 */
export function peerRateFromEnv (env: NodeJS.ProcessEnv = process.env): PeerRateLimiter {
  const rate = Number(env.AIOS_COMM_PEER_RATE)
  return Number.isSafeInteger(rate) && rate > 0 ? new PeerRateLimiter(rate, 2 * rate) : new PeerRateLimiter()
}
