// The reach cases' shared parts: their bounds, and what they ask of the NAT topology's nodes (cards as a node holds
// them, verified; starting them; the whole lifecycle to COMPLETE; states as a node shows them).
import { verifyCardJson } from '../../../cards/index.js'
import { query } from '../../helpers/mesh.js'
import type { NatNode, Sent } from './nat-mesh.js'
import { FULL } from './workload.js'

export const N = FULL ? 30 : 3 // messages per direction and case
export const CASE_MS = FULL ? 600_000 : 150_000
export const REACH_MS = 90_000 // a relay reservation, a re-signed card and its gossip, a redial: well within this on a loaded machine
export const MAILBOX_AFTER_MS = 1000 // the sender's wait before handing to a mailbox (2 minutes by default); short for a test
export const RESIGN_MS = 60_000 // a laptop's new network shows in its card within a minute (checked every 10–30 s)
// A LAN peer answers a dial in tens of ms (30 ms measured); the dead address listed first cost the whole 5 s budget
// before. Under this bound (less than a per-address timeout, with a loaded machine's delivery on top) it cost nothing.
export const DEAD_FIRST_MS = 2000
export const KILLS = 3 // relays killed, one after the other (the one killed before restarted first)
// Every case runs at full strength under `npm run test:chaos`. `npm test` runs the relay case here (3 messages a
// direction), the topology itself (nat-topology.test.ts), and the other parts on a plain bridge with dropped links:
// the mailbox (test/daemon/delivery/mailbox.test.ts), the dead address (test/daemon/net/dialer.test.ts)

export const circuitVia = (relay: NatNode) => (a: string): boolean => a.includes(`/p2p/${relay.daemon.peerId}/p2p-circuit`)

/** The card of `handle` as `at` holds it, verified: its sequence number, addresses and reach fields. */
export function cardAt (at: NatNode, handle: string): { seq: number, multiaddrs: string[], mailboxes?: string[], relay?: boolean } | undefined {
  const row = query<{ json: string }>(at.home, 'SELECT json FROM cards WHERE handle = ?', handle)[0]
  if (row === undefined) return undefined
  const v = verifyCardJson(row.json)
  if (!v.ok) throw new Error(`${at.host} holds a card of ${handle} that does not verify: ${v.reason}`)
  return { seq: v.card.seq, multiaddrs: v.card.multiaddrs, mailboxes: v.card.mailboxes, relay: v.card.relay }
}

export async function startAll (nodes: NatNode[]): Promise<void> {
  await Promise.all(nodes.map(async n => await n.daemon.start()))
}

/** Reads, consumes and acks each message at its recipient: the whole lifecycle, to COMPLETE. */
export async function complete (sent: Sent[]): Promise<void> {
  for (const s of sent) {
    await s.to.daemon.call('read', { as: s.to.handle, obligation: s.obligation })
    await s.to.daemon.call('consume', { as: s.to.handle, obligation: s.obligation })
    await s.to.daemon.call('ack', { as: s.to.handle, obligation: s.obligation, sentence: `done: ${s.tag}` })
  }
}

export async function statesAt (node: NatNode, sent: Sent[]): Promise<string[]> {
  return await Promise.all(sent.map(async s => (await node.daemon.call('status', { obligation: s.obligation })).state))
}
