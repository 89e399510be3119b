// One observed event as one line for a person: time, kind, obligation and who; colored on a terminal.
import { paint, shortId, type Color } from './short.js'
import type { ObservedEvent } from '../../daemon/observe/index.js'

export function eventLine (e: ObservedEvent, color: boolean): string {
  const time = paint(color, 'dim', e.at.slice(11, 23))
  const [kind, tint, text] = describe(e)
  return `${time}  ${paint(color, tint, kind.padEnd(10))}  ${text}`
}

function describe (e: ObservedEvent): [string, Color, string] {
  switch (e.type) {
    case 'sent': return ['sent', 'blue', `${e.obligation}  ${e.from} → ${e.to}`]
    case 'delivered': return ['delivered', 'green', `${e.obligation}  ${e.from} → ${e.to}`]
    case 'receipt': return [e.state, e.state === 'REJECTED' || e.state === 'FAILED' || e.state === 'EXPIRED' ? 'red' : e.state === 'CANCELED' ? 'yellow' : 'green', `${e.obligation}  by ${e.actor}`]
    case 'wake': return [e.result === 'ok' ? 'woken' : 'wake fail', e.result === 'ok' ? 'cyan' : 'yellow',
      `${e.obligation}  ${e.seat} (${e.count})${e.code !== undefined ? `  ${e.code}: ${e.error}` : ''}`]
    case 'peer': return [`peer ${e.status}`, e.status === 'up' ? 'magenta' : 'yellow', String(shortId(e.peerId))]
    case 'refused': return ['REFUSED', 'red', `${e.what} ${e.code}: ${e.reason}${e.peer !== undefined ? ` (from ${String(shortId(e.peer))})` : ''}`]
    case 'lease': return [e.kind === 'RELEASED' ? 'released' : 'leased', e.kind === 'RELEASED' ? 'yellow' : 'cyan',
      `${e.obligation}  ${e.holder} (fence ${e.fence})${e.kind === 'RELEASED' ? '' : ` until ${e.expiresAt}`}`]
    default: return [String(e.type), 'dim', '']
  }
}
