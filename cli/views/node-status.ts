// The node report (`status` with no argument) as readable tables: node, peers with round-trip times, seats,
// outbox per destination and the obligations that have waited longest.
import { table } from '../output.js'
import type { NodeReport, OldestView } from '../../daemon/observe/index.js'
import { duration, latency, shortId } from './short.js'

export function nodeText (r: NodeReport): string {
  const head = `node ${r.peerId}  aios-comm ${r.version}  up ${duration(r.uptimeSeconds ?? 0)}  (since ${r.startedAt})\n` +
    r.addresses.map(a => `  ${a}`).join('\n')
  const peers = r.peers.length === 0 ? 'no peers known' : table(['PEER', 'STATE', 'RTT', 'SEATS', 'ADDRESS'], r.peers.map(p => [
    shortId(p.peerId), peerState(p), p.connected === true ? latency(p.latencyMs) : undefined, p.handles.join(' '), p.addresses[0]?.replace(/\/p2p\/[^/]+$/, '')
  ]))
  const why = r.peers.flatMap(p => p.cutOff !== undefined
    ? [`cut off ${shortId(p.peerId)}: ${p.cutOff}`]
    : p.connected !== true && p.downSince !== undefined ? [`down ${shortId(p.peerId)}: unreachable since ${p.downSince}`] : [])
  const seats = r.actors.length === 0 ? 'no seats on this node' : table(['SEAT', 'CARRIER', 'PANE', 'HEALTH', 'LAST WAKE'], r.actors.map(a => [
    a.handle, a.carrier, a.pane, a.healthy === true ? 'ok' : a.problem, lastWake(a)
  ]))
  const byDest = r.outbox?.byDest ?? []
  const outbox = byDest.length === 0 ? `outbox empty` : table(['OUTBOX TO', 'KIND', 'PENDING', 'FAILED', 'EXPIRED', 'OLDEST'], byDest.map(d => [d.dest, d.kind, d.pending, d.failed, d.expired, d.oldestAt]))
  return [head, [peers, ...why].join('\n'), seats, outbox, oldestText(r.oldest), ...storeText(r.store)].join('\n\n')
}

/** The store's size and age and when it is compacted next (see `aios-comm retention`). */
function storeText (v: NodeReport['store']): string[] {
  if (v === undefined) return []
  const mib = (n: number): string => `${(n / 1048576).toFixed(1)} MiB`
  return [`store ${mib(v.store.bytes)} (+ ${mib(v.store.walBytes)} log): ${v.store.messages} messages, ${v.store.facts} facts, ${v.store.archived} archived; ` +
    `oldest retained ${v.oldestRetained ?? 'none'}; next compaction ${v.nextCompaction ?? 'not scheduled'}`]
}

/** up, down, or cut off (revoked, endorsement expired); why and since when follow the table. */
function peerState (p: NodeReport['peers'][number]): string {
  if (p.cutOff !== undefined) return 'cut off'
  return p.connected ? 'up' : 'down'
}

function oldestText (o: NodeReport['oldest']): string {
  const line = (label: string, x: OldestView | undefined): string => x === undefined
    ? `${label} none`
    : `${label} ${x.obligation}  ${x.from} → ${x.to}  ${x.state} for ${duration(x.ageSeconds)}`
  return [line('oldest undelivered: ', o.undelivered), line('oldest open inbox:  ', o.openInbox)].join('\n')
}

function lastWake (a: NodeReport['actors'][number]): string {
  const w = a.lastWake
  const owed = a.wakesOwed > 0 ? ` (${a.wakesOwed} waiting)` : ''
  if (w === undefined) return `none${owed}`
  return `${w.result}${w.code !== undefined ? ` ${w.code}` : ''} ${w.at}${owed}`
}
