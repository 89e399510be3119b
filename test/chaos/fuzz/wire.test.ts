// Fuzzing every decoder of the wire format (proto/index.ts fromWire), each a target with its own budget: generated
// bytes and mutations of valid encodings either decode or throw WireError (WIRE_MALFORMED) — the same way twice —
// and never anything else, but for a receipt whose evidence carries the reserved content field (EVIDENCE_INLINE).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import * as wire from '../../../proto/index.js'
import { chaosLevel } from '../report.js'
import { FuzzTally, fuzzParams, runFuzz } from './harness.js'
import { bytesFor } from './mutate.js'

const TIMEOUT = chaosLevel() === 'full' ? 900_000 : 60_000
const b = (n: number, fill = 1): Uint8Array => new Uint8Array(n).fill(fill)

// One valid encoding (at least) for each decoder.
const DECODERS: Array<[string, (bytes: Uint8Array) => unknown, Uint8Array[]]> = [
  ['envelope', wire.envelopeFromWire, [wire.envelopeToWire({ payloadType: 'aios-comm/message', payload: b(40), signer: b(32), signature: b(64) }),
    wire.envelopeToWire({ payloadType: 't', payload: b(3), signer: b(32), batch: { root: b(32), index: 2, count: 5, path: [b(32), b(32, 2)], signature: b(64) } })]],
  ['message', wire.messageFromWire, [wire.messageToWire({ id: b(16), from: 'agent-a', to: 'agent-b', sentAtMs: 1_700_000_000_000, thread: 't', replyTo: b(16), contentType: 'text/plain', body: b(20), require: 'COMPLETE', expiresAtMs: 1_800_000_000_000, attachments: [{ name: 'n', contentType: 'c', sha256: b(32), size: 3, inline: b(3) }], fromKey: b(32) })]],
  ['header', wire.headerFromWire, [wire.headerToWire({ messageId: b(16), from: 'agent-a', to: 'agent-b', sentAtMs: 1_700_000_000_000, payloadSha256: b(32), nonce: b(16), fromKey: b(32) })]],
  ['receipt', wire.receiptFromWire, [wire.receiptToWire({ messageId: b(16), messageHash: b(32), actor: 'agent-b', state: 'COMPLETE', atMs: 1, note: 'n', evidence: { path: '/p', sha256: b(32), size: 1 }, code: 'X', from: 'agent-a' })]],
  ['endorsement', wire.endorsementFromWire, [wire.endorsementToWire({ meshKey: b(32), handle: 'agent-a', actorKey: b(32), issuedAtMs: 1, expiresAtMs: 2 })]],
  ['revocation', wire.revocationFromWire, [wire.revocationToWire({ meshKey: b(32), actorKey: b(32), handle: 'agent-a', atMs: 1, reason: 'r' })]],
  ['admission', wire.admissionFromWire, [wire.admissionToWire({ meshKey: b(32), handle: 'agent-a', actorKey: b(32), createdAtMs: 1 })]],
  ['card fact', wire.cardFactFromWire, [wire.cardFactToWire(new TextEncoder().encode('{"name":"agent-a"}'))]],
  ['deliver request', wire.deliverRequestFromWire, [wire.deliverRequestToWire({ batchId: 7, messages: [b(50)], receipts: [b(40)], cards: [b(30)], handoffs: [{ message: b(20), receipts: [b(10)] }], evidence: [{ receiptHash: b(32), content: b(5) }] })]],
  ['deliver response', wire.deliverResponseFromWire, [wire.deliverResponseToWire({ batchId: 7, results: [{ messageId: b(16), receipt: b(30) }, { messageId: b(16), errorCode: 'X', errorMessage: 'y' }], receiptResults: [{ receiptHash: b(32), errorCode: 'Z' }], error: { code: 'E', message: 'm' }, handoffResults: [{ messageId: b(16) }] })]],
  ['fact', wire.factFromWire, [wire.factToWire({ seq: 9, kind: 'card', envelope: b(30) })]],
  ['sync request', wire.syncRequestFromWire, [wire.syncRequestToWire({ since: 5, limit: 10, tail: true })]],
  ['sync page', wire.syncPageFromWire, [wire.syncPageToWire({ facts: [{ seq: 1, kind: 'receipt', envelope: b(20) }], head: 3, done: true })]],
  ['stream error', wire.streamErrorFromWire, [wire.streamErrorToWire({ code: 'FRAME_MALFORMED', message: 'm' })]],
  ['join request', wire.joinRequestFromWire, [wire.joinRequestToWire({ secret: b(32), requests: [b(40)], cards: [b(30)] })]],
  ['join response', wire.joinResponseFromWire, [wire.joinResponseToWire({ endorsements: [b(40)], cards: [b(30)], bootstrap: ['/ip4/1.2.3.4/tcp/1'], errorCode: 'X', errorMessage: 'm' })]]
]

const FAST_RUNS = 300 // per decoder in npm test

describe('fuzz: wire decoders', () => {
  for (const [name, decode, samples] of DECODERS) {
    it(`${name}: decodes or throws WIRE_MALFORMED, the same twice`, () => {
      const t = new FuzzTally('wire decoders', `wire ${name}`, new Set(['WIRE_MALFORMED', 'EVIDENCE_INLINE']))
      runFuzz(t, () => {
        fc.assert(fc.property(bytesFor(samples), t.timed(bytes => { t.run(() => decode(bytes)) })), fuzzParams(`wire ${name}`, FAST_RUNS))
      })
      for (const s of samples) expect(() => decode(s)).not.toThrow() // valid encodings decode
      expect(t.seen.get('ok')).toBeGreaterThan(0)
      expect(t.seen.get('WIRE_MALFORMED')).toBeGreaterThan(0)
    }, TIMEOUT)
  }
})
