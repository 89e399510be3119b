// Wrong invitation secrets are limited per remote address: a stranger let in while an invitation is open gets a few
// guesses a minute, not as many as it can send. Peer ids cost nothing to make, addresses do, so the address counts.
import type { Multiaddr } from '@multiformats/multiaddr'

// A joiner who mistyped or reused a token still gets its answer a few times over; a 32-byte secret is out of reach
// of any guessing, and this keeps it so for a weaker one and bounds the work a stranger makes the node do.
export const WRONG_SECRETS_BURST = 5
export const WRONG_SECRET_REFILL_MS = 12_000 // one more guess every 12 s after the burst: 5 a minute per address
const MAX_TRACKED_ADDRESSES = 4096 // the oldest is forgotten first; a bound on what strangers can make us hold

interface Bucket {
  tokens: number
  atMs: number
}

export class GuessLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor (private readonly now: () => number = () => Date.now()) {}

  /** True when a join from this address may have its secret checked now. */
  allows (address: string): boolean {
    return this.refill(address).tokens >= 1
  }

  /** Counts a wrong secret from this address. */
  wrong (address: string): void {
    const b = this.refill(address)
    b.tokens = Math.max(0, b.tokens - 1)
    this.buckets.delete(address) // re-inserted as the newest
    this.buckets.set(address, b)
    if (this.buckets.size > MAX_TRACKED_ADDRESSES) this.buckets.delete(this.buckets.keys().next().value as string)
  }

  private refill (address: string): Bucket {
    const t = this.now()
    const b = this.buckets.get(address) ?? { tokens: WRONG_SECRETS_BURST, atMs: t }
    b.tokens = Math.min(WRONG_SECRETS_BURST, b.tokens + (t - b.atMs) / WRONG_SECRET_REFILL_MS)
    b.atMs = t
    return b
  }
}

/** The IP address a connection comes from (the whole address when it has none, e.g. a relay). */
export function remoteHost (addr: Multiaddr): string {
  const ip = addr.getComponents().find(c => c.name === 'ip4' || c.name === 'ip6')
  return ip?.value ?? addr.toString()
}
