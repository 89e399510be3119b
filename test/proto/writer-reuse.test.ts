// Encodes share one writer: a big encode, a nested one or one that throws half-way must not change later bytes.
import { describe, expect, it } from 'vitest'
import { keyPairFromSeed, signEnvelope, utf8 } from '../../cards/index.js'
import { deliverRequestToWire, envelopeFromWire, envelopeToWire, type Envelope } from '../../proto/index.js'

const key = keyPairFromSeed(new Uint8Array(32).fill(9))

describe('the shared writer', () => {
  it('gives the same bytes after a large encode and after an encode that threw', () => {
    const env = signEnvelope(key, 'aios-comm/t', utf8('small'))
    const first = Uint8Array.from(envelopeToWire(env))
    deliverRequestToWire({ batchId: 1, messages: [new Uint8Array(3_000_000)], receipts: [], cards: [], handoffs: [], evidence: [] })
    expect(Buffer.from(envelopeToWire(env)).equals(first)).toBe(true)
    const broken = { ...env, batch: { root: new Uint8Array(32), index: 0, count: 1, path: [new Uint8Array(32), { get length (): number { throw new Error("unreadable") } } as unknown as Uint8Array], signature: new Uint8Array(64) }, signature: undefined } as Envelope
    expect(() => envelopeToWire(broken)).toThrow()
    const again = envelopeToWire(env)
    expect(Buffer.from(again).equals(first)).toBe(true)
    expect(envelopeFromWire(again).payloadType).toBe('aios-comm/t')
    const results = [envelopeToWire(env), envelopeToWire(env)]
    expect(results[0]).not.toBe(results[1]) // each result its own bytes, not a view of the writer
    results[0][0] ^= 1
    expect(Buffer.from(results[1]).equals(first)).toBe(true)
  })
})
