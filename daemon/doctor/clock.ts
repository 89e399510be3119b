// Clock skew against peers, from the times the daemon already holds: each receipt or message a remote actor
// signed carries that actor's clock, and we stored our own clock when it arrived. Per peer, the smallest
// (our arrival − their signing time) over its recent samples is the skew plus the shortest transit seen; DELIVERED
// receipts come back in the delivery's answer, so that transit is milliseconds. A large negative value: their clock
// runs ahead; a large positive one: theirs runs behind (or every sample waited in an outbox, which the detail says).
import type { Core } from '../core.js'
import type { ClockSample } from '../store/index.js'
import { fail, pass, type DoctorCheck } from './types.js'

export const MAX_SKEW_MS = 60_000 // TTLs and endorsement expiry are minutes to days; a minute of skew is already wrong
export const SAMPLE_WINDOW_MS = 7 * 24 * 3600_000 // old samples say little about the clock now
// Per actor, the samples that arrived within this long of its newest: a peer whose clock was set is judged by what it
// says since, at most this long after (its DELIVERED receipts answer each delivery, so a few minutes hold several)
export const RECENT_SAMPLES_MS = 15 * 60_000

interface PeerSkew { peerId: string, minDeltaMs: number, samples: number }

function human (ms: number): string {
  const a = Math.abs(ms)
  return a < 1000 ? `${a} ms` : a < 120_000 ? `${(a / 1000).toFixed(1)} s` : `${Math.round(a / 60_000)} min`
}

export function clockCheck (core: Core, nowMs = Date.now()): DoctorCheck {
  const samples = core.store.carriers.clockSamples(nowMs - SAMPLE_WINDOW_MS, RECENT_SAMPLES_MS)
  return skewCheck(core.directory.peerIds(), handle => core.directory.get(handle)?.peerId, samples)
}

/** The verdict from the samples alone: per peer, the smallest delta over the actors it hosts. */
export function skewCheck (peerIds: string[], peerOf: (handle: string) => string | undefined, samples: ClockSample[]): DoctorCheck {
  const peers = new Set(peerIds)
  if (peers.size === 0) return pass('clock skew', 'no peers')
  const byPeer = new Map<string, PeerSkew>()
  for (const s of samples) {
    const peerId = peerOf(s.handle)
    if (peerId === undefined || !peers.has(peerId)) continue
    const p = byPeer.get(peerId) ?? { peerId, minDeltaMs: s.minDeltaMs, samples: 0 }
    p.minDeltaMs = Math.min(p.minDeltaMs, s.minDeltaMs)
    p.samples += s.samples
    byPeer.set(peerId, p)
  }
  if (byPeer.size === 0) return pass('clock skew', `${peers.size} peer${peers.size === 1 ? '' : 's'}, no signed receipts or messages from them yet to compare clocks with`)
  const bad = [...byPeer.values()].filter(p => Math.abs(p.minDeltaMs) > MAX_SKEW_MS)
  const short = (id: string): string => `…${id.slice(-8)}`
  if (bad.length === 0) {
    const worst = [...byPeer.values()].sort((a, b) => Math.abs(b.minDeltaMs) - Math.abs(a.minDeltaMs))[0]
    return pass('clock skew', `${byPeer.size} of ${peers.size} peers compared; largest ${human(worst.minDeltaMs)} (${short(worst.peerId)}, ${worst.samples} samples)`)
  }
  const b = bad[0]
  const detail = b.minDeltaMs < 0
    ? `peer ${short(b.peerId)}'s clock runs about ${human(b.minDeltaMs)} ahead of ours (${b.samples} samples)`
    : `peer ${short(b.peerId)}'s clock runs up to ${human(b.minDeltaMs)} behind ours, or all ${b.samples} of its samples waited in transit`
  return fail('clock skew', detail + (bad.length > 1 ? `; ${bad.length - 1} more` : ''), 'run NTP (timedatectl set-ntp true, or System Settings › Date & Time) on both machines')
}
