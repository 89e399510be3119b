// One encoding per signed envelope: bytes that decode to the same envelope but are not its canonical encoding
// (an unknown field appended, both proofs, fields out of order) are refused, so an envelope's hash names it.
import { describe, expect, it } from 'vitest'
import { generateKeyPair, signEnvelope, utf8 } from '../../cards/index.js'
import { WireError, envelopeFromWire, envelopeToWire } from '../../proto/index.js'

const env = signEnvelope(generateKeyPair(), 'aios-comm/message', utf8('hello'))
const bytes = envelopeToWire(env)

describe('canonical envelopes', () => {
  it('decodes its own encoding', () => {
    expect(envelopeFromWire(bytes)).toMatchObject({ payloadType: 'aios-comm/message', signature: env.signature })
  })

  it('refuses an unknown field appended to a valid signed envelope', () => {
    expect(() => envelopeFromWire(new Uint8Array([...bytes, 0x50, 0x01]))).toThrow(WireError) // field 10, varint 1
  })

  it('refuses a second payload_type field (the last would win) and both proofs at once', () => {
    expect(() => envelopeFromWire(new Uint8Array([...bytes, 0x0a, 0x01, 0x78]))).toThrow(WireError)
    const both = new Uint8Array([...bytes, 0x2a, 0x00]) // an empty batch after the signature
    expect(() => envelopeFromWire(both)).toThrow(WireError)
  })

  it('refuses fields out of order', () => {
    // signer (field 3) before payload_type (field 1): the same envelope, another encoding
    const signer = envelopeToWire({ payloadType: '', payload: new Uint8Array(0), signer: env.signer })
    const rest = envelopeToWire({ ...env, signer: new Uint8Array(0) })
    expect(() => envelopeFromWire(new Uint8Array([...signer, ...rest]))).toThrow(WireError)
  })
})
