// Retry timing for the outbox: exponential with jitter, capped, so a mesh coming back does not stampede.
export const BACKOFF_BASE_MS = 250
export const BACKOFF_CAP_MS = 30_000 // a peer that comes back is also flushed at once on connect, so the cap only bounds polling

export function backoffMs (attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempts, 20))
  return Math.round(ceiling / 2 + random() * ceiling / 2)
}
