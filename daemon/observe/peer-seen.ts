// When each peer node was last connected, from the connect and disconnect events this daemon saw: what status says
// of a peer that is down ("unreachable since T"); one never reached since the daemon started is down since then.
import type { Core } from '../core.js'

export class PeerSeen {
  private readonly connected = new Set<string>()
  private readonly lostAt = new Map<string, number>()
  private readonly onPeer = (e: { peerId: string, status: 'up' | 'down' }): void => {
    if (e.status === 'up') this.connected.add(e.peerId)
    else {
      this.connected.delete(e.peerId)
      this.lostAt.set(e.peerId, Date.now())
    }
  }

  constructor (private readonly core: Core, private readonly startedAtMs: number) {}

  start (): void {
    this.core.events.on('peer', this.onPeer)
  }

  stop (): void {
    this.core.events.off('peer', this.onPeer)
  }

  /** Since when a peer that is not connected now has been unreachable (its last disconnect, or this daemon's start). */
  downSince (peerId: string): string {
    return new Date(this.lostAt.get(peerId) ?? this.startedAtMs).toISOString()
  }
}
