// A header this node signed itself is known by the array holding its signed envelope: a receipt carrying exactly
// those bytes back gets the header that was signed, which must be what decoding the bytes gives; a receipt whose
// header differs from them in any byte is decoded and verified in full, as before. Real keys, real batch signatures.
import { describe, expect, it } from 'vitest'
import { generateKeyPair, signBatch } from '../../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire, envelopeToWire, headerFromWire, headerToWire, messageToWire, type MessageData } from '../../../proto/index.js'
import { headerFor, openHeader, ownHeader, timedMessageIdFor, timedNonce } from '../../../daemon/receipts/index.js'

const key = generateKeyPair()

function signedHeader (over: Partial<MessageData>): { envelope: Uint8Array, header: ReturnType<typeof headerFor> } {
  const nonce = timedNonce(Date.now())
  const msg: MessageData = { id: timedMessageIdFor(key.publicKey, nonce), from: 'agent-a', to: 'agent-b', sentAtMs: Date.now(), contentType: 'text/plain', body: new Uint8Array(1024).fill(7), require: 'DELIVERED', fromKey: key.publicKey, ...over }
  const header = headerFor(msg, messageToWire(msg), nonce)
  // signed as notify signs a turn: the message and its header in one batch
  const [, env] = signBatch(key, [{ payloadType: PAYLOAD_TYPES.message, payload: messageToWire(msg) }, { payloadType: PAYLOAD_TYPES.header, payload: headerToWire(header) }])
  return { envelope: envelopeToWire(env), header }
}

const flipped = (bytes: Uint8Array, at: number): Uint8Array => { const c = Uint8Array.from(bytes); c[at] ^= 1; return c }

describe('a header signed here', () => {
  it('is what decoding its bytes gives, with an auditor, without one, and with an empty one', () => {
    for (const over of [{}, { auditor: 'agent-c' }, { auditor: '' }, { thread: 't-1', expiresAtMs: Date.now() + 60_000 }]) {
      const { envelope, header } = signedHeader(over)
      expect(headerFromWire(envelopeFromWire(envelope).payload)).toStrictEqual(header)
      const opened = openHeader(envelope)
      expect(opened.ok && opened.header).toStrictEqual(header)
    }
  })

  it('is given back for those very bytes, and for any other bytes only after they verify', () => {
    const { envelope, header } = signedHeader({})
    ownHeader(envelope, header)
    expect(openHeader(envelope, envelope)).toEqual({ ok: true, header })
    expect(openHeader(Uint8Array.from(envelope), envelope)).toEqual({ ok: true, header }) // equal bytes in another array

    // any byte of the signed envelope changed: never the remembered header, whichever byte it is
    const refused = new Set<string>()
    for (let at = 0; at < envelope.byteLength; at++) {
      const o = openHeader(flipped(envelope, at), envelope)
      expect(o.ok).toBe(false)
      if (!o.ok) refused.add(o.code)
    }
    expect(refused).toContain('HEADER_BAD_SIGNATURE')

    // a header held here that this node did not sign is decoded and checked as before
    const other = signedHeader({ to: 'agent-d' })
    const o = openHeader(other.envelope, other.envelope)
    expect(o.ok && o.header).toStrictEqual(other.header)
    expect(o.ok && o.header === other.header).toBe(false)
  })
})
