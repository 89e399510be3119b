// The node report (`status` with no argument) as readable tables: node, peers with round-trip times, seats,
// outbox per destination and the obligations that have waited longest.
import { table } from '../output.js'
import { duration, latency, shortId } from './short.js'

export function nodeText (r: any): string {
  const head = `node ${r.peerId as string}  aios-comm ${r.version as string}  up ${duration(r.uptimeSeconds ?? 0)}  (since ${r.startedAt as string})\n` +
    (r.addresses as string[]).map(a => `  ${a}`).join('\n')
  const peers = (r.peers as any[]).length === 0 ? 'no peers known' : table(['PEER', 'STATE', 'RTT', 'SEATS', 'ADDRESS'], (r.peers as any[]).map(p => [
    shortId(p.peerId), p.connected === true ? 'up' : 'down', p.connected === true ? latency(p.latencyMs) : undefined, (p.handles as string[]).join(' '), (p.addresses as string[])[0]?.replace(/\/p2p\/[^/]+$/, '')
  ]))
  const seats = (r.actors as any[]).length === 0 ? 'no seats on this node' : table(['SEAT', 'CARRIER', 'PANE', 'HEALTH', 'LAST WAKE'], (r.actors as any[]).map(a => [
    a.handle, a.carrier, a.pane, a.healthy === true ? 'ok' : a.problem, lastWake(a)
  ]))
  const byDest = (r.outbox?.byDest ?? []) as any[]
  const outbox = byDest.length === 0 ? `outbox empty` : table(['OUTBOX TO', 'KIND', 'PENDING', 'FAILED', 'EXPIRED', 'OLDEST'], byDest.map(d => [d.dest, d.kind, d.pending, d.failed, d.expired, d.oldestAt]))
  return [head, peers, seats, outbox, oldestText(r.oldest)].join('\n\n')
}

function oldestText (o: any): string {
  const line = (label: string, x: any): string => x === undefined
    ? `${label} none`
    : `${label} ${x.obligation as string}  ${x.from as string} → ${x.to as string}  ${x.state as string} for ${duration(x.ageSeconds)}`
  return [line('oldest undelivered: ', o?.undelivered), line('oldest open inbox:  ', o?.openInbox)].join('\n')
}

function lastWake (a: any): string {
  const w = a.lastWake
  const owed = a.wakesOwed > 0 ? ` (${a.wakesOwed as number} waiting)` : ''
  if (w === undefined) return `none${owed}`
  return `${w.result as string}${w.code !== undefined ? ` ${w.code as string}` : ''} ${w.at as string}${owed}`
}
