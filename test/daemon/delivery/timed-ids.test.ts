// Message ids of two forms: the hash's 16 bytes, or the millisecond a message was made in and 12 bytes of the hash. Both
// are the sender key's alone to name; a sender uses the timed form only towards nodes whose identify says they read it.
import { describe, expect, it } from 'vitest'
import { lpStream } from '@libp2p/utils'
import { peerIdFromString } from '@libp2p/peer-id'
import { generateKeyPair } from '../../../cards/index.js'
import { deliverRequestFromWire, deliverResponseToWire, envelopeFromWire, headerFromWire, type MessageHeaderData } from '../../../proto/index.js'
import { DELIVER_PROTOCOL, DELIVER_PROTOCOL_2 } from '../../../daemon/net/constants.js'
import { idNamedBy, messageIdFor, openHeader, timedMessageIdFor, timedNonce } from '../../../daemon/receipts/index.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'
import { homeKey, rawPeer, signedMessage } from '../../helpers/raw-peer.js'

const key = generateKeyPair()
const idOf = (obligation: string): Buffer => Buffer.from(obligation.slice(3), 'hex')
const timeOf = (id: Uint8Array): number => Buffer.from(id).readUInt32BE(0) // the millisecond, modulo 2^32
const isLegacy = (h: MessageHeaderData): boolean => Buffer.from(messageIdFor(h.fromKey, h.nonce)).equals(h.messageId)
const isTimed = (h: MessageHeaderData): boolean => Buffer.from(timedMessageIdFor(h.fromKey, h.nonce)).equals(h.messageId)

function headerWith (id: Uint8Array, nonce: Uint8Array): Uint8Array {
  return signedMessage(key, { from: 'agent-a', to: 'agent-b', id }, nonce).header
}

describe('message ids of two forms', () => {
  it('a header verifies with either form and with nothing else', () => {
    const nonce = timedNonce(Date.now())
    const legacy = messageIdFor(key.publicKey, nonce)
    const timed = timedMessageIdFor(key.publicKey, nonce)
    expect(timeOf(timed)).toBe(timeOf(nonce))
    expect(Buffer.from(timed.subarray(4))).toEqual(Buffer.from(legacy.subarray(4)))
    expect(openHeader(headerWith(legacy, nonce)).ok).toBe(true)
    expect(openHeader(headerWith(timed, nonce)).ok).toBe(true)

    const refused = (id: Uint8Array, n = nonce): string | undefined => { const o = openHeader(headerWith(id, n)); return o.ok ? undefined : o.code }
    const flip = (id: Uint8Array, at: number): Uint8Array => { const c = Uint8Array.from(id); c[at] ^= 1; return c }
    expect(refused(flip(timed, 0))).toBe('HEADER_WRONG_ID') // a time the nonce does not state
    expect(refused(flip(timed, 3))).toBe('HEADER_WRONG_ID')
    expect(refused(flip(timed, 4))).toBe('HEADER_WRONG_ID') // the hash's part
    expect(refused(flip(timed, 15))).toBe('HEADER_WRONG_ID')
    expect(refused(flip(legacy, 2))).toBe('HEADER_WRONG_ID')
    expect(refused(timed, flip(nonce, 1))).toBe('HEADER_WRONG_ID') // the same id beside another nonce
    expect(refused(timed, flip(nonce, 9))).toBe('HEADER_WRONG_ID')
    // another key cannot name either id with this nonce
    const other = generateKeyPair()
    expect(idNamedBy(timed, other.publicKey, nonce)).toBe(false)
    expect(idNamedBy(legacy, other.publicKey, nonce)).toBe(false)
  })

  it('timed ids sort by the millisecond they were made in, and the count wraps every 2^32 ms', () => {
    const t = Date.UTC(2026, 11, 4, 23, 59, 59, 998)
    const times = [t - 86_400_000, t - 1000, t - 1, t, t + 0.5, t + 1, t + 2, t + 1000]
    const ids = times.map(ms => timedMessageIdFor(key.publicKey, timedNonce(ms)))
    expect(ids.map(timeOf)).toEqual(times.map(ms => Math.floor(ms) % 2 ** 32))
    // within one second too, each later millisecond sorts after the one before
    for (let i = 1; i < ids.length; i++) if (Math.floor(times[i]) > Math.floor(times[i - 1])) expect(Buffer.compare(ids[i - 1], ids[i])).toBe(-1)
    const wrap = 2 ** 32 * 415 // a moment the count wrapped (2026-06-25)
    expect([wrap - 1, wrap, wrap + 1].map(ms => timeOf(timedNonce(ms)))).toEqual([2 ** 32 - 1, 0, 1])
  })
})

