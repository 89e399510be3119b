// One observed event as one line for a person: time, kind, obligation and who; colored on a terminal.
import { paint, shortId, type Color } from './short.js'

export function eventLine (e: any, color: boolean): string {
  const time = paint(color, 'dim', String(e.at).slice(11, 23))
  const [kind, tint, text] = describe(e)
  return `${time}  ${paint(color, tint, kind.padEnd(10))}  ${text}`
}

function describe (e: any): [string, Color, string] {
  switch (e.type) {
    case 'sent': return ['sent', 'blue', `${e.obligation as string}  ${e.from as string} → ${e.to as string}`]
    case 'delivered': return ['delivered', 'green', `${e.obligation as string}  ${e.from as string} → ${e.to as string}`]
    case 'receipt': return [String(e.state), e.state === 'REJECTED' || e.state === 'FAILED' || e.state === 'EXPIRED' ? 'red' : 'green', `${e.obligation as string}  by ${e.actor as string}`]
    case 'wake': return [e.result === 'ok' ? 'woken' : 'wake fail', e.result === 'ok' ? 'cyan' : 'yellow',
      `${e.obligation as string}  ${e.seat as string} (${e.count as number})${e.code !== undefined ? `  ${e.code as string}: ${e.error as string}` : ''}`]
    case 'peer': return [`peer ${e.status as string}`, e.status === 'up' ? 'magenta' : 'yellow', String(shortId(e.peerId))]
    case 'refused': return ['REFUSED', 'red', `${e.what as string} ${e.code as string}: ${e.reason as string}${e.peer !== undefined ? ` (from ${String(shortId(e.peer))})` : ''}`]
    default: return [String(e.type), 'dim', '']
  }
}
