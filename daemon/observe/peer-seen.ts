// When each peer node was last connected, from the connect and disconnect events this daemon saw: what status says
// of a peer that is down ("unreachable since T"); one never reached since the daemon started is down since then.
// Only peers status lists are kept (those hosting a seat of the directory, or cut off from it): a stranger a relay or
// an open invitation let connect is not, so one that connects and hangs up again and again under new ids leaves
// nothing behind; and at most MAX_PEERS_SEEN, the longest gone first out.
import type { Core } from '../core.js'

export const MAX_PEERS_SEEN = 4096

export class PeerSeen {
  private readonly lostAt = new Map<string, number>()
  private readonly onPeer = (e: { peerId: string, status: 'up' | 'down' }): void => {
    if (e.status === 'up') return
    const directory = this.core.directory
    if (!directory.isTrustedPeer(e.peerId) && !directory.isCutOff(e.peerId)) return
    this.lostAt.delete(e.peerId) // set again at the end: the map's order is the order of their last disconnects
    this.lostAt.set(e.peerId, Date.now())
    if (this.lostAt.size > MAX_PEERS_SEEN) this.lostAt.delete(this.lostAt.keys().next().value as string)
  }

  constructor (private readonly core: Core, private readonly startedAtMs: number) {}

  start (): void {
    this.core.events.on('peer', this.onPeer)
  }

  stop (): void {
    this.core.events.off('peer', this.onPeer)
  }

  /** How many peers' last disconnects are held. */
  get size (): number {
    return this.lostAt.size
  }

  /** Since when a peer that is not connected now has been unreachable (its last disconnect, or this daemon's start). */
  downSince (peerId: string): string {
    return new Date(this.lostAt.get(peerId) ?? this.startedAtMs).toISOString()
  }
}
