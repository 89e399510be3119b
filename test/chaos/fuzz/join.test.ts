// Fuzzing /aios-comm/join/1 as a joiner reaches it: frames written on a stream to serveJoin (the handler the
// daemon's stream handler calls) with its secret check and per-address guess limit — right, used and wrong secrets,
// generated and mutated admission requests and cards — and the invitation tokens a joiner parses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Connection, Stream } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { b64url, bytesEqual, keyText, sha256, signAdmissionRequest, keyPairFromSeed, verifyEndorsement } from '../../../cards/index.js'
import { envelopeFromWire, joinRequestFromWire, joinRequestToWire, joinResponseFromWire, type JoinResponseData } from '../../../proto/index.js'
import { serveJoin } from '../../../daemon/join/join-server.js'
import { GuessLimiter } from '../../../daemon/join/guess-limit.js'
import { encodeToken, parseToken } from '../../../daemon/join/token.js'
import { chaosLevel } from '../report.js'
import { FuzzTally, HANDLER_LIMIT_MS, fuzzParams, runFuzz, runFuzzAsync } from './harness.js'
import { bytesFor, mutatedJson } from './mutate.js'
import { openLink, readFrame } from './stream-link.js'
import { createWorld, hexOf, peerIdOf, type World } from './world.js'

const TIMEOUT = chaosLevel() === 'full' ? 3_600_000 : 60_000 // 100,000 frames over a stream: tens of minutes on two busy cores
const JOIN_CODES = new Set(['WIRE_MALFORMED', 'JOIN_NO_SEATS', 'REQUEST_MALFORMED', 'REQUEST_BAD_SIGNATURE', 'REQUEST_OTHER_MESH', 'HANDLE_CONFLICT',
  'CARD_REVOKED', 'CARD_MALFORMED', 'CARD_NOT_CANONICAL', 'CARD_NOT_ENDORSED', 'CARD_BAD_SIGNATURE', 'CARD_EXPIRED', 'CARD_STALE_SEQ',
  'JOIN_RATE_LIMITED', 'INVITE_INVALID', 'NO_ANSWER'])
const TOKEN_CODES = new Set(['INVITE_MALFORMED', 'INVITE_EXPIRED'])
const ADDRESSES = ['/ip4/10.0.0.1/tcp/4001', '/ip4/10.0.0.2/tcp/4001', '/ip6/fd00::3/tcp/4001']

