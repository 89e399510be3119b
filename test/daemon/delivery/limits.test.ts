// The limits a deliver frame is held to on arrival: items per frame, the per-peer rate (a token bucket on a
// test clock), and evidence: never inside a receipt's signed payload, beside it only for the frame's receipts.
import { describe, expect, it } from 'vitest'
import { deliverRequestToWire } from '../../../proto/index.js'
import { frameCost, readDeliverFrame, MAX_BATCH_CARDS } from '../../../daemon/delivery/frame.js'
import { PeerRateLimiter } from '../../../daemon/delivery/peer-rate.js'
import { generateKeyPair, sha256 } from '../../../cards/index.js'
import { checkReceipt, signReceipt } from '../../../daemon/receipts/index.js'
import { MAX_BATCH_MESSAGES, MAX_EVIDENCE_CONTENT_BYTES } from '../../../daemon/messaging/index.js'
import { signedInlineReceipt, signedMessage } from '../../helpers/raw-peer.js'

const frame = (over: Partial<Parameters<typeof deliverRequestToWire>[0]>): Uint8Array =>
  deliverRequestToWire({ batchId: 1, messages: [], receipts: [], cards: [], ...over })

describe('deliver frames', () => {
  it('refuses frames over the item limits with BATCH_TOO_LARGE, and junk with FRAME_MALFORMED', () => {
    const item = new Uint8Array([1])
    expect(readDeliverFrame(frame({ messages: Array(MAX_BATCH_MESSAGES).fill(item) })).ok).toBe(true)
    for (const over of [{ messages: Array(MAX_BATCH_MESSAGES + 1).fill(item) }, { receipts: Array(MAX_BATCH_MESSAGES + 1).fill(item) },
      { cards: Array(MAX_BATCH_CARDS + 1).fill(item) }, { handoffs: Array(MAX_BATCH_MESSAGES + 1).fill({ message: item, receipts: [] }) },
      { handoffs: [{ message: item, receipts: Array(MAX_BATCH_MESSAGES + 1).fill(item) }] }]) {
      expect(readDeliverFrame(frame(over))).toMatchObject({ ok: false, code: 'BATCH_TOO_LARGE' })
    }
    expect(readDeliverFrame(new Uint8Array([0xff, 0xff, 0xff]))).toMatchObject({ ok: false, code: 'FRAME_MALFORMED' })
  })

  it('costs one per frame plus one per item', () => {
    expect(frameCost({ batchId: 1, messages: [new Uint8Array(1)], receipts: [], cards: [new Uint8Array(1)], handoffs: [{ message: new Uint8Array(1), receipts: [new Uint8Array(1)] }] })).toBe(5)
  })
})

describe('per-peer rate', () => {
  it('lets a burst through, then the rate, per peer', () => {
    let now = 0
    const r = new PeerRateLimiter(1000, 100, () => now)
    expect(r.take('p', 100)).toBe(true)
    expect(r.take('p', 1)).toBe(false) // bucket empty
    expect(r.take('q', 50)).toBe(true) // another peer has its own bucket
    now += 50 // 50 ms at 1000/s: 50 tokens
    expect(r.take('p', 60)).toBe(false)
    expect(r.take('p', 50)).toBe(true)
    expect(r.limitedFrames('p')).toBe(2)
    now += 10_000
    expect(r.take('p', 500)).toBe(true) // a frame larger than the burst passes on a full bucket
    expect(r.take('p', 1)).toBe(false)
  })
})

describe('evidence in receipts', () => {
  it('content inside a receipt\'s signed payload is EVIDENCE_INLINE (RECEIPT_TOO_LARGE past the receipt limit); path, sha256 and size alone verify', () => {
    const key = generateKeyPair()
    const sent = signedMessage(generateKeyPair(), { from: 'agent-a', to: 'agent-b' })
    const m = { id: sent.msg.id, hash: sha256(sent.bytes), to: 'agent-b', from: 'agent-a' }
    // the size is checked before anything is decoded, so content bigger than a receipt may be is refused as such
    for (const [content, code] of [[new Uint8Array(3), 'EVIDENCE_INLINE'], [new Uint8Array(8 * 1024), 'EVIDENCE_INLINE'], [new Uint8Array(MAX_EVIDENCE_CONTENT_BYTES + 1), 'RECEIPT_TOO_LARGE']] as const) {
      const data = { messageId: m.id, messageHash: m.hash, actor: 'agent-b', state: 'COMPLETE' as const, atMs: 1, header: sent.header, evidence: { path: '/e', sha256: sha256(content), size: content.byteLength } }
      expect(checkReceipt(signedInlineReceipt(key, data, content), m, key.publicKey)).toMatchObject({ ok: false, code })
      expect(checkReceipt(signReceipt(key, data).envelope, m, key.publicKey).ok).toBe(true)
    }
  })

  it('a frame carries evidence content for its receipts only, each counted against the rate', () => {
    const item = new Uint8Array([1])
    const content = { receiptHash: new Uint8Array(32), content: item }
    expect(readDeliverFrame(frame({ receipts: [item], evidence: [content] })).ok).toBe(true)
    expect(readDeliverFrame(frame({ receipts: [item], evidence: [content, content] }))).toMatchObject({ ok: false, code: 'BATCH_TOO_LARGE' })
    expect(frameCost({ batchId: 1, messages: [], receipts: [item], cards: [], evidence: [content] })).toBe(3)
  })
})
