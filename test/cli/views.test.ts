// The CLI's observation views: event lines colored only when asked, node tables from a report document.
import { describe, expect, it } from 'vitest'
import { eventLine } from '../../cli/views/event.js'
import { nodeText } from '../../cli/views/node-status.js'
import { duration, shortId } from '../../cli/views/short.js'

const ESC = '\u001b['

describe('observation views', () => {
  it('colors watch lines on a terminal only', () => {
    const e = { seq: 4, at: '2026-11-29T11:44:15.620Z', type: 'receipt', obligation: 'ob_924e3e3fb1c2ecd1cae00953ad1030c0', state: 'DELIVERED', actor: 'agent-b' }
    expect(eventLine(e, false)).toBe('11:44:15.620  DELIVERED   ob_924e3e3fb1c2ecd1cae00953ad1030c0  by agent-b')
    const colored = eventLine(e, true)
    expect(colored).toContain(`${ESC}32mDELIVERED`)
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(eventLine(e, false))
    expect(eventLine({ ...e, type: 'refused', what: 'message', code: 'NOT_ENDORSED', reason: 'forged', peer: '12D3KooWKfykswT85bcmoj7QWR9YuXnG5tnnDN7DiEdHT17DLcSA' }, true)).toContain(`${ESC}31mREFUSED`)
  })

  it('prints the node report as tables', () => {
    const text = nodeText({
      peerId: 'P1', addresses: ['/ip4/127.0.0.1/tcp/1'], version: '0.1.0', startedAt: '2026-11-29T10:00:00.000Z', uptimeSeconds: 3725,
      peers: [{ peerId: '12D3KooWKfykswT85bcmoj7QWR9YuXnG5tnnDN7DiEdHT17DLcSA', connected: true, latencyMs: 0.42, handles: ['agent-b'], addresses: ['/ip4/127.0.0.1/tcp/2/p2p/12D3KooWKfykswT85bcmoj7QWR9YuXnG5tnnDN7DiEdHT17DLcSA'] }],
      actors: [{ handle: 'agent-a', carrier: 'claude-code', pane: '%3', healthy: true, wakesOwed: 0, lastWake: { result: 'ok', at: '2026-11-29T10:59:00.000Z' } }],
      outbox: { pending: 2, byDest: [{ dest: 'agent-c', kind: 'message', pending: 2, failed: 1, expired: 0, oldestAt: '2026-11-29T10:58:00.000Z' }] },
      oldest: { undelivered: { obligation: 'ob_1', from: 'agent-a', to: 'agent-c', state: 'DELIVERY_PENDING', ageSeconds: 125 } }
    })
    expect(text.split('\n')[0]).toBe('node P1  aios-comm 0.1.0  up 1h02m  (since 2026-11-29T10:00:00.000Z)')
    expect(text).toMatch(/12D3KooW…7DLcSA\s+up\s+0\.4 ms\s+agent-b\s+\/ip4\/127\.0\.0\.1\/tcp\/2\n/)
    expect(text).toMatch(/agent-a\s+claude-code\s+%3\s+ok\s+ok 2026-11-29T10:59:00\.000Z/)
    expect(text).toMatch(/agent-c\s+message\s+2\s+1\s+0\s+2026-11-29T10:58:00\.000Z/)
    expect(text).toContain('oldest undelivered:  ob_1  agent-a → agent-c  DELIVERY_PENDING for 2m05s')
    expect(text).toContain('oldest open inbox:   none')
    expect(shortId('short')).toBe('short')
    expect(duration(90061)).toBe('1d01h')
  })
})
