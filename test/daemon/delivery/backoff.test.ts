// Outbox retry timing: exponential with jitter, capped.
import { describe, expect, it } from 'vitest'
import { backoffMs, BACKOFF_CAP_MS } from '../../../daemon/delivery/backoff.js'

describe('backoff', () => {
  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(0, () => 0)).toBe(125)
    expect(backoffMs(0, () => 1)).toBe(250)
    expect(backoffMs(3, () => 1)).toBe(2000)
    expect(backoffMs(50, () => 1)).toBe(BACKOFF_CAP_MS)
    expect(backoffMs(50, () => 0)).toBe(BACKOFF_CAP_MS / 2)
  })
})
