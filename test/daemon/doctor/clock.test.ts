// Clock skew from stored times: the store's samples (remote receipts and messages only) and the verdict per peer.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { skewCheck, MAX_SKEW_MS, RECENT_SAMPLES_MS, SAMPLE_WINDOW_MS } from '../../../daemon/doctor/index.js'
import { tempDir } from '../../helpers/cli.js'

const id = (n: number): Uint8Array => new Uint8Array(16).fill(n)
const hash = (n: number): Uint8Array => new Uint8Array(32).fill(n)

describe('clock skew', () => {
  it('samples only what remote actors signed: min(our arrival − their time) per actor', () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    try {
      s.identity.insertActor({ handle: 'me', actorKey: 'k', carrier: 'shell', requireEnv: [], hosted: true, createdAtMs: 0 })
      const now = Date.now()
      s.messages.insertMessage({ id: id(1), hash: hash(1), envelope: id(1), from: 'far', to: 'me', localFrom: false, localTo: true, sentAtMs: now - 900, storedAtMs: now })
      s.messages.insertMessage({ id: id(2), hash: hash(2), envelope: id(2), from: 'me', to: 'far', localFrom: true, localTo: false, sentAtMs: now - 99_999, storedAtMs: now })
      s.receipts.insert({ hash: hash(3), messageId: id(2), state: 'DELIVERED', actor: 'far', envelope: id(3), atMs: now - 40, receivedAtMs: now })
      s.receipts.insert({ hash: hash(4), messageId: id(1), state: 'DELIVERED', actor: 'me', envelope: id(4), atMs: now - 77_777, receivedAtMs: now })
      expect(s.carriers.clockSamples(now - 60_000)).toEqual([{ handle: 'far', minDeltaMs: 40, samples: 2 }])
    } finally {
      s.close()
    }
  })

  it('judges each actor by its recent samples: a clock set since is neither hidden by an older sample nor blamed for one', () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    try {
      s.identity.insertActor({ handle: 'me', actorKey: 'k', carrier: 'shell', requireEnv: [], hosted: true, createdAtMs: 0 })
      const now = Date.now()
      const HOUR = 3_600_000
      let n = 10
      const receipt = (actor: string, receivedAtMs: number, deltaMs: number): void => {
        n++
        s.messages.insertMessage({ id: id(n), hash: hash(n), envelope: id(n), from: 'me', to: actor, localFrom: true, localTo: false, sentAtMs: receivedAtMs - deltaMs - 5, storedAtMs: receivedAtMs - deltaMs - 5 })
        s.receipts.insert({ hash: hash(n), messageId: id(n), state: 'DELIVERED', actor, envelope: id(n), atMs: receivedAtMs - deltaMs, receivedAtMs })
      }
      // fell behind: right two hours ago, ten minutes behind since
      receipt('behind', now - 2 * HOUR, 40)
      receipt('behind', now - 60_000, 10 * 60_000)
      receipt('behind', now - 1000, 10 * 60_000 + 30)
      // was ahead two hours ago, set right since
      receipt('fixed', now - 2 * HOUR, -5 * 60_000)
      receipt('fixed', now - 1000, 25)
      expect(s.carriers.clockSamples(now - SAMPLE_WINDOW_MS, RECENT_SAMPLES_MS)).toEqual([
        { handle: 'behind', minDeltaMs: 10 * 60_000, samples: 2 },
        { handle: 'fixed', minDeltaMs: 25, samples: 1 }
      ])
    } finally {
      s.close()
    }
  })

  it('says no peers, no samples, OK within a minute, and which way a peer is off beyond it', () => {
    const peerOf = (h: string): string | undefined => ({ x: 'peer-xxxxxxxx1', y: 'peer-yyyyyyyy2' } as Record<string, string>)[h]
    expect(skewCheck([], peerOf, [])).toMatchObject({ ok: true, detail: 'no peers' })
    expect(skewCheck(['peer-xxxxxxxx1'], peerOf, [])).toMatchObject({ ok: true, detail: expect.stringContaining('no signed receipts or messages') })
    expect(skewCheck(['peer-xxxxxxxx1'], peerOf, [{ handle: 'x', minDeltaMs: 12, samples: 3 }])).toMatchObject({ ok: true, detail: expect.stringContaining('largest 12 ms') })
    const ahead = skewCheck(['peer-xxxxxxxx1', 'peer-yyyyyyyy2'], peerOf, [{ handle: 'x', minDeltaMs: 5, samples: 3 }, { handle: 'y', minDeltaMs: -5 * 60_000, samples: 2 }])
    expect(ahead).toMatchObject({ ok: false, detail: expect.stringMatching(/yyyyyyy2's clock runs about 5 min ahead of ours/) })
    expect(ahead.fix).toContain('NTP')
    expect(skewCheck(['peer-xxxxxxxx1'], peerOf, [{ handle: 'x', minDeltaMs: MAX_SKEW_MS + 1, samples: 1 }])).toMatchObject({ ok: false, detail: expect.stringContaining('behind ours') })
  })
})
