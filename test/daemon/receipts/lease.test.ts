// The lease rules as pure functions: a lease is the message's sender's word about this message and role; a step on
// role work counts only under a grant to its signer with its fence, signed before that grant ran out; the leases
// held add releases and newer grants; the tenures read from a set of lease facts do not depend on their order.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateKeyPair, sha256, signEnvelope, utf8, type KeyPair } from '../../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, type LeaseData, type ReceiptData } from '../../../proto/index.js'
import { checkLeaseStep, fenceRefusal, headerPayload, messageIdFor, openHeader, openLease, signLease, tenures } from '../../../daemon/receipts/index.js'

const sender = generateKeyPair()
const holderB = generateKeyPair()
const holderC = generateKeyPair()
const nonce = new Uint8Array(randomBytes(16))
const id = messageIdFor(sender.publicKey, nonce)
const messageHash = sha256(utf8('the message envelope'))
const header = envelopeToWire(signEnvelope(sender, PAYLOAD_TYPES.header, headerPayload(
  { id, from: 'agent-a', to: 'role:reviewer', sentAtMs: 1000, contentType: 'text/plain', body: utf8('review'), require: 'COMPLETE', fromKey: sender.publicKey },
  utf8('payload'), nonce)))
const headerData = (openHeader(header) as { ok: true, header: Parameters<typeof checkLeaseStep>[2] }).header

function lease (over: Partial<LeaseData> = {}, by: KeyPair = sender): Uint8Array {
  return signLease(by, {
    messageId: id, messageHash, role: 'reviewer', holder: 'agent-b', holderKey: holderB.publicKey, fence: 1, kind: 'GRANTED', atMs: 2000, expiresAtMs: 5000, header, ...over
  }).envelope
}

function step (over: Partial<ReceiptData> = {}): ReceiptData {
  return { messageId: id, messageHash, actor: 'agent-b', state: 'COMPLETE', atMs: 4000, from: 'agent-a', header, fence: 1, lease: lease(), ...over }
}

const opened = (bytes: Uint8Array): { lease: LeaseData, envelope: Uint8Array } => {
  const o = openLease(bytes)
  if (!o.ok) throw new Error(o.reason)
  return { lease: o.lease, envelope: bytes }
}

describe('a lease', () => {
  it('is the sender\'s: signed with the key of the header it carries, for that message and role', () => {
    expect(openLease(lease()).ok).toBe(true)
    // the holder signing itself a lease, with the sender's header inside
    expect(openLease(lease({}, holderB))).toMatchObject({ ok: false, code: 'LEASE_INVALID' })
    expect(openLease(lease({ role: 'builder' }))).toMatchObject({ ok: false, code: 'LEASE_INVALID' })
    expect(openLease(lease({ messageId: new Uint8Array(16) }))).toMatchObject({ ok: false, code: 'LEASE_INVALID' })
    expect(openLease(lease({ holder: 'no such handle!' }))).toMatchObject({ ok: false, code: 'LEASE_INVALID' })
    expect(openLease(lease({ fence: 0 }))).toMatchObject({ ok: false, code: 'LEASE_INVALID' })
    expect(openLease(new Uint8Array(5000))).toMatchObject({ ok: false, code: 'LEASE_INVALID' })
    expect(openLease(utf8('not a lease'))).toMatchObject({ ok: false, code: 'LEASE_INVALID' })
  })
})

describe('a step on role work', () => {
  it('counts under a grant to its signer, with its fence, signed before the grant ran out', () => {
    expect(checkLeaseStep(step(), holderB.publicKey, headerData)).toBeUndefined()
    expect(checkLeaseStep(step({ atMs: 5000 }), holderB.publicKey, headerData)).toBeUndefined()
    expect(checkLeaseStep(step({ lease: undefined }), holderB.publicKey, headerData)?.code).toBe('LEASE_REQUIRED')
    expect(checkLeaseStep(step({ fence: undefined }), holderB.publicKey, headerData)?.code).toBe('LEASE_REQUIRED')
    expect(checkLeaseStep(step({ atMs: 5001 }), holderB.publicKey, headerData)?.code).toBe('LEASE_EXPIRED')
    expect(checkLeaseStep(step({ fence: 2 }), holderB.publicKey, headerData)?.code).toBe('LEASE_NOT_HELD')
    // another seat carrying b's lease, and b's lease carried by a receipt c signed
    expect(checkLeaseStep(step({ actor: 'agent-c' }), holderC.publicKey, headerData)?.code).toBe('LEASE_NOT_HELD')
    expect(checkLeaseStep(step(), holderC.publicKey, headerData)?.code).toBe('LEASE_NOT_HELD')
    expect(checkLeaseStep(step({ lease: lease({ kind: 'RELEASED' }) }), holderB.publicKey, headerData)?.code).toBe('LEASE_NOT_HELD')
    // a lease for other content of the same id, or forged by the holder
    expect(checkLeaseStep(step({ lease: lease({ messageHash: sha256(utf8('other')) }) }), holderB.publicKey, headerData)?.code).toBe('LEASE_INVALID')
    expect(checkLeaseStep(step({ lease: lease({}, holderB) }), holderB.publicKey, headerData)?.code).toBe('LEASE_INVALID')
  })

  it('is refused when the leases held show it signed after a release or a newer grant', () => {
    const grant1 = opened(lease())
    const release1 = opened(lease({ kind: 'RELEASED', atMs: 3000, expiresAtMs: 3000 }))
    const grant2 = opened(lease({ holder: 'agent-c', holderKey: holderC.publicKey, fence: 2, atMs: 3500, expiresAtMs: 9000 }))
    expect(fenceRefusal(step({ atMs: 2500 }), tenures([grant1, release1, grant2]))).toBeUndefined()
    expect(fenceRefusal(step({ atMs: 3000 }), tenures([grant1, release1]))?.code).toBe('LEASE_RELEASED')
    expect(fenceRefusal(step({ atMs: 3600 }), tenures([grant1, grant2]))?.code).toBe('LEASE_FENCE_STALE')
    expect(fenceRefusal(step({ atMs: 3600, fence: 2, actor: 'agent-c' }), tenures([grant1, release1, grant2]))).toBeUndefined()
  })

  it('tenures: a renewal keeps the fence and moves the expiry; the order facts arrive in does not matter', () => {
    const facts = [
      opened(lease()),
      opened(lease({ atMs: 4000, expiresAtMs: 8000 })),
      opened(lease({ kind: 'RELEASED', atMs: 6000, expiresAtMs: 6000 })),
      opened(lease({ holder: 'agent-c', holderKey: holderC.publicKey, fence: 2, atMs: 6500, expiresAtMs: 9000 }))
    ]
    const want = tenures(facts)
    expect(want.map(t => [t.fence, t.holder, t.grantedAtMs, t.expiresAtMs, t.releasedAtMs])).toEqual([[1, 'agent-b', 2000, 8000, 6000], [2, 'agent-c', 6500, 9000, undefined]])
    for (let i = 0; i < 24; i++) {
      const shuffled = [...facts].sort(() => Math.random() - 0.5)
      expect(tenures(shuffled)).toEqual(want)
    }
  })
})