describe('fuzz: join frames', () => {
  let w: World
  beforeAll(async () => { w = await createWorld() })
  afterAll(() => w?.close())

  it('never crash, never endorse without an open invitation or for a request its key did not sign', async () => {
    const conflict = signAdmissionRequest(keyPairFromSeed(new Uint8Array(32).fill(50)), w.owner.publicKey, 'agent-b', Date.now()) // another key for b
    const otherMesh = signAdmissionRequest(keyPairFromSeed(new Uint8Array(32).fill(51)), w.rogue.publicKey, 'agent-f', Date.now())
    const requests = [...w.admissions, conflict, otherMesh]
    const genuine = new Set(requests.map(hexOf))
    const cardBytes = w.cards.map(j => new TextEncoder().encode(j))
    const used = new Uint8Array(32).fill(70)
    w.ctx.store.invites.add(sha256(used), Date.now(), Date.now() + 86_400_000)
    w.ctx.store.invites.use(sha256(used), w.b.peerId, Date.now())
    const frame = (secret: fc.Arbitrary<Uint8Array>): fc.Arbitrary<Uint8Array> => fc.record({
      secret,
      // the seat a joiner asks for (agent-e, free), one another key holds (agent-b), or any mix of genuine, conflicting, foreign and mutated requests
      requests: fc.oneof({ weight: 2, arbitrary: fc.constant([w.admissions[1]]) }, { weight: 1, arbitrary: fc.constant([conflict]) }, { weight: 3, arbitrary: fc.array(fc.oneof(fc.constantFrom(...requests), bytesFor(requests)), { maxLength: 3 }) }),
      cards: fc.array(fc.oneof(fc.constantFrom(...cardBytes), bytesFor(cardBytes)), { maxLength: 2 })
    }).map(r => joinRequestToWire({ ...r, requests: [...r.requests] }))
    // the secret: 0 an invitation opened for this input, 1 a used one, 2 any bytes
    const secretKind = fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(1) }, { weight: 3, arbitrary: fc.constant(2) })
    const sent = fc.record({
      kind: secretKind,
      guess: fc.uint8Array({ maxLength: 40 }),
      first: fc.oneof({ weight: 4, arbitrary: frame(fc.constant(new Uint8Array(0))) }, { weight: 1, arbitrary: frame(fc.constant(new Uint8Array(0))).chain(f => bytesFor([f])) }),
      second: fc.oneof({ weight: 4, arbitrary: frame(fc.constant(new Uint8Array(0))) }, { weight: 1, arbitrary: fc.constant(undefined) }),
      // the joiner: the node hosting b (its cards name it) or a stranger; where it comes from; time since the last join
      peer: fc.constantFrom(0, 1),
      address: fc.constantFrom(...ADDRESSES),
      tickMs: fc.nat({ max: 2000 }),
      n: fc.nat()
    })
    let clockMs = 0
    const guesses = new GuessLimiter(() => clockMs)
    const peers = [w.b.peerId, await peerIdOf(9)]
    const j = { joining: new Set<string>(), guesses, addresses: () => ['/ip4/127.0.0.1/tcp/4001'] }
    const t = new FuzzTally('join', 'join frames', JOIN_CODES, HANDLER_LIMIT_MS)
    let opened = 0
    /** Sets the secret of a frame (or of bytes that no longer decode, which are sent as they are). */
    const withSecret = (bytes: Uint8Array, secret: Uint8Array): Uint8Array => {
      try {
        return joinRequestToWire({ ...joinRequestFromWire(bytes), secret })
      } catch {
        return bytes
      }
    }
    const answerOf = (bytes: Uint8Array | undefined): JoinResponseData | undefined => {
      if (bytes === undefined) return undefined
      const res = joinResponseFromWire(bytes)
      if (res.errorCode === 'JOIN_FAILED') t.crash(`serveJoin failed: ${res.errorMessage}`)
      return res
    }
    await runFuzzAsync(t, async () => {
      await fc.assert(fc.asyncProperty(sent, t.timedAsync(async ({ kind, guess, first, second, peer, address, tickMs, n }) => {
        clockMs += tickMs
        let secret: Uint8Array = guess
        if (kind === 0) {
          secret = sha256(new TextEncoder().encode(`invitation ${opened++} ${n}`))
          w.ctx.store.invites.add(sha256(secret), Date.now(), Date.now() + 86_400_000)
        } else if (kind === 1) secret = used
        const bytes = withSecret(first, secret)
        const host = ADDRESSES.indexOf(address)
        const limitedBefore = !guesses.allows(multiaddr(address).getComponents().find(c => c.name === 'ip4' || c.name === 'ip6')?.value ?? '')
        const link = await openLink((stream: Stream, connection: Connection) => serveJoin(w.core, stream, connection, j), peers[peer], address)
        let res: JoinResponseData | undefined
        let last: JoinResponseData | undefined
        await t.outcomeAsync(async () => {
          await link.lp.write(bytes)
          res = answerOf(await readFrame(link))
          last = res
          if (res !== undefined && res.errorCode === undefined) {
            if (second === undefined) await link.stream.close()
            else {
              await link.lp.write(second)
              last = answerOf(await readFrame(link))
            }
          }
          await link.served
          await link.stream.close().catch(() => {}) // the joiner's side too, as a joiner does (an open stream pair is never freed)
          if (link.failure() !== undefined) t.crash(`serveJoin failed: ${String(link.failure())}`)
          const code = last?.errorCode ?? (last === undefined ? 'NO_ANSWER' : undefined)
          return code === undefined ? { ok: true } : { ok: false, code }
        })
        if (res === undefined || res.endorsements.length === 0) return
        // endorsements only for an invitation opened and unused, from an address not over its guesses
        if (kind !== 0) t.forged(`join endorsed with a ${kind === 1 ? 'used' : 'wrong'} secret`)
        if (limitedBefore) t.forged(`join endorsed from ${ADDRESSES[host]} over its guesses`)
        // every endorsement is for a request its actor key signed, in this mesh
        const req = joinRequestFromWire(bytes)
        req.requests.forEach(r => {
          const signer = envelopeFromWire(r).signer
          if (!genuine.has(hexOf(r)) || bytesEqual(signer, w.rogue.publicKey)) t.forged(`admission request ${hexOf(r)}`)
        })
        for (const e of res.endorsements) if (!verifyEndorsement(e).ok) t.crash('an endorsement that does not verify')
        if (w.ctx.store.invites.isOpen(sha256(secret), Date.now())) t.forged('an invitation still open after its join')
      })), fuzzParams('join frames', 150))
    })
    expect(t.forgedAccepted).toBe(0)
    expect(t.seen.get('ok')).toBeGreaterThan(0)
    for (const code of ['HANDLE_CONFLICT', 'INVITE_INVALID', 'JOIN_RATE_LIMITED']) expect(t.seen.get(code), code).toBeGreaterThan(0)
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
    const t = new FuzzTally('join', 'invitation tokens', TOKEN_CODES)
    runFuzz(t, () => {
      fc.assert(fc.property(text, t.timed(s => {
        const { code, value } = t.run(() => parseToken(s))
        if (code !== 'ok' || value === undefined) return
        // what joinMesh does next with a parsed token must not throw
        peerIdFromString(value.peer)
        for (const a of value.addrs) multiaddr(a)
        if (value.secret.byteLength !== 32) t.crash('a parsed token with a short secret')
      })), fuzzParams('invitation tokens', 500))
    })
    expect(t.seen.get('ok')).toBeGreaterThan(0)
  }, TIMEOUT)
})
