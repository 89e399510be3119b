// Peers whose connections close as soon as they open are not dialed again at once. A peer that does not know this
// node's seats yet (their cards have not reached it) lets the handshake finish and then drops the connection; libp2p
// redials a KEEP_ALIVE peer the moment its connection closes, and a redial that connects is no failure to its retry
// count, so without a pause such a peer was dialed dozens of times a second, by both ends' CPU, until it learned.

/** A connection that closed sooner than this after it opened counts against its peer. */
export const SHORT_LIVED_MS = 2000
/** Short-lived connections in a row let through before the peer is held: a restart or a lost dial race is one. */
export const FREE_STRIKES = 2
/** The first hold; each short-lived connection after it doubles the hold, up to MAX_HOLD_MS. */
export const FIRST_HOLD_MS = 1000
export const MAX_HOLD_MS = 30_000
const MAX_PEERS = 4096 // peers with strikes remembered; the one struck longest ago is forgotten past this

export class RedialHold {
  private readonly peers = new Map<string, { strikes: number, until: number }>()

  constructor (private readonly now: () => number = () => performance.now()) {}

  /**
   * A connection to `peer` closed after `livedMs`; `local`: this node closed it. One that lived clears the peer's
   * strikes; a short-lived one the peer (or the network) closed adds one. One this node closed adds none: a dial-back
   * probe, a dial race's loser or a relayed connection a direct one replaced.
   */
  closed (peer: string, livedMs: number, local: boolean): void {
    if (livedMs >= SHORT_LIVED_MS) {
      this.peers.delete(peer)
      return
    }
    if (local) return
    const p = this.peers.get(peer) ?? { strikes: 0, until: 0 }
    this.peers.delete(peer) // re-inserted: the map's order is the order of the last strike, oldest first
    p.strikes++
    if (p.strikes > FREE_STRIKES) p.until = this.now() + Math.min(FIRST_HOLD_MS * 2 ** Math.min(p.strikes - FREE_STRIKES - 1, 30), MAX_HOLD_MS)
    this.peers.set(peer, p)
    for (const old of this.peers.keys()) {
      if (this.peers.size <= MAX_PEERS) break
      this.peers.delete(old)
    }
  }

  /** How long `peer` is still held, in ms (0: it may be dialed). */
  heldFor (peer: string): number {
    const p = this.peers.get(peer)
    return p === undefined ? 0 : Math.max(0, Math.ceil(p.until - this.now()))
  }
}
