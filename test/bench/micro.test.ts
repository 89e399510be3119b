// The stages' microbenchmarks run the daemon's real modules end to end: every variant reports, and each stage's own
// checks hold (a message the recipient refuses, a frame that does not verify, a receipt that does not check fail
// the run). Speed is not asserted; only that each figure is measured.
import { describe, expect, it } from 'vitest'
import { MICRO_BENCHES, microText } from '../../bench/micro/index.js'

describe('stage microbenchmarks', () => {
  it('measures every stage with every variant, each figure finite', async () => {
    const byName = new Map<string, string[]>()
    for (const b of MICRO_BENCHES) {
      const results = await b.run({ quick: true })
      byName.set(b.name, results.map(r => r.variant))
      for (const r of results) {
        expect(r.stage).toBe(b.name)
        expect(r.items).toBeGreaterThan(0)
        expect(Number.isFinite(r.itemsPerSec) && r.itemsPerSec > 0).toBe(true)
        expect(Number.isFinite(r.cpuUsPerItem) && r.cpuUsPerItem > 0).toBe(true)
      }
      expect(microText(results).split('\n')).toHaveLength(results.length + 1)
    }
    expect(byName.get('store accept path')).toEqual([
      'notify: sign + durable commit + outbox row, 1 per batch',
      'notify: sign + durable commit + outbox row, 256 per batch',
      'notify, 5,000 already waiting for the destination, 256 per batch',
      'accept: verify + durable commit + DELIVERED signed, 1 per batch',
      'accept: verify + durable commit + DELIVERED signed, 256 per batch',
      'notify, 64 KB, 256 per batch',
      'accept, 64 KB, 256 per batch',
      'accept, 256 per batch, into a store holding 4,000 messages'
    ])
    expect(byName.get('frame codec')).toHaveLength(4)
    expect(byName.get('transport')).toEqual(['Noise, 1 KB × 256', 'Noise, 1 KB × 1', 'TLS, 1 KB × 256', 'TLS, 1 KB × 1',
      'TLS connection made and closed, a new certificate each (@libp2p/tls)', 'TLS connection made and closed, one certificate per node (the daemon\'s)'])
  }, 120_000)
})