describe('which nodes get timed ids', () => {
  it('a node that reads them gets them; a node whose identify lacks deliver/2 gets the first form', async () => {
    const [a, b] = await createMesh(2)
    // before a's daemon has identified b's node it names messages in the first form; once it has, in the timed one
    const sentTo = async (text: string): Promise<MessageHeaderData> => {
      const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text })
      await waitFor('DELIVERED', async () => (await a.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
      const [held] = query<{ header: Buffer }>(b.home, 'SELECT header FROM messages WHERE id = ?', idOf(obligation))
      return headerFromWire(envelopeFromWire(new Uint8Array(held.header)).payload)
    }
    let n = 0
    await waitFor('a timed id at a node that reads them', async () => await sentTo(`to a newer node ${n++}`), h => isTimed(h))
    const before = Date.now()
    const h = await sentTo('and the next')
    expect(isTimed(h)).toBe(true)
    const after = Date.now()
    const since = (timeOf(h.messageId) - before % 2 ** 32 + 2 ** 32) % 2 ** 32 // ms from `before` to its time, modulo 2^32
    expect(since).toBeLessThanOrEqual(after - before)

    // b's node as an older version: the same key and port, deliver/1 only; it records each message the first time it
    // is sent one and answers BUSY (the sender retries it later)
    await b.daemon.stop()
    const old = await rawPeer(b.home, () => true, b.port)
    const seen: MessageHeaderData[] = []
    const ids = new Set<string>()
    const record = (stream: Parameters<Parameters<typeof old.handle>[1]>[0]): void => {
      const lp = lpStream(stream, { maxDataLength: 8 << 20 })
      void (async () => {
        for (;;) {
          const req = deliverRequestFromWire((await lp.read()).subarray())
          const headers = req.headers.map(hb => headerFromWire(envelopeFromWire(hb).payload))
          for (const h of headers) {
            const hex = Buffer.from(h.messageId).toString('hex')
            if (!ids.has(hex)) seen.push(h)
            ids.add(hex)
          }
          const busy = { errorCode: 'BUSY', errorMessage: 'busy' }
          await lp.write(deliverResponseToWire({ batchId: req.batchId, results: headers.map(h => ({ messageId: h.messageId, ...busy })), receiptResults: req.receipts.map(() => ({ receiptHash: new Uint8Array(32), ...busy })) }))
        }
      })().catch(() => {})
    }
    await old.handle(DELIVER_PROTOCOL, record)
    // until a's daemon has identified the older node, it may still name messages for b as it did: it sends until a
    // message of the first form arrives, and every one after that must be of the first form too
    let sent = 0
    const firstLegacy = await waitFor('a message of the first form at the older node', async () => {
      if (!seen.some(isLegacy)) await a.daemon.call('notify', { to: 'agent-b', text: `to an older node ${sent++}` })
      return seen.findIndex(isLegacy)
    }, i => i >= 0)
    for (const x of seen.slice(firstLegacy)) expect(isLegacy(x)).toBe(true)
    const legacyCount = seen.length - firstLegacy
    for (let i = 0; i < 3; i++) await a.daemon.call('notify', { to: 'agent-b', text: `to an older node, after ${i}` })
    await waitFor('three more at the older node', () => seen.length - firstLegacy, n => n >= legacyCount + 3)
    expect(seen.slice(firstLegacy).every(isLegacy)).toBe(true)

    // the node is upgraded (deliver/2 as well) and connected to again: the next messages are timed again
    await old.handle(DELIVER_PROTOCOL_2, record)
    await old.hangUp(peerIdFromString(a.daemon.peerId))
    const firstTimed = await waitFor('a timed id at the node again', async () => {
      if (!seen.slice(firstLegacy).some(isTimed)) await a.daemon.call('notify', { to: 'agent-b', text: `to a newer node ${sent++}` })
      return seen.findIndex((x, i) => i >= firstLegacy && isTimed(x))
    }, i => i >= 0)
    expect(firstTimed).toBeGreaterThan(firstLegacy)
    expect(homeKey(a.home, 'keys/agent-a.key').publicKey).toEqual(seen[firstTimed].fromKey)
  })
})
