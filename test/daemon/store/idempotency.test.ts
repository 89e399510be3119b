// The idempotency key table: a key is a seat's own, names one obligation inside the window, is replaced once expired,
// and expired rows are pruned in bounded steps (real SQLite).
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { IDEMPOTENCY_WINDOW_MS } from '../../../daemon/messaging/idempotency.js'
import { tempDir } from '../../helpers/cli.js'

const W = IDEMPOTENCY_WINDOW_MS
const row = (seat: string, key: string, n: number, at: number) => ({ seat, key, requestHash: new Uint8Array(32).fill(n), messageId: new Uint8Array(16).fill(n), createdAtMs: at })

describe('idempotency keys', () => {
  it('a live key is found and cannot be claimed again; an expired one is neither found nor kept', () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    const t0 = 1_000_000_000_000
    expect(W).toBeGreaterThanOrEqual(24 * 3_600_000)
    expect(s.idempotency.claim(row('agent-a', 'k', 1, t0), t0 - W)).toBe(true)
    expect(s.idempotency.claim(row('agent-b', 'k', 2, t0), t0 - W)).toBe(true) // another seat's key of the same name
    expect(s.idempotency.find('agent-a', 'k', t0 + W - 1 - W)?.messageId).toEqual(new Uint8Array(16).fill(1))
    expect(s.idempotency.claim(row('agent-a', 'k', 3, t0 + W - 1), t0 - 1)).toBe(false) // still live: kept as it was
    expect(s.idempotency.find('agent-a', 'k', t0 + W - 1 - W)?.messageId).toEqual(new Uint8Array(16).fill(1))
    expect(s.idempotency.find('agent-a', 'k', t0 + W + 1 - W)).toBeUndefined() // past the window it names nothing
    expect(s.idempotency.claim(row('agent-a', 'k', 4, t0 + W + 1), t0 + 1)).toBe(true) // and may be used again
    expect(s.idempotency.find('agent-a', 'k', t0 + 1)?.messageId).toEqual(new Uint8Array(16).fill(4))
    s.close()
  })

  it('prunes expired rows oldest first, at most the given number at a time', () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    for (let i = 0; i < 10; i++) s.idempotency.claim(row('agent-a', `k${i}`, i, 1000 + i), 0)
    expect(s.idempotency.prune(1005, 3)).toBe(3)
    expect(s.idempotency.count()).toBe(7)
    expect(s.idempotency.find('agent-a', 'k0', 0)).toBeUndefined()
    expect(s.idempotency.find('agent-a', 'k3', 0)).toBeDefined()
    expect(s.idempotency.prune(1005, 100)).toBe(2)
    expect(s.idempotency.count()).toBe(5)
    s.close()
  })
})
