// Fuzzing /aios-comm/join/1 as the inviting owner runs it on received bytes (the request frame, each admission
// request, each card the joiner brings) and the invitation tokens a joiner parses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { b64url, bytesEqual, keyText, signAdmissionRequest, keyPairFromSeed } from '../../../cards/index.js'
import { envelopeFromWire, joinRequestFromWire, joinRequestToWire } from '../../../proto/index.js'
import { endorseRequests, joinerCard } from '../../../daemon/join/admit.js'
import { encodeToken, parseToken } from '../../../daemon/join/token.js'
import { chaosLevel } from '../report.js'
import { FuzzTally, fuzzParams, runFuzz } from './harness.js'
import { bytesFor, mutatedJson } from './mutate.js'
import { createWorld, hexOf, type World } from './world.js'

const TIMEOUT = chaosLevel() === 'full' ? 900_000 : 60_000
const JOIN_CODES = new Set(['WIRE_MALFORMED', 'JOIN_NO_SEATS', 'REQUEST_MALFORMED', 'REQUEST_BAD_SIGNATURE', 'REQUEST_OTHER_MESH', 'HANDLE_CONFLICT', 'CARD_REVOKED', 'CARD_MALFORMED'])
const TOKEN_CODES = new Set(['INVITE_MALFORMED', 'INVITE_EXPIRED'])

describe('fuzz: join frames', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  it('never crash, never endorse a request its key did not sign, answer the same code twice', () => {
    const conflict = signAdmissionRequest(keyPairFromSeed(new Uint8Array(32).fill(50)), w.owner.publicKey, 'agent-b', Date.now()) // another key for b
    const otherMesh = signAdmissionRequest(keyPairFromSeed(new Uint8Array(32).fill(51)), w.rogue.publicKey, 'agent-f', Date.now())
    const requests = [...w.admissions, conflict, otherMesh]
    const genuine = new Set(requests.map(hexOf))
    const cardBytes = w.cards.map(j => new TextEncoder().encode(j))
    const frame = fc.record({
      secret: fc.uint8Array({ maxLength: 40 }),
      requests: fc.array(fc.oneof(fc.constantFrom(...requests), bytesFor(requests)), { maxLength: 3 }),
      cards: fc.array(fc.oneof(fc.constantFrom(...cardBytes), bytesFor(cardBytes)), { maxLength: 2 })
    }).map(joinRequestToWire)
    const input = fc.oneof({ weight: 3, arbitrary: frame }, { weight: 1, arbitrary: frame.chain(f => bytesFor([f])) }, { weight: 1, arbitrary: fc.constant(joinRequestToWire({ secret: new Uint8Array(32), requests: Array(65).fill(requests[0]), cards: [] })) })
    const t = new FuzzTally('join frames', JOIN_CODES)
    // what serveJoin runs on the bytes: decode, endorse every request, check the joiner's cards (signing is the
    // owner's own act and so is not repeated for the same-answer check)
    const answer = (bytes: Uint8Array): unknown => {
      const req = joinRequestFromWire(bytes)
      for (const c of req.cards) {
        const card = joinerCard(c, w.b.peerId)
        if (!card.ok) return card
      }
      const admitted = endorseRequests(w.core, w.owner, req.requests, 1_700_000_000_000)
      if (!admitted.ok) return admitted
      // every endorsement is for a request its actor key signed, in this mesh
      req.requests.forEach(r => {
        const signer = envelopeFromWire(r).signer
        if (!genuine.has(hexOf(r)) || bytesEqual(signer, w.rogue.publicKey)) t.forged(`admission request ${hexOf(r)}`)
      })
      return admitted
    }
    runFuzz(t, () => {
      fc.assert(fc.property(input, bytes => { t.run(() => answer(bytes), 4) }), fuzzParams('join frames', 500))
    })
    expect(t.forgedAccepted).toBe(0)
    expect(t.seen.get('ok')).toBeGreaterThan(0)
    expect(t.seen.get('HANDLE_CONFLICT')).toBeGreaterThan(0)
  }, TIMEOUT)
})

describe('fuzz: invitation tokens', () => {
  it('parse to a token that can be dialed, or refuse with INVITE_MALFORMED or INVITE_EXPIRED', () => {
    const mesh = keyText(keyPairFromSeed(new Uint8Array(32).fill(60)).publicKey)
    const peer = '12D3KooWDN7K2vo9rDBdpWGjDwMsQJaWvSqJxKZKg5ywyS42P8aq'
    const doc = { mesh, peer, addrs: ['/ip4/127.0.0.1/tcp/4001', '/dns4/example.org/tcp/4001'], secret: b64url(new Uint8Array(32).fill(7)), exp: Date.now() + 86_400_000 }
    const valid = encodeToken({ ...doc, secret: new Uint8Array(32).fill(7) })
    const encode = (json: string): string => 'aioscomm1.' + b64url(new TextEncoder().encode(json))
    const text = fc.oneof(
      fc.constant(valid),
      mutatedJson([doc]).map(encode), // a field dropped, swapped or replaced by any JSON value
      bytesFor([new TextEncoder().encode(valid)]).map(b => Buffer.from(b).toString('latin1')),
      bytesFor([new TextEncoder().encode(JSON.stringify(doc))]).map(b => 'aioscomm1.' + b64url(b)),
      fc.string({ maxLength: 80 })
    )
    const t = new FuzzTally('invitation tokens', TOKEN_CODES)
    runFuzz(t, () => {
      fc.assert(fc.property(text, s => {
        const { code, value } = t.run(() => parseToken(s))
        if (code !== 'ok' || value === undefined) return
        // what joinMesh does next with a parsed token must not throw
        peerIdFromString(value.peer)
        for (const a of value.addrs) multiaddr(a)
        if (value.secret.byteLength !== 32) t.crash('a parsed token with a short secret')
      }), fuzzParams('invitation tokens', 1000))
    })
    expect(t.seen.get('ok')).toBeGreaterThan(0)
  }, TIMEOUT)
})
