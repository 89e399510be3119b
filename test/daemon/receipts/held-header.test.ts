// A node that holds a message verified its sender's header when it stored it: a receipt carrying exactly those bytes
// is not verified again, and one whose header differs from them in any byte is verified in full and refused when
// its signature fails — by gossip and sync (applyFact) and beside a delivery (acceptReceipts). Real SQLite, real keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelopeFromWire, envelopeToWire } from '../../../proto/index.js'
import { applyFact } from '../../../daemon/sync/apply.js'
import { acceptReceipts } from '../../../daemon/messaging/index.js'
import { openReceipt, signReceipt } from '../../../daemon/receipts/index.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'

describe('the held header', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  it('a receipt with the held header is taken; one whose header differs from it in its signature is refused', async () => {
    // the message this node sent to agent-b, held with the header it signed
    const o = openReceipt(w.receipts[4])
    if (!o.ok) throw new Error(o.reason)
    const m = w.core.store.messages.message(o.receipt.messageId)
    if (m?.header === undefined) throw new Error('the world holds no header for its sent message')
    // the same header with one bit of its signature flipped (notify signs a group's headers as one batch)
    const env = envelopeFromWire(m.header)
    const flip = (b: Uint8Array): Uint8Array => { const c = Uint8Array.from(b); c[0] ^= 1; return c }
    const tampered = envelopeToWire(env.batch !== undefined ? { ...env, batch: { ...env.batch, signature: flip(env.batch.signature) } } : { ...env, signature: flip(env.signature ?? new Uint8Array(64)) })
    const byB = (state: 'READ' | 'CONSUMED', header: Uint8Array): Uint8Array =>
      signReceipt(w.b.key, { messageId: m.id, messageHash: m.hash, actor: 'agent-b', state, atMs: Date.now(), from: 'agent-a', header }).envelope

    expect(applyFact(w.core, 'receipt', byB('READ', tampered))).toMatchObject({ verdict: 'reject', code: 'HEADER_BAD_SIGNATURE' })
    const [beside] = await acceptReceipts(w.core, [byB('CONSUMED', tampered)])
    expect(beside.errorCode).toBe('HEADER_BAD_SIGNATURE')
    const states = (): string[] => w.core.store.receipts.statesOf(m.id).map(r => r.state)
    expect(states()).not.toContain('READ')
    expect(states()).not.toContain('CONSUMED')

    expect(applyFact(w.core, 'receipt', byB('READ', m.header))).toEqual({ verdict: 'new' })
    const [taken] = await acceptReceipts(w.core, [byB('CONSUMED', m.header)])
    expect(taken.errorCode).toBeUndefined()
    expect(states()).toEqual(expect.arrayContaining(['READ', 'CONSUMED']))
  })
})
