// A node that holds only receipts about a message (a third node) shows it only as its sender signed it: an endorsed
// seat can neither plant an obligation naming another sender nor front-run a real message's id so that the real
// receipts are refused. Real SQLite, real signatures, the same applyFact the daemon runs on gossip and sync.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256, signEnvelope, utf8 } from '../../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, messageToWire, type ReceiptData } from '../../../proto/index.js'
import { applyFact } from '../../../daemon/sync/apply.js'
import { status } from '../../../daemon/messaging/index.js'
import { headerPayload, messageIdFor, signReceipt } from '../../../daemon/receipts/index.js'
import { createWorld, message, nonceOf, signHeader, signMessage, type Actor, type World } from '../../chaos/fuzz/world.js'

describe('receipts on a third node', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  const evidence = { path: '/tmp/report.md', sha256: sha256(utf8('report')), size: 6 }
  const receipt = (by: Actor, fields: Omit<ReceiptData, 'actor' | 'atMs'>): Uint8Array =>
    signReceipt(by.key, { ...fields, actor: by.handle, atMs: Date.now() }).envelope
  const ob = (id: Uint8Array): string => `ob_${Buffer.from(id).toString('hex')}`

  it('a seat cannot plant an obligation that names another sender', async () => {
    // agent-d signs "I completed the message agent-b sent me": no header, a header in its own name, one it made up
    const id = new Uint8Array(randomBytes(16))
    const hash = sha256(randomBytes(64))
    const bare = receipt(w.d, { messageId: id, messageHash: hash, state: 'COMPLETE', from: 'agent-b', evidence })
    expect(applyFact(w.core, 'receipt', bare)).toMatchObject({ verdict: 'reject', code: 'HEADER_MISSING' })

    const nonce = new Uint8Array(randomBytes(16))
    const posing = message({ handle: 'agent-b', key: w.d.key }, 'agent-d', { body: utf8('posing') })
    const ownId = messageIdFor(w.d.key.publicKey, nonce)
    const header = envelopeToWire(signEnvelope(w.d.key, PAYLOAD_TYPES.header, headerPayload({ ...posing, id: ownId }, messageToWire(posing), nonce)))
    const named = receipt(w.d, { messageId: ownId, messageHash: hash, state: 'COMPLETE', from: 'agent-b', evidence, header })
    expect(applyFact(w.core, 'receipt', named)).toMatchObject({ verdict: 'reject', code: 'HEADER_WRONG_SENDER' })

    for (const planted of [id, ownId]) {
      await expect(status(w.core, ob(planted))).rejects.toMatchObject({ code: 'OBLIGATION_UNKNOWN' })
    }
  })

  it('a seat cannot front-run a real message id: the real receipts are taken, the planted ones refused', async () => {
    // agent-b sends agent-c a message; this node holds neither, only what gossip brings
    const fields = { body: utf8('review the release notes') }
    const m = message(w.b, 'agent-c', fields)
    const envelope = signMessage(w.b.key, m)
    const header = signHeader(w.b.key, m, nonceOf(w.b, 'agent-c', fields))
    const hash = sha256(envelope)
    // agent-d learns the id first and plants receipts for it: as itself, and as the real recipient with its own key
    const planted = [
      receipt(w.d, { messageId: m.id, messageHash: sha256(randomBytes(8)), state: 'COMPLETE', from: 'agent-b', evidence }),
      receipt(w.d, { messageId: m.id, messageHash: sha256(randomBytes(8)), state: 'REJECTED', from: 'agent-b', note: 'not mine', header })
    ]
    for (const p of planted) expect(applyFact(w.core, 'receipt', p)).toMatchObject({ verdict: 'reject' })

    const genuine = (['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'] as const).map(state =>
      receipt(w.c, { messageId: m.id, messageHash: hash, state, from: 'agent-b', header, ...(state === 'COMPLETE' ? { evidence } : {}) }))
    for (const g of genuine) expect(applyFact(w.core, 'receipt', g)).toEqual({ verdict: 'new' })

    const view = await status(w.core, ob(m.id))
    expect(view).toMatchObject({ from: 'agent-b', to: 'agent-c', state: 'COMPLETE' })
    expect(view.receipts.map(r => [r.state, r.actor, r.verified])).toEqual([
      ['DELIVERED', 'agent-c', true], ['READ', 'agent-c', true], ['CONSUMED', 'agent-c', true], ['COMPLETE', 'agent-c', true]
    ])
  })

  it('a receipt whose header belongs to another message is refused', () => {
    const one = message(w.b, 'agent-c', { body: utf8('one') })
    const two = message(w.b, 'agent-c', { body: utf8('two') })
    const headerOfTwo = signHeader(w.b.key, two, nonceOf(w.b, 'agent-c', { body: utf8('two') }))
    const r = receipt(w.c, { messageId: one.id, messageHash: sha256(signMessage(w.b.key, one)), state: 'DELIVERED', from: 'agent-b', header: headerOfTwo })
    expect(applyFact(w.core, 'receipt', r)).toMatchObject({ verdict: 'reject', code: 'RECEIPT_WRONG_MESSAGE' })
  })
})
