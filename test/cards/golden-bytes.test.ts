// Signatures, envelope bytes and hashes are part of the wire: fixed inputs must keep giving exactly these bytes.
import { describe, expect, it } from 'vitest'
import { concat, hex, keyPairFromSeed, sha256, signBatch, signEnvelope, signingInput, utf8, verifyEnvelope } from '../../cards/index.js'
import { lengthPrefixed, uvarint } from '../../cards/encoding.js'
import { envelopeFromWire, envelopeToWire, PAYLOAD_TYPES, type MessageData } from '../../proto/index.js'
import { BatchSigner } from '../../daemon/messaging/batch-signer.js'
import { headerPayload, messageIdFor, signReceipts, signReceipt, checkReceipt, checkHeaderFor } from '../../daemon/receipts/index.js'

const key = keyPairFromSeed(Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 3))
const other = keyPairFromSeed(Uint8Array.from({ length: 32 }, (_, i) => 255 - i))

/** A payload of n bytes that depends on its seed only. */
function bytes (n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n)
  let x = seed * 2654435761 >>> 0
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    out[i] = x >>> 24
  }
  return out
}

/** One digest of a list of byte strings, each length-delimited, so that any change in any of them shows. */
function digest (parts: Uint8Array[]): string {
  return hex(sha256(concat(parts.flatMap(p => [utf8(`${p.byteLength}:`), p]))))
}

const SIZES = [0, 1, 31, 32, 127, 128, 300, 1024, 16383, 16384, 70000]

describe('bytes given by fixed inputs (deterministic Ed25519, sha256, uvarint, protobuf)', () => {
  it('sha256, uvarint and length prefixes', () => {
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hex(sha256(utf8('a'), utf8('bc')))).toBe(hex(sha256(utf8('abc'))))
    expect(sha256(utf8('x'))).toBeInstanceOf(Uint8Array)
    expect(sha256(utf8('x')).byteLength).toBe(32)
    const ns = [0, 1, 127, 128, 255, 300, 16383, 16384, 2 ** 21 - 1, 2 ** 21, 2 ** 28, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 5, Number.MAX_SAFE_INTEGER]
    expect(ns.map(n => hex(uvarint(n))).join(' ')).toMatchSnapshot()
    expect(digest(SIZES.map((n, i) => lengthPrefixed(bytes(n, i), bytes(SIZES[(i + 3) % SIZES.length], i + 50), new Uint8Array(0))))).toMatchSnapshot()
    expect(digest(SIZES.map((n, i) => signingInput(`aios-comm/t${'x'.repeat(i * 20)}`, bytes(n, i))))).toMatchSnapshot()
  })

  it('single signatures and their envelopes', () => {
    const envs = SIZES.map((n, i) => envelopeToWire(signEnvelope(key, `aios-comm/t${i}`, bytes(n, i))))
    expect(digest(envs)).toMatchSnapshot()
    expect(hex(envs[2])).toMatchSnapshot()
    for (const e of envs) expect(verifyEnvelope(envelopeFromWire(e)).ok).toBe(true)
  })

  for (const n of [2, 3, 5, 8, 17, 512, 513]) {
    it(`a batch of ${n}: every envelope's bytes`, () => {
      const items = Array.from({ length: n }, (_, i) => ({ payloadType: i % 2 === 0 ? PAYLOAD_TYPES.message : PAYLOAD_TYPES.header, payload: bytes(SIZES[i % SIZES.length] % 2000, i + n) }))
      const wire = signBatch(key, items).map(envelopeToWire)
      expect(digest(wire)).toMatchSnapshot()
      expect(hex(wire[n - 1])).toMatchSnapshot()
      for (const w of wire) expect(verifyEnvelope(envelopeFromWire(w)).ok).toBe(true)
    })
  }

  it('a turn of two seats signed by the batch signer', () => {
    const signer = new BatchSigner()
    const got = Array.from({ length: 9 }, (_, i) => signer.add(i % 3 === 0 ? other : key, bytes(100 + i, i), i % 2 === 0 ? PAYLOAD_TYPES.message : PAYLOAD_TYPES.header))
    expect(digest(got.map(g => envelopeToWire(g())))).toMatchSnapshot()
  })

  it('message ids, headers and receipts (single and batched)', () => {
    const msgs: Array<{ msg: MessageData, payload: Uint8Array, header: Uint8Array, nonce: Uint8Array }> = []
    for (let i = 0; i < 6; i++) {
      const nonce = bytes(16, 900 + i)
      const msg: MessageData = { id: messageIdFor(key.publicKey, nonce), from: 'alice', to: 'bob', sentAtMs: 1_700_000_000_000 + i, contentType: 'text/plain', body: bytes(1024, i), require: 'DELIVERED', fromKey: key.publicKey }
      const payload = bytes(200 + i, 70 + i)
      const header = envelopeToWire(signEnvelope(key, PAYLOAD_TYPES.header, headerPayload(msg, payload, nonce)))
      expect(checkHeaderFor(header, msg, payload).ok).toBe(true)
      msgs.push({ msg, payload, header, nonce })
    }
    expect(digest(msgs.flatMap(m => [m.msg.id, m.header]))).toMatchSnapshot()
    const data = msgs.map((m, i) => ({ messageId: m.msg.id, messageHash: sha256(m.payload), actor: 'bob', state: 'DELIVERED' as const, atMs: 1_700_000_000_500 + i, from: 'alice', header: m.header }))
    const one = signReceipt(other, data[0])
    const many = signReceipts(other, data)
    expect(digest([one.envelope, one.hash, ...many.flatMap(r => [r.envelope, r.hash])])).toMatchSnapshot()
    many.forEach((r, i) => {
      const c = checkReceipt(r.envelope, { id: msgs[i].msg.id, hash: sha256(msgs[i].payload), from: 'alice', to: 'bob' }, other.publicKey)
      expect(c.ok).toBe(true)
      if (c.ok) expect(hex(c.hash)).toBe(hex(r.hash))
    })
  })
})
