// Only the message's sender can withdraw it: a CANCELED signed by the recipient or by a third seat is refused on
// every path a receipt comes in (a delivery frame from a peer, gossip and sync), and the sender's key still signs no
// other state. Real daemons for the delivery path; the same applyFact the daemon runs on gossip and sync.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256, utf8, type KeyPair } from '../../../cards/index.js'
import type { ReceiptData } from '../../../proto/index.js'
import { applyFact } from '../../../daemon/sync/apply.js'
import { acceptReceipts, status } from '../../../daemon/messaging/index.js'
import { signReceipt } from '../../../daemon/receipts/index.js'
import { createMesh, query } from '../../helpers/mesh.js'
import { homeKey, openDeliver, rawPeer, signedMessage, signedReceipt } from '../../helpers/raw-peer.js'
import { createWorld, message, nonceOf, signHeader, signMessage, type World } from '../../chaos/fuzz/world.js'

describe('a forged CANCELED is refused', () => {
  it('in a delivery frame: by the recipient, by a third seat, and any other state by the sender', async () => {
    // only B's daemon runs: A hands it a message over a raw delivery stream as its node, and C, a member B knows,
    // speaks by its node key as the rogue peer
    const [a, b, c] = await createMesh(3, { start: false })
    await b.daemon.start()
    const [aKey, bKey, cKey] = ['a', 'b', 'c'].map(x => homeKey(x === 'a' ? a.home : x === 'b' ? b.home : c.home, `keys/agent-${x}.key`))
    const sent = signedMessage(aKey, { from: 'agent-a', to: 'agent-b', body: new TextEncoder().encode('for b only') })
    const handed = await (await openDeliver(await rawPeer(a.home), b.daemon.peerId, b.port)).request({ messages: [sent.bytes], headers: [sent.header] })
    expect(handed.results.map(r => [r.errorCode, r.receipt !== undefined])).toEqual([[undefined, true]])
    const obligation = `ob_${Buffer.from(sent.msg.id).toString('hex')}`
    const rogue = await rawPeer(c.home)
    const s = await openDeliver(rogue, b.daemon.peerId, b.port)
    const [m] = query(b.home, 'SELECT id, hash, header FROM messages')
    const about = (key: KeyPair, actor: string, state: ReceiptData['state']): Uint8Array => signedReceipt(key, {
      messageId: new Uint8Array(m.id), messageHash: new Uint8Array(m.hash), actor, state, atMs: Date.now(), from: 'agent-a', header: new Uint8Array(m.header)
    })
    const res = await s.request({
      receipts: [
        about(bKey, 'agent-b', 'CANCELED'), // the recipient withdrawing in its own name
        about(bKey, 'agent-a', 'CANCELED'), // the recipient posing as the sender
        about(cKey, 'agent-c', 'CANCELED'), // a third seat
        about(cKey, 'agent-a', 'CANCELED'), // a third seat posing as the sender
        about(aKey, 'agent-a', 'READ') // the sender stating a recipient's step
      ]
    })
    expect(res.receiptResults.map(r => r.errorCode)).toEqual(Array(5).fill('RECEIPT_WRONG_SIGNER'))
    expect((await b.daemon.call('status', { obligation })).state).toBe('DELIVERED')
    expect(query(b.home, 'SELECT state FROM receipts')).toEqual([{ state: 'DELIVERED' }])
  })

  describe('by gossip and sync', () => {
    let w: World
    beforeAll(async () => { w = await createWorld() })
    afterAll(() => w?.close())
    const ob = (id: Uint8Array): string => `ob_${Buffer.from(id).toString('hex')}`

    it('on the recipient\'s node: only the sender\'s key withdraws, and the state follows', async () => {
      // agent-b sent agent-a (hosted here) a message; it is held, DELIVERED
      const m = w.core.store.messages.message(message(w.b, 'agent-a').id)
      if (m === undefined) throw new Error('no held message')
      const cancel = (key: KeyPair, actor: string, state: ReceiptData['state'] = 'CANCELED'): Uint8Array =>
        signReceipt(key, { messageId: m.id, messageHash: m.hash, actor, state, atMs: Date.now(), from: 'agent-b', header: m.header }).envelope
      expect(applyFact(w.core, 'receipt', cancel(w.a.key, 'agent-a'))).toMatchObject({ verdict: 'reject', code: 'RECEIPT_WRONG_SIGNER' })
      expect(applyFact(w.core, 'receipt', cancel(w.d.key, 'agent-d'))).toMatchObject({ verdict: 'reject', code: 'RECEIPT_WRONG_SIGNER' })
      expect(applyFact(w.core, 'receipt', cancel(w.d.key, 'agent-b'))).toMatchObject({ verdict: 'reject', code: 'RECEIPT_WRONG_SIGNER' })
      expect(applyFact(w.core, 'receipt', cancel(w.b.key, 'agent-b', 'CONSUMED'))).toMatchObject({ verdict: 'reject', code: 'RECEIPT_WRONG_SIGNER' })
      expect(w.core.store.messages.message(m.id)?.state).toBe('DELIVERED')
      const owed = (): string[] => w.core.store.carriers.owedIds('agent-a', Number.MAX_SAFE_INTEGER, 100).map(id => Buffer.from(id).toString('hex'))
      expect(owed()).toContain(Buffer.from(m.id).toString('hex'))

      expect(applyFact(w.core, 'receipt', cancel(w.b.key, 'agent-b'))).toEqual({ verdict: 'new' })
      expect(w.core.store.messages.message(m.id)?.state).toBe('CANCELED')
      expect(owed()).not.toContain(Buffer.from(m.id).toString('hex')) // the seat is not woken for it any more
      const view = await status(w.core, ob(m.id))
      expect(view.state).toBe('CANCELED')
      expect(view.receipts.map(r => [r.state, r.actor, r.verified])).toEqual([['DELIVERED', 'agent-a', true], ['CANCELED', 'agent-b', true]])
    })

    it('on a third node that holds only receipts: the sender\'s CANCELED is shown, the recipient\'s is refused', async () => {
      const fields = { body: utf8('audit the logs') }
      const msg = message(w.b, 'agent-c', fields)
      const header = signHeader(w.b.key, msg, nonceOf(w.b, 'agent-c', fields))
      const hash = sha256(signMessage(w.b.key, msg))
      const by = (key: KeyPair, actor: string): Uint8Array =>
        signReceipt(key, { messageId: msg.id, messageHash: hash, actor, state: 'CANCELED', atMs: Date.now(), from: 'agent-b', header }).envelope
      expect(applyFact(w.core, 'receipt', by(w.c.key, 'agent-c'))).toMatchObject({ verdict: 'reject', code: 'RECEIPT_WRONG_SIGNER' })
      expect(applyFact(w.core, 'receipt', by(w.b.key, 'agent-b'))).toEqual({ verdict: 'new' })
      const view = await status(w.core, ob(msg.id))
      expect(view).toMatchObject({ from: 'agent-b', to: 'agent-c', state: 'CANCELED', receipts: [{ state: 'CANCELED', actor: 'agent-b', verified: true }] })
    })

    it('pushed by a peer for a message held here: refused unless the sender signed it', async () => {
      // agent-a (hosted here) sent agent-b a message; agent-b pushing a CANCELED for it is refused
      const [sent] = query(w.dir, 'SELECT id FROM messages WHERE local_from = 1')
      const m = w.core.store.messages.message(new Uint8Array(sent.id))
      if (m === undefined) throw new Error('no sent message')
      const forged = signReceipt(w.b.key, { messageId: m.id, messageHash: m.hash, actor: 'agent-b', state: 'CANCELED', atMs: Date.now(), from: 'agent-a', header: m.header }).envelope
      const [r] = await acceptReceipts(w.core, [forged])
      expect(r.errorCode).toBe('RECEIPT_WRONG_SIGNER')
      expect(w.core.store.receipts.get(m.id, 'CANCELED', 'agent-b')).toBeUndefined()
    })
  })
})
