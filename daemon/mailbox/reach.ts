// What this node's cards state about reach: whether it serves as a relay and mailbox, and which nodes hold its
// seats' mail (config "mailboxes", else up to two peers whose cards say relay, in a stable order; never itself).
import type { Directory } from '../directory/index.js'
import type { NodeConfig } from '../home/config.js'

// One mailbox is a single point of failure; a seat's card naming more spreads its mail over more nodes for little gain
export const DEFAULT_MAILBOXES = 2

export function liveReach (config: NodeConfig, directory: Directory, selfPeerId: string, relay: boolean): { relay: boolean, mailboxes: string[] } {
  if (config.mailboxes !== undefined) return { relay, mailboxes: config.mailboxes.filter(p => p !== selfPeerId) }
  const relays = new Set(directory.all().filter(c => c.relay === true && c.peerId !== selfPeerId).map(c => c.peerId))
  return { relay, mailboxes: [...relays].sort().slice(0, DEFAULT_MAILBOXES) }
}

/** Tells when the reach the cards should state has changed since it was last asked (e.g. a relay's card arrived). */
export class ReachWatch {
  private last: string

  constructor (private readonly reach: () => { relay: boolean, mailboxes: string[] }) {
    this.last = JSON.stringify(reach())
  }

  changed (): boolean {
    const now = JSON.stringify(this.reach())
    if (now === this.last) return false
    this.last = now
    return true
  }
}
