// The node's deliver sessions: one PeerSession per peer, made on first use and kept, all closed at stop.
import type { Core } from '../core.js'
import type { MeshNode } from '../net/index.js'
import { PeerSession, type LocalCards } from './peer-session.js'
import type { TimedIdReaders } from './timed-ids.js'

export type { LocalCards }

export class SessionPool {
  private readonly sessions = new Map<string, PeerSession>()

  constructor (private readonly node: MeshNode, private readonly core: Core, private readonly cards: LocalCards, private readonly timedIds?: TimedIdReaders) {}

  /** The session to this peer, opened lazily by its first send. */
  get (peerId: string): PeerSession {
    let s = this.sessions.get(peerId)
    if (s === undefined) {
      s = new PeerSession(this.node, this.core, peerId, this.cards, this.timedIds)
      this.sessions.set(peerId, s)
    }
    return s
  }

  close (): void {
    for (const s of this.sessions.values()) s.close()
    this.sessions.clear()
  }
}
