// Fuzzing /aios-comm/deliver/1 as the daemon runs it on received bytes: readDeliverFrame, then the same
// handleDeliverFrame on a real home (cards, messages, receipts, handoffs), on generated and mutated frames.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { jcs, sha256 } from '../../../cards/index.js'
import { deliverRequestToWire, type DeliverRequestData } from '../../../proto/index.js'
import { handleDeliverFrame } from '../../../daemon/delivery/deliver-server.js'
import { readDeliverFrame } from '../../../daemon/delivery/frame.js'
import { chaosLevel } from '../report.js'
import { FuzzTally, fuzzParams, runFuzzAsync } from './harness.js'
import { signedItem } from './edits.js'
import { bytesFor } from './mutate.js'
import { createWorld, hexOf, type World } from './world.js'

const TIMEOUT = chaosLevel() === 'full' ? 900_000 : 60_000
const STABLE_EVERY = 10 // a frame costs signature checks and a commit: the same-answer check runs on a sample
export const ITEM_CODES = new Set([
  'BAD_SIGNATURE', 'MESSAGE_MALFORMED', 'MESSAGE_TOO_LARGE', 'NOT_ENDORSED', 'NOT_HOSTED_HERE', 'EXPIRED', 'EQUIVOCATION',
  'CARD_REVOKED', 'CARD_EXPIRED', 'HANDLE_CONFLICT', 'RECEIPT_BAD_SIGNATURE', 'RECEIPT_MALFORMED', 'RECEIPT_UNKNOWN_MESSAGE',
  'RECEIPT_WRONG_MESSAGE', 'RECEIPT_WRONG_SIGNER', 'EVIDENCE_MISSING', 'EVIDENCE_HASH_MISMATCH', 'EVIDENCE_TOO_LARGE', 'HANDOFF_BAD_RECEIPT',
  'HEADER_MISSING', 'HEADER_MALFORMED', 'HEADER_BAD_SIGNATURE', 'HEADER_WRONG_ID', 'HEADER_MISMATCH', 'EVIDENCE_INLINE', 'EVIDENCE_UNEXPECTED',
  'FIELD_TOO_LARGE', 'RECEIPT_TOO_LARGE'
])
const FRAME_CODES = new Set(['FRAME_MALFORMED', 'BATCH_TOO_LARGE', ...ITEM_CODES])

