// Fuzzing /aios-comm/deliver/1 as a peer reaches it: frames written on a stream to serveDeliver (the handler the
// daemon's stream handler calls), so each goes through the frame reader, the trust check and the per-peer rate
// limit before handleDeliverFrame on a real home — from trusted peers, from a stranger, over the rate, and as raw
// stream bytes (broken length prefixes, truncated and oversized frames).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Connection, Stream } from '@libp2p/interface'
import { jcs, sha256, utf8 } from '../../../cards/index.js'
import { deliverRequestFromWire, deliverRequestToWire, deliverResponseFromWire, type DeliverRequestData, type DeliverResponseData } from '../../../proto/index.js'
import { serveDeliver } from '../../../daemon/delivery/deliver-server.js'
import { PeerRateLimiter } from '../../../daemon/delivery/peer-rate.js'
import { chaosLevel } from '../report.js'
import { createMesh, query } from '../../helpers/mesh.js'
import { homeKey, openDeliver, rawPeer, signedMessage } from '../../helpers/raw-peer.js'
import { FuzzTally, HANDLER_LIMIT_MS, fuzzParams, fuzzSeed, runFuzzAsync } from './harness.js'
import { signedItem } from './edits.js'
import { bytesFor } from './mutate.js'
import { openLink, readFrame, type StreamLink } from './stream-link.js'
import { createWorld, hexOf, peerIdOf, type World } from './world.js'

const TIMEOUT = chaosLevel() === 'full' ? 3_600_000 : 60_000 // 100,000 frames over a stream: tens of minutes on two busy cores
const TCP_FRAMES = chaosLevel() === 'full' ? 5000 : 100 // the real-socket companion of the target above
const STABLE_EVERY = 10 // a frame costs signature checks and a commit: the same-answer check runs on a sample
// A small rate on a clock the inputs move (0–2 ms each), so some frames are over it: 1 item/ms, a burst of 40 items.
const RATE_ITEMS_PER_SECOND = 1000
const RATE_BURST = 40
export const ITEM_CODES = new Set([
  'BAD_SIGNATURE', 'MESSAGE_MALFORMED', 'MESSAGE_TOO_LARGE', 'NOT_ENDORSED', 'NOT_HOSTED_HERE', 'EXPIRED', 'EQUIVOCATION',
  'CARD_REVOKED', 'CARD_EXPIRED', 'HANDLE_CONFLICT', 'RECEIPT_BAD_SIGNATURE', 'RECEIPT_MALFORMED', 'RECEIPT_UNKNOWN_MESSAGE',
  'RECEIPT_WRONG_MESSAGE', 'RECEIPT_WRONG_SIGNER', 'EVIDENCE_MISSING', 'EVIDENCE_HASH_MISMATCH', 'EVIDENCE_TOO_LARGE', 'HANDOFF_BAD_RECEIPT',
  'HEADER_MISSING', 'HEADER_MALFORMED', 'HEADER_BAD_SIGNATURE', 'HEADER_WRONG_ID', 'HEADER_MISMATCH', 'EVIDENCE_INLINE', 'EVIDENCE_UNEXPECTED',
  'FIELD_TOO_LARGE', 'RECEIPT_TOO_LARGE', 'RATE_LIMITED'
])
// codes a node closes a deliver stream with (the last frame on it)
const STREAM_CODES = new Set(['FRAME_MALFORMED', 'BATCH_TOO_LARGE', 'PEER_NOT_TRUSTED', 'FRAME_TOO_LARGE', 'FRAME_TRUNCATED'])
const FRAME_CODES = new Set([...STREAM_CODES, 'RATE_LIMITED', 'NO_ANSWER'])

