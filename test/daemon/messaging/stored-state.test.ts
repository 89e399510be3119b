// A message's stored state is always deriveState of the receipts held for it, however the receipts came: the
// recipient stores a new message together with its DELIVERED (one write, the state given at insert) even when a
// receipt about it was learned first; the sender's state moves only up, whatever order the receipts arrive in.
import { afterEach, describe, expect, it } from 'vitest'
import { messageFromWire, envelopeFromWire } from '../../../proto/index.js'
import { acceptMessages, acceptReceipts, parseObligation, notify } from '../../../daemon/messaging/index.js'
import { deriveState, signReceipt } from '../../../daemon/receipts/index.js'
import { utf8 } from '../../../cards/index.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'

let world: World | undefined
afterEach(() => { world?.close(); world = undefined })

const idOf = (bytes: Uint8Array): Uint8Array => messageFromWire(envelopeFromWire(bytes).payload).id

function expectConsistent (w: World, id: Uint8Array): string {
  const state = w.core.store.messages.stateOf(id)?.state
  expect(state).toBe(deriveState(w.core.store.receipts.forMessage(id)))
  return state as string
}

describe('stored state', () => {
  it('a new message is stored DELIVERED with its receipt; one whose READ was learned first is stored READ; CANCELED first stays CANCELED', async () => {
    const w = world = await createWorld()
    const [plain, early, canceled] = [w.messages[2], w.messages[1], w.messages[5]]
    const [hPlain, hEarly, hCanceled] = [w.headers[2], w.headers[1], w.headers[5]]
    // receipts about two of them arrive (by sync) before the messages do
    const learn = (bytes: Uint8Array, state: 'READ' | 'CANCELED', actor: string): void => {
      const m = messageFromWire(envelopeFromWire(bytes).payload)
      w.core.store.receipts.insert({ hash: new Uint8Array(32).fill(state.length), messageId: m.id, state, actor, envelope: utf8(state), atMs: 1, receivedAtMs: 1 })
    }
    learn(early, 'READ', 'agent-a')
    learn(canceled, 'CANCELED', 'agent-b')
    const results = await acceptMessages(w.core, [plain, early, canceled], [hPlain, hEarly, hCanceled], w.b.peerId)
    expect(results.map(r => r.errorCode)).toEqual([undefined, undefined, undefined])
    expect(expectConsistent(w, idOf(plain))).toBe('DELIVERED')
    expect(expectConsistent(w, idOf(early))).toBe('READ')
    expect(expectConsistent(w, idOf(canceled))).toBe('CANCELED')
    // offered again: the same DELIVERED answers, nothing moves
    const again = await acceptMessages(w.core, [plain, early], [hPlain, hEarly], w.b.peerId)
    expect(Buffer.from(again[0].receipt ?? [])).toEqual(Buffer.from(results[0].receipt ?? []))
    expect(Buffer.from(again[1].receipt ?? [])).toEqual(Buffer.from(results[1].receipt ?? []))
    expect(expectConsistent(w, idOf(early))).toBe('READ')
  })

  it('the same message in two frames whose checks both ran before either commit: stored once, both answered with one DELIVERED', async () => {
    const w = world = await createWorld()
    const [m, h] = [w.messages[2], w.headers[2]]
    // both calls check the store before the group commit runs either write (it runs them in one transaction)
    const [first, second] = await Promise.all([acceptMessages(w.core, [m], [h], w.b.peerId), acceptMessages(w.core, [m], [h], w.b.peerId)])
    expect([first[0].errorCode, second[0].errorCode]).toEqual([undefined, undefined])
    expect(Buffer.from(second[0].receipt ?? [])).toEqual(Buffer.from(first[0].receipt ?? []))
    const id = idOf(m)
    expect(w.core.store.receipts.forMessage(id).map(r => r.state)).toEqual(['DELIVERED'])
    expect(w.core.store.db.prepare('SELECT count(*) FROM wake_queue WHERE message_id = ?').pluck().get(id)).toBe(1)
    expect(w.core.store.messages.held(id)?.localTo).toBe(true)
    expect(expectConsistent(w, id)).toBe('DELIVERED')
  })

  it("the sender's state follows receipts that arrive out of order, and a lower one after REJECTED moves nothing", async () => {
    const w = world = await createWorld()
    const sent = await notify(w.core, { to: 'agent-b', body: utf8('out of order') })
    const m = w.core.store.messages.message(parseObligation(sent.obligation))
    if (m === undefined) throw new Error('not sent')
    const byB = (state: 'DELIVERED' | 'READ' | 'CONSUMED' | 'REJECTED'): Uint8Array =>
      signReceipt(w.b.key, { messageId: m.id, messageHash: m.hash, actor: 'agent-b', state, atMs: Date.now(), from: 'agent-a', header: m.header, note: state === 'REJECTED' ? 'no' : undefined }).envelope
    const steps: Array<[Uint8Array, string]> = [[byB('READ'), 'READ'], [byB('DELIVERED'), 'READ'], [byB('REJECTED'), 'REJECTED'], [byB('CONSUMED'), 'REJECTED']]
    for (const [bytes, expected] of steps) {
      const [r] = await acceptReceipts(w.core, [bytes], w.b.peerId)
      expect(r.errorCode).toBeUndefined()
      expect(expectConsistent(w, m.id)).toBe(expected)
    }
  })
})