describe('fuzz: deliver frames', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  it('never crash, never store a forged message, receipt or card, answer the same codes twice', async () => {
    const keys = { rogue: w.rogue, others: [w.c.key] }
    const genuineMessages = new Set(w.messages.map(hexOf))
    const genuineReceipts = new Set(w.receipts.map(hexOf))
    const genuineCards = new Set(w.cards.map(j => jcs(JSON.parse(j))))
    const cardBytes = w.cards.map(j => new TextEncoder().encode(j))
    // a message goes with its own header (the genuine one for a genuine message), or with another or a mutated one
    const headerOf = new Map(w.messages.map((m, i) => [hexOf(m), w.headers[i]]))
    const header = (m: Uint8Array): fc.Arbitrary<Uint8Array> => fc.oneof(
      { weight: 8, arbitrary: fc.constant(headerOf.get(hexOf(m)) ?? w.headers[0]) },
      { weight: 2, arbitrary: signedItem(w.headers, 'header', keys) })
    const withHeader = signedItem(w.messages, 'message', keys).chain(m => header(m).map(h => ({ m, h })))
    const frame: fc.Arbitrary<Uint8Array> = fc.record({
      batchId: fc.nat(),
      messages: fc.array(withHeader, { maxLength: 4 }),
      receipts: fc.array(signedItem(w.receipts, 'receipt', keys), { maxLength: 4 }),
      cards: fc.oneof({ weight: 9, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(...cardBytes), bytesFor(cardBytes)), { maxLength: 2 }) }),
      handoffs: fc.array(fc.record({ item: withHeader, receipts: fc.array(signedItem(w.receipts, 'receipt', keys), { maxLength: 2 }) }), { maxLength: 1 }),
      // content beside a receipt: the right bytes, other bytes, for a receipt of the frame or another one
      evidence: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, {
        weight: 1,
        arbitrary: fc.array(fc.record({ receiptHash: fc.constantFrom(...w.receipts.map(r => sha256(r))), content: fc.oneof(fc.constant(w.evidence), fc.uint8Array({ maxLength: 64 })) }), { maxLength: 1 })
      })
    }).map(r => deliverRequestToWire({
      batchId: r.batchId,
      messages: r.messages.map(x => x.m),
      headers: r.messages.map(x => x.h),
      receipts: r.receipts,
      cards: [...r.cards],
      handoffs: r.handoffs.map(h => ({ message: h.item.m, header: h.item.h, receipts: h.receipts })),
      evidence: r.evidence
    } satisfies DeliverRequestData))
    const tooMany = fc.nat({ max: 3 }).map(k => deliverRequestToWire({ batchId: 1, messages: k === 0 ? Array(257).fill(w.messages[0]) : [], receipts: k === 1 ? Array(257).fill(w.receipts[0]) : [], cards: k === 2 ? Array(65).fill(cardBytes[0]) : [], handoffs: k === 3 ? Array(257).fill({ message: w.messages[0], receipts: [] }) : [] }))
    const input = fc.oneof({ weight: 6, arbitrary: frame }, { weight: 3, arbitrary: fc.oneof(frame, tooMany).chain(f => bytesFor([f])) }, { weight: 1, arbitrary: tooMany })

    const t = new FuzzTally('deliver frames', FRAME_CODES)
    const answer = async (bytes: Uint8Array): Promise<{ ok: boolean, code?: string, codes: string, req?: DeliverRequestData, res?: Awaited<ReturnType<typeof handleDeliverFrame>> }> => {
      const read = readDeliverFrame(bytes)
      if (!read.ok) return { ok: false, code: read.code, codes: read.code }
      const res = await handleDeliverFrame(w.core, read.req, w.b.peerId)
      const codes = [...res.results, ...res.receiptResults, ...(res.handoffResults ?? [])].map(r => r.errorCode ?? 'ok')
      for (const c of codes) if (c !== 'ok' && !ITEM_CODES.has(c)) t.crash(`unknown item code ${c}`)
      for (const r of res.results) if (r.receipt !== undefined) genuineReceipts.add(hexOf(r.receipt)) // signed here, by a
      return { ok: true, codes: codes.join(','), req: read.req, res }
    }
    const items = new Map<string, number>()
    await runFuzzAsync(t, async () => {
      await fc.assert(fc.asyncProperty(input, async bytes => {
        let a: Awaited<ReturnType<typeof answer>> | undefined
        const first = await t.outcomeAsync(async () => (a = await answer(bytes)))
        if (first !== 'ok' || a?.req === undefined || a.res === undefined) return
        if (t.inputs % STABLE_EVERY === 0) {
          const b = await answer(bytes)
          if (a.codes !== b.codes) t.crash(`unstable answer: ${a.codes} then ${b.codes}`)
        }
        for (const c of a.codes.split(',')) if (c !== '') items.set(c, (items.get(c) ?? 0) + 1)
        const { req, res } = a
        res.results.forEach((r, i) => { if (r.receipt !== undefined && !genuineMessages.has(hexOf(req.messages[i]))) t.forged(`message ${hexOf(req.messages[i])}`) })
        res.receiptResults.forEach((r, i) => { if (r.errorCode === undefined && !genuineReceipts.has(hexOf(req.receipts[i]))) t.forged(`receipt ${hexOf(req.receipts[i])}`) })
        ;(res.handoffResults ?? []).forEach((r, i) => { if (r.errorCode === undefined && !genuineMessages.has(hexOf((req.handoffs ?? [])[i].message))) t.forged('handoff') })
        if (req.cards.length > 0) {
          const held = w.ctx.store.identity.card('agent-b')
          if (held !== undefined && !genuineCards.has(jcs(JSON.parse(held.json)))) t.forged(`card ${held.json.slice(0, 100)}`)
        }
      }), fuzzParams('deliver frames', 250))
    })
    console.log(`fuzz deliver frames: item answers ${JSON.stringify(Object.fromEntries(items))}`)
    expect(t.forgedAccepted).toBe(0)
    expect(t.seen.get('ok')).toBeGreaterThan(0)
    expect(w.ctx.store.identity.card('agent-b')?.seq).toBe(3) // no rollback
  }, TIMEOUT)
})
