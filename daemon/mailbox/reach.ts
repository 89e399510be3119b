// What this node's cards state about reach: whether it serves as a relay and mailbox, and which nodes hold its
// seats' mail (config "mailboxes", else up to two peers whose cards say relay, in a stable order; never itself).
import type { Directory } from '../directory/index.js'
import type { NodeConfig } from '../home/config.js'

// One mailbox is a single point of failure; a seat's card naming more spreads its mail over more nodes for little gain
export const DEFAULT_MAILBOXES = 2

export function liveReach (config: NodeConfig, directory: Directory, selfPeerId: string): { relay: boolean, mailboxes: string[] } {
  const relay = config.relay === true
  if (config.mailboxes !== undefined) return { relay, mailboxes: config.mailboxes.filter(p => p !== selfPeerId) }
  const relays = new Set(directory.all().filter(c => c.relay === true && c.peerId !== selfPeerId).map(c => c.peerId))
  return { relay, mailboxes: [...relays].sort().slice(0, DEFAULT_MAILBOXES) }
}