/** Varint length prefix, as lpStream writes it. */
function lengthPrefixed (bytes: Uint8Array): Uint8Array {
  const len: number[] = []
  let n = bytes.byteLength
  do { len.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0)); n >>>= 7 } while (n > 0)
  return Buffer.concat([Uint8Array.from(len), bytes])
}

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

    // who sends: 0 and 1 are trusted peers (hosting b and c), 2 a stranger; raw bytes go on a fresh stream as they are
    const sent = fc.record({
      peer: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(0, 1) }, { weight: 1, arbitrary: fc.constant(2) }),
      tickMs: fc.nat({ max: 2 }),
      raw: fc.oneof({ weight: 19, arbitrary: fc.constant(undefined) }, {
        weight: 1,
        arbitrary: fc.oneof(
          frame.map(f => lengthPrefixed(f)).chain(f => bytesFor([f])), // a length prefix broken or not
          frame.map(f => lengthPrefixed(f).subarray(0, 1 + (f.byteLength >> 1))), // the stream ends inside a frame
          fc.constant(Uint8Array.from([0xff, 0xff, 0xff, 0x7f])) // a frame far over MAX_FRAME_BYTES
        )
      }),
      frame: input
    })

    const peers = [w.b.peerId, w.c.peerId, await peerIdOf(9)]
    let clockMs = 0
    const rate = new PeerRateLimiter(RATE_ITEMS_PER_SECOND, RATE_BURST, () => clockMs)
    const handler = (stream: Stream, connection: Connection): Promise<void> => serveDeliver(w.core, stream, connection, rate)
    const links = new Map<number, StreamLink>()
    const t = new FuzzTally('deliver', 'deliver frames', FRAME_CODES, HANDLER_LIMIT_MS)
    const stored = (): string => `${w.core.store.messages.countMessages()}/${w.core.store.facts.count()}`

    type Answer = { code: string, res?: DeliverResponseData, codes: string }
    /** Ends a link the node closed: its handler must have returned, not failed. */
    const ended = async (link: StreamLink, k?: number): Promise<void> => {
      if (k !== undefined) links.delete(k)
      await link.served
      await link.stream.close().catch(() => {}) // our side too, as a sender does
      if (link.failure() !== undefined) t.crash(`the deliver handler failed: ${String((link.failure() as Error)?.stack ?? link.failure())}`)
    }
    const decode = (bytes: Uint8Array): DeliverResponseData => {
      const res = deliverResponseFromWire(bytes)
      if (res.error !== undefined && !STREAM_CODES.has(res.error.code)) t.crash(`unknown stream code ${res.error.code}`)
      const codes = [...res.results, ...res.receiptResults, ...(res.handoffResults ?? [])].map(r => r.errorCode ?? 'ok')
      for (const c of codes) if (c !== 'ok' && !ITEM_CODES.has(c)) t.crash(`unknown item code ${c}`)
      for (const r of res.results) if (r.receipt !== undefined) genuineReceipts.add(hexOf(r.receipt)) // signed here, by a
      return res
    }
    const answerOf = (res: DeliverResponseData): Answer => {
      const codes = [...res.results, ...res.receiptResults, ...(res.handoffResults ?? [])].map(r => r.errorCode ?? 'ok')
      const limited = codes.length > 0 && codes.every(c => c === 'RATE_LIMITED')
      return { code: res.error?.code ?? (limited ? 'RATE_LIMITED' : 'ok'), res, codes: codes.join(',') }
    }
    /** One frame on the peer's long-lived stream (opened again after the node closed it), and its answer. */
    const send = async (k: number, bytes: Uint8Array): Promise<Answer> => {
      let link = links.get(k)
      if (link === undefined) {
        link = await openLink(handler, peers[k])
        links.set(k, link)
      }
      await link.lp.write(bytes)
      const got = await readFrame(link)
      if (got === undefined) {
        await ended(link, k)
        return t.crash('the stream ended without an answer')
      }
      const a = answerOf(decode(got))
      if (a.res?.error !== undefined) await ended(link, k)
      return a
    }
    /** Raw bytes on a fresh stream, the peer's side then closed: every answer is read, the handler must return. */
    const sendRaw = async (k: number, bytes: Uint8Array): Promise<Answer> => {
      const link = await openLink(handler, peers[k])
      link.stream.send(bytes)
      await link.stream.close()
      const answers: Answer[] = []
      for (let got = await readFrame(link); got !== undefined; got = await readFrame(link)) answers.push(answerOf(decode(got)))
      await ended(link)
      const last = answers[answers.length - 1]
      return last === undefined ? { code: 'NO_ANSWER', codes: '' } : last
    }

    const items = new Map<string, number>()
    await runFuzzAsync(t, async () => {
      await fc.assert(fc.asyncProperty(sent, t.timedAsync(async ({ peer, tickMs, raw, frame: bytes }) => {
        clockMs += tickMs
        const before = stored()
        let a: Answer | undefined
        const first = await t.outcomeAsync(async () => {
          a = raw !== undefined ? await sendRaw(peer, raw) : await send(peer, bytes)
          return a.code === 'ok' ? { ok: true } : { ok: false, code: a.code }
        })
        if (a === undefined) return
        for (const c of a.codes.split(',')) if (c !== '') items.set(c, (items.get(c) ?? 0) + 1)
        // a stranger, a frame over the rate, a stream closed: nothing is stored
        if ((peer === 2 || first !== 'ok') && stored() !== before) t.forged(`a frame answered ${first} (peer ${peer}) that changed the store`)
        if (peer === 2 && raw === undefined && !['PEER_NOT_TRUSTED', 'FRAME_MALFORMED', 'BATCH_TOO_LARGE'].includes(first)) t.forged(`a stranger's frame answered ${first}`)
        if (first !== 'ok' || raw !== undefined || a.res === undefined) return
        const req = deliverRequestFromWire(bytes)
        const res = a.res
        if (t.inputs % STABLE_EVERY === 0) {
          const b = await send(peer, bytes) // the same frame again (unless now over the rate) has the same answers
          if (b.code !== 'RATE_LIMITED' && a.codes !== b.codes) t.crash(`unstable answer: ${a.codes} then ${b.codes}`)
        }
        res.results.forEach((r, i) => { if (r.receipt !== undefined && !genuineMessages.has(hexOf(req.messages[i]))) t.forged(`message ${hexOf(req.messages[i])}`) })
        res.receiptResults.forEach((r, i) => { if (r.errorCode === undefined && !genuineReceipts.has(hexOf(req.receipts[i]))) t.forged(`receipt ${hexOf(req.receipts[i])}`) })
        ;(res.handoffResults ?? []).forEach((r, i) => { if (r.errorCode === undefined && !genuineMessages.has(hexOf((req.handoffs ?? [])[i].message))) t.forged('handoff') })
        if (req.cards.length > 0) {
          const held = w.ctx.store.identity.card('agent-b')
          if (held !== undefined && !genuineCards.has(jcs(JSON.parse(held.json)))) t.forged(`card ${held.json.slice(0, 100)}`)
        }
      })), fuzzParams('deliver frames', 150))
    })
    for (const link of links.values()) { await link.stream.close(); await ended(link) } // the peers hang up
    console.log(`fuzz deliver frames: item answers ${JSON.stringify(Object.fromEntries(items))}`)
    expect(t.forgedAccepted).toBe(0)
    expect(t.seen.get('ok')).toBeGreaterThan(0)
    expect(t.seen.get('RATE_LIMITED')).toBeGreaterThan(0)
    expect(t.seen.get('PEER_NOT_TRUSTED')).toBeGreaterThan(0)
    expect(w.ctx.store.identity.card('agent-b')?.seq).toBe(3) // no rollback
  }, TIMEOUT)

  it(`over TCP into a real daemon: ${TCP_FRAMES} frames answered with known codes, nothing forged stored, the daemon keeps serving`, async () => {
    const [a, c] = await createMesh(2, { start: false }) // c's daemon never runs: its keys are the peer's
    await a.daemon.start()
    const peer = await rawPeer(c.home) // a trusted node's keys, as a compromised node would hold them
    const key = homeKey(c.home, 'keys/agent-b.key')
    const genuine = [0, 1, 2].map(i => signedMessage(key, { from: 'agent-b', to: 'agent-a', body: utf8(`m${i}`) }))
    const ids = new Set(genuine.map(g => hexOf(g.msg.id)))
    const item = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...genuine).map(g => ({ m: g.bytes, h: g.header })) },
      { weight: 3, arbitrary: fc.tuple(bytesFor(genuine.map(g => g.bytes)), bytesFor(genuine.map(g => g.header))).map(([m, h]) => ({ m, h })) }
    )
    const frame = fc.record({ batchId: fc.nat(), items: fc.array(item, { maxLength: 4 }) })
      .map(r => deliverRequestToWire({ batchId: r.batchId, messages: r.items.map(x => x.m), headers: r.items.map(x => x.h), receipts: [], cards: [] }))
    const frames = fc.sample(fc.oneof({ weight: 4, arbitrary: frame }, { weight: 1, arbitrary: frame.chain(f => bytesFor([f])) }), { numRuns: TCP_FRAMES, seed: fuzzSeed() })
    console.log(`fuzz deliver frames over TCP: seed ${fuzzSeed()}, ${TCP_FRAMES} frames`)
    const t = new FuzzTally('deliver', 'deliver frames over TCP', FRAME_CODES, HANDLER_LIMIT_MS)
    let s = await openDeliver(peer, a.daemon.peerId, a.port)
    await runFuzzAsync(t, async () => {
      for (const bytes of frames) {
        await t.timedAsync(async () => {
          await t.outcomeAsync(async () => {
            await s.write(lengthPrefixed(bytes))
            const res = await s.read()
            if (res === undefined) return t.crash('the stream ended without an answer')
            if (res.error !== undefined) {
              if (!STREAM_CODES.has(res.error.code)) t.crash(`unknown stream code ${res.error.code}`)
              await s.raw.close().catch(() => s.raw.abort(new Error('closed'))) // ours too, as a sender does: a connection holds 64 streams at most
              s = await openDeliver(peer, a.daemon.peerId, a.port)
              return { ok: false, code: res.error.code }
            }
            for (const r of [...res.results, ...res.receiptResults]) if (r.errorCode !== undefined && !ITEM_CODES.has(r.errorCode)) t.crash(`unknown item code ${r.errorCode}`)
            return { ok: true }
          })
        })()
      }
      // only the genuine messages are stored, and the daemon still serves
      for (const m of query<{ id: Buffer }>(a.home, 'SELECT id FROM messages')) if (!ids.has(hexOf(new Uint8Array(m.id)))) t.forged(`message ${hexOf(new Uint8Array(m.id))}`)
      if (!a.daemon.running) t.crash('the daemon died')
      expect((await a.daemon.call('node.status')).peerId).toBe(a.daemon.peerId)
    })
    expect(t.seen.get('ok')).toBeGreaterThan(0)
  }, TIMEOUT)
})
