// Seeded rows are real signed data: every message and receipt envelope verifies on its own (Merkle batch proof),
// the receipt names the message's hash, and rows survive the packing that carries them between threads.
import { describe, expect, it } from 'vitest'
import { generateKeyPair, sha256, verifyEnvelope } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire, messageFromWire, receiptFromWire } from '../../proto/index.js'
import { packRows, seedRows, unpackRows } from '../../bench/resources/seed-rows.js'

describe('seed rows', () => {
  const job = { from: { handle: 'agent-s', key: generateKeyPair() }, to: { handle: 'agent-r', key: generateKeyPair() }, bodyBytes: 50 }

  it('are individually verifiable messages with DELIVERED receipts bound to them', () => {
    const rows = seedRows(job, { first: 10, count: 300, startMs: 1_000_000 }) // two signing batches
    expect(rows).toHaveLength(300)
    expect(new Set(rows.map(r => Buffer.from(r.id).toString('hex'))).size).toBe(300)
    for (const r of [rows[0], rows[255], rows[256], rows[299]]) {
      const env = envelopeFromWire(r.envelope)
      expect(verifyEnvelope(env, PAYLOAD_TYPES.message).ok).toBe(true)
      const m = messageFromWire(env.payload)
      expect(m.id).toEqual(r.id)
      expect(m.from).toBe('agent-s')
      expect(r.hash).toEqual(sha256(r.envelope))
      const renv = envelopeFromWire(r.receipt)
      expect(verifyEnvelope(renv, PAYLOAD_TYPES.receipt).ok).toBe(true)
      expect(renv.signer).toEqual(job.to.key.publicKey)
      const receipt = receiptFromWire(renv.payload)
      expect(receipt.state).toBe('DELIVERED')
      expect(receipt.messageHash).toEqual(r.hash)
      expect(r.receiptHash).toEqual(sha256(r.receipt))
    }
    expect(rows[0].sentAtMs).toBe(1_000_000 + 10 * 10)
  })

  it('survive packing into one buffer', () => {
    const rows = seedRows(job, { first: 0, count: 20, startMs: 5 })
    const plain = (rs: typeof rows): unknown[] => rs.map(r => ({
      id: Buffer.from(r.id).toString('hex'),
      sentAtMs: r.sentAtMs,
      envelope: Buffer.from(r.envelope).toString('hex'),
      hash: Buffer.from(r.hash).toString('hex'),
      receipt: Buffer.from(r.receipt).toString('hex'),
      receiptHash: Buffer.from(r.receiptHash).toString('hex')
    }))
    expect(plain(unpackRows(packRows(rows)))).toEqual(plain(rows))
    expect(unpackRows(packRows([]))).toEqual([])
  })
})
