// toWire/fromWire round trips for the wire types, and malformed bytes refused with WIRE_MALFORMED.
import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import protobuf from 'protobufjs/minimal.js'
import * as w from '../../proto/index.js'

describe('wire format', () => {
  it('round-trips a message with every field', () => {
    const m: w.MessageData = {
      id: new Uint8Array(randomBytes(16)),
      from: 'agent-a',
      to: 'agent-b',
      sentAtMs: 1_790_000_000_123,
      thread: 't1',
      replyTo: new Uint8Array(randomBytes(16)),
      contentType: 'text/plain',
      body: new TextEncoder().encode('hello'),
      require: 'COMPLETE',
      expiresAtMs: 1_790_000_100_000,
      attachments: [{ name: 'a.txt', contentType: 'text/plain', sha256: new Uint8Array(32).fill(7), size: 3, inline: new Uint8Array([1, 2, 3]) }],
      fromKey: new Uint8Array(32).fill(9)
    }
    expect(w.messageFromWire(w.messageToWire(m))).toEqual(m)
  })

  it('round-trips receipts in every state, with 64-bit times as numbers', () => {
    for (const state of ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'REJECTED'] as const) {
      const r: w.ReceiptData = {
        messageId: new Uint8Array(16).fill(1),
        messageHash: new Uint8Array(32).fill(2),
        actor: 'agent-b',
        state,
        atMs: 2 ** 45 + 17,
        note: 'done',
        evidence: { path: '/tmp/x', sha256: new Uint8Array(32).fill(3), size: 10 },
        code: state === 'REJECTED' ? 'NOT_MINE' : undefined,
        from: 'agent-a'
      }
      const back = w.receiptFromWire(w.receiptToWire(r))
      expect(back).toEqual(r)
      expect(typeof back.atMs).toBe('number')
    }
  })

  it('round-trips deliver and sync frames', () => {
    const req = { batchId: 7, messages: [new Uint8Array([1]), new Uint8Array([2, 3])], headers: [new Uint8Array([5]), new Uint8Array([6])], receipts: [new Uint8Array([4])], cards: [], handoffs: [{ message: new Uint8Array([7]), receipts: [new Uint8Array([8])], header: new Uint8Array([9]) }], evidence: [{ receiptHash: new Uint8Array(32).fill(4), content: new Uint8Array([5, 6]) }], audits: [{ message: new Uint8Array([10]), receipts: [new Uint8Array([11])], header: new Uint8Array([12]) }] }
    expect(w.deliverRequestFromWire(w.deliverRequestToWire(req))).toEqual(req)
    const res = { batchId: 7, results: [{ messageId: new Uint8Array([1]), receipt: new Uint8Array([4]), errorCode: undefined, errorMessage: undefined }], receiptResults: [{ receiptHash: new Uint8Array([9]), errorCode: 'RECEIPT_WRONG_SIGNER', errorMessage: 'x' }], error: undefined, handoffResults: [], auditResults: [{ messageId: new Uint8Array([2]), receipt: undefined, errorCode: 'AUDIT_BEFORE_COMPLETE', errorMessage: 'x' }] }
    expect(w.deliverResponseFromWire(w.deliverResponseToWire(res))).toEqual(res)
    const page = { facts: [{ seq: 3, kind: 'aios-comm/receipt', envelope: new Uint8Array([5]) }], head: 9, done: true }
    expect(w.syncPageFromWire(w.syncPageToWire(page))).toEqual(page)
    // flow control: a window in the request and in each page, and the acks
    const windowed = { ...page, window: 4 }
    expect(w.syncPageFromWire(w.syncPageToWire(windowed))).toEqual(windowed)
    for (const r of [{ since: 2 ** 40, limit: 0, tail: true, window: 4 }, { since: 1, limit: 10, tail: false }]) expect(w.syncRequestFromWire(w.syncRequestToWire(r))).toEqual(r)
    expect(w.syncAckFromWire(w.syncAckToWire({ pages: 1 }))).toEqual({ pages: 1 })
  })

  it('refuses malformed bytes with WIRE_MALFORMED, never another error', () => {
    const bad = [new Uint8Array([0xff, 0xff, 0xff]), new Uint8Array([0x0a, 0x10, 0x01]), new Uint8Array([0x22, 0x05, 1])]
    for (const b of bad) {
      for (const decode of [w.messageFromWire, w.receiptFromWire, w.envelopeFromWire, w.deliverRequestFromWire, w.syncPageFromWire, w.syncAckFromWire]) {
        try {
          decode(b)
        } catch (err) {
          expect(err).toBeInstanceOf(w.WireError)
          expect((err as w.WireError).code).toBe('WIRE_MALFORMED')
        }
      }
    }
    expect(() => w.receiptFromWire(w.receiptToWire({ messageId: new Uint8Array(1), messageHash: new Uint8Array(1), actor: 'a', state: 'READ', atMs: 1 }).map((b, i) => (i === 0 ? b : b)).slice(0, 3))).toThrow(w.WireError)
  })

  it('tells a receipt whose evidence carries content (the reserved field 4, in any wire type) from every other', () => {
    const head = w.receiptToWire({ messageId: new Uint8Array(16), messageHash: new Uint8Array(32), actor: 'agent-b', state: 'COMPLETE', atMs: 1 })
    const withEvidence = (extra: (x: protobuf.Writer) => protobuf.Writer): Uint8Array => {
      const evidence = extra(protobuf.Writer.create().uint32(0x0a).string('/e').uint32(0x12).bytes(new Uint8Array(32)).uint32(0x18).uint64(3)).finish()
      return new Uint8Array([...head, ...protobuf.Writer.create().uint32(0x3a).bytes(evidence).finish()])
    }
    expect(() => w.receiptFromWire(withEvidence(x => x.uint32(0x22).bytes(new Uint8Array([1, 2, 3]))))).toThrow(w.InlineEvidenceError)
    expect(() => w.receiptFromWire(withEvidence(x => x.uint32(0x20).uint32(7)))).toThrow(w.InlineEvidenceError)
    expect(w.receiptFromWire(withEvidence(x => x.uint32(0x4a).bytes(new Uint8Array([1])))).evidence).toEqual({ path: '/e', sha256: new Uint8Array(32), size: 3 })
    expect(w.receiptFromWire(withEvidence(x => x)).evidence).toEqual({ path: '/e', sha256: new Uint8Array(32), size: 3 })
  })
})
