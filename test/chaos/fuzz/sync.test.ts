// Fuzzing /aios-comm/sync/1 as the daemon runs it on received bytes: the request a server reads, and the pages
// a client reads, whose facts go through the same applyFact (under the group commit) as a real sync session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { jcs } from '../../../cards/index.js'
import { syncPageFromWire, syncPageToWire, syncRequestFromWire, syncRequestToWire, type FactData } from '../../../proto/index.js'
import { applyFact, type FactVerdict } from '../../../daemon/sync/apply.js'
import { syncLimit, syncWindow } from '../../../daemon/sync/sync-server.js'
import { MAX_SYNC_WINDOW, SYNC_PAGE_FACTS } from '../../../daemon/sync/constants.js'
import { chaosLevel } from '../report.js'
import { FuzzTally, HANDLER_LIMIT_MS, fuzzParams, runFuzz, runFuzzAsync } from './harness.js'
import { signedItem } from './edits.js'
import { bytesFor } from './mutate.js'
import { card, createWorld, hexOf, type World } from './world.js'

const TIMEOUT = chaosLevel() === 'full' ? 900_000 : 60_000
const FACT_CODES = new Set([
  'WIRE_MALFORMED', 'FACT_UNKNOWN_KIND', 'CARD_MALFORMED', 'CARD_NOT_CANONICAL', 'CARD_NOT_ENDORSED', 'CARD_BAD_SIGNATURE', 'CARD_REVOKED',
  'CARD_EXPIRED', 'RECEIPT_BAD_SIGNATURE', 'RECEIPT_MALFORMED', 'RECEIPT_WRONG_MESSAGE', 'RECEIPT_WRONG_SIGNER', 'RECEIPT_CONFLICT',
  'EVIDENCE_MISSING', 'EVIDENCE_HASH_MISMATCH', 'EVIDENCE_TOO_LARGE', 'EVIDENCE_INLINE', 'ENDORSEMENT_MALFORMED', 'ENDORSEMENT_BAD_SIGNATURE',
  'REVOCATION_MALFORMED', 'REVOCATION_BAD_SIGNATURE', 'HEADER_MISSING', 'HEADER_MALFORMED', 'HEADER_BAD_SIGNATURE', 'HEADER_WRONG_ID',
  'HEADER_WRONG_SENDER', 'FIELD_TOO_LARGE', 'RECEIPT_TOO_LARGE', 'FACT_TOO_LARGE'
])

describe('fuzz: sync frames', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  it('a sync request never crashes the server and always gives a page size and a window in bounds', () => {
    const t = new FuzzTally('sync', 'sync requests', new Set(['WIRE_MALFORMED']))
    const valid = [syncRequestToWire({ since: 0, limit: 0, tail: true }), syncRequestToWire({ since: 2 ** 40, limit: 100_000, tail: false }), syncRequestToWire({ since: 5, limit: 0, tail: true, window: 4 })]
    runFuzz(t, () => {
      fc.assert(fc.property(bytesFor(valid), t.timed(bytes => {
        const { code, value } = t.run(() => {
          const req = syncRequestFromWire(bytes)
          return { limit: syncLimit(req), window: syncWindow(req) }
        })
        if (code !== 'ok' || value === undefined) return
        if (!(value.limit >= 1 && value.limit <= SYNC_PAGE_FACTS)) t.crash(`page size ${value.limit} out of bounds`)
        if (!(Number.isInteger(value.window) && value.window >= 0 && value.window <= MAX_SYNC_WINDOW)) t.crash(`window ${value.window} out of bounds`)
      })), fuzzParams('sync requests', 500))
    })
  }, TIMEOUT)

  it('pages of generated and mutated facts: never crash, never apply a forged fact, never roll a card back', async () => {
    const keys = { rogue: w.rogue, others: [w.c.key] }
    const cards = [...w.cards, card(w.owner, w.b, 4, Date.now())]
    const genuineCards = new Set(cards.map(j => jcs(JSON.parse(j))))
    const genuine = new Set([...w.receipts, ...w.revocations, ...w.endorsements].map(hexOf))
    const cardBytes = cards.map(j => new TextEncoder().encode(j))
    const facts: fc.Arbitrary<FactData> = fc.oneof(
      fc.record({ seq: fc.nat(), kind: fc.constant('card'), envelope: fc.oneof(fc.constantFrom(...cardBytes), bytesFor(cardBytes)) }),
      fc.record({ seq: fc.nat(), kind: fc.constant('receipt'), envelope: signedItem(w.receipts, 'receipt', keys) }),
      fc.record({ seq: fc.nat(), kind: fc.constantFrom('revocation', 'endorsement'), envelope: bytesFor([...w.revocations, ...w.endorsements]) }),
      fc.record({ seq: fc.nat(), kind: fc.string({ maxLength: 12 }), envelope: fc.uint8Array({ maxLength: 32 }) })
    )
    const page = fc.record({ facts: fc.array(facts, { maxLength: 4 }), head: fc.nat(), done: fc.boolean() }).map(syncPageToWire)
    const input = fc.oneof({ weight: 3, arbitrary: page }, { weight: 1, arbitrary: page.chain(p => bytesFor([p])) })
    const t = new FuzzTally('sync', 'sync pages', FACT_CODES, HANDLER_LIMIT_MS)
    let seqB = w.ctx.store.identity.card('agent-b')?.seq ?? 0
    await runFuzzAsync(t, async () => {
      await fc.assert(fc.asyncProperty(input, t.timedAsync(async bytes => {
        let verdicts: FactVerdict[] = []
        let got: FactData[] = []
        await t.outcomeAsync(async () => {
          got = syncPageFromWire(bytes).facts
          const now = Date.now()
          verdicts = await w.core.store.commit.run(() => got.map(f => applyFact(w.core, f.kind, f.envelope, now)))
        })
        verdicts.forEach((v, i) => {
          if (v.verdict === 'reject' && !FACT_CODES.has(v.code)) t.crash(`unknown fact code ${v.code}`)
          if (v.verdict !== 'new') return
          const f = got[i]
          if (f.kind === 'card') {
            const held = w.ctx.store.identity.card(JSON.parse(Buffer.from(f.envelope).toString('utf8')).name)
            if (held === undefined || !genuineCards.has(jcs(JSON.parse(held.json)))) t.forged('card')
          } else if (!genuine.has(hexOf(f.envelope))) t.forged(`${f.kind} ${hexOf(f.envelope)}`)
        })
        const now = w.ctx.store.identity.card('agent-b')?.seq ?? 0
        if (now < seqB) t.forged(`card of agent-b rolled back from seq ${seqB} to ${now}`)
        seqB = now
      })), fuzzParams('sync pages', 400))
    })
    expect(t.forgedAccepted).toBe(0)
  }, TIMEOUT)
})
