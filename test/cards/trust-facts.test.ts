// Endorsements, revocations and admission requests: signed by the right key, refused when not.
import { describe, expect, it } from 'vitest'
import {
  checkEndorsement, generateKeyPair, keyText, renewalKey, signAdmissionRequest, signEndorsement, signRevocation,
  verifyAdmissionRequest, verifyEndorsement, verifyRevocation
} from '../../cards/index.js'

const mesh = generateKeyPair()
const other = generateKeyPair() // a second mesh the node also trusts
const actor = generateKeyPair()
const now = Date.now()

describe('trust facts', () => {
  it('an endorsement verifies and checks against the trusted meshes', () => {
    const bytes = signEndorsement(mesh, 'agent-a', actor.publicKey, now, 1)
    const v = verifyEndorsement(bytes)
    expect(v.ok && v.value.handle).toBe('agent-a')
    const trusted = { trustedMeshes: new Set([keyText(mesh.publicKey), keyText(other.publicKey)]), revocations: new Map<string, Set<string>>(), nowMs: now }
    expect(checkEndorsement(bytes, 'agent-a', actor.publicKey, trusted).ok).toBe(true)
    const code = (r: ReturnType<typeof checkEndorsement>): string => (r.ok ? 'ok' : r.code)
    expect(code(checkEndorsement(bytes, 'agent-b', actor.publicKey, trusted))).toBe('CARD_NOT_ENDORSED')
    expect(code(checkEndorsement(bytes, 'agent-a', actor.publicKey, { ...trusted, trustedMeshes: new Set([keyText(other.publicKey)]) }))).toBe('CARD_NOT_ENDORSED')
    expect(code(checkEndorsement(bytes, 'agent-a', actor.publicKey, { ...trusted, nowMs: now + 2 * 86_400_000 }))).toBe('CARD_EXPIRED')
    const revokedBy = (m: typeof mesh): Map<string, Set<string>> => new Map([[keyText(actor.publicKey), new Set([keyText(m.publicKey)])]])
    expect(code(checkEndorsement(bytes, 'agent-a', actor.publicKey, { ...trusted, revocations: revokedBy(mesh) }))).toBe('CARD_REVOKED')
    // another trusted mesh cannot revoke a key this mesh endorsed
    expect(code(checkEndorsement(bytes, 'agent-a', actor.publicKey, { ...trusted, revocations: revokedBy(other) }))).toBe('ok')
  })

  it('a renewal by the same mesh revives an expired endorsement; never a revoked key, another key or another mesh\'s', () => {
    const DAY = 86_400_000
    const expired = signEndorsement(mesh, 'agent-a', actor.publicKey, now - 2 * DAY, 1)
    const renewal = signEndorsement(mesh, 'agent-a', actor.publicKey, now, 30)
    const trusted = { trustedMeshes: new Set([keyText(mesh.publicKey), keyText(other.publicKey)]), revocations: new Map<string, Set<string>>(), nowMs: now }
    const withRenewals = (...r: Uint8Array[]): typeof trusted & { renewals: Map<string, Uint8Array[]> } => ({ ...trusted, renewals: new Map([[renewalKey('agent-a', keyText(actor.publicKey)), r]]) })
    const code = (r: ReturnType<typeof checkEndorsement>): string => (r.ok ? 'ok' : r.code)
    expect(code(checkEndorsement(expired, 'agent-a', actor.publicKey, trusted))).toBe('CARD_EXPIRED')
    const revived = checkEndorsement(expired, 'agent-a', actor.publicKey, withRenewals(renewal))
    expect(revived.ok && revived.endorsement.expiresAtMs).toBe(now + 30 * DAY)
    // a revocation by the endorsing mesh beats every renewal
    const revoked = { ...withRenewals(renewal), revocations: new Map([[keyText(actor.publicKey), new Set([keyText(mesh.publicKey)])]]) }
    expect(code(checkEndorsement(expired, 'agent-a', actor.publicKey, revoked))).toBe('CARD_REVOKED')
    // another mesh, though trusted, cannot renew what this mesh endorsed; nor does a renewal of another key count
    expect(code(checkEndorsement(expired, 'agent-a', actor.publicKey, withRenewals(signEndorsement(other, 'agent-a', actor.publicKey, now, 30))))).toBe('CARD_EXPIRED')
    const stranger = generateKeyPair()
    expect(code(checkEndorsement(expired, 'agent-a', actor.publicKey, { ...trusted, renewals: new Map([[renewalKey('agent-a', keyText(stranger.publicKey)), [signEndorsement(mesh, 'agent-a', stranger.publicKey, now, 30)]]]) }))).toBe('CARD_EXPIRED')
    // a renewal that has itself expired revives nothing; a valid endorsement reports the longest validity held
    expect(code(checkEndorsement(expired, 'agent-a', actor.publicKey, withRenewals(signEndorsement(mesh, 'agent-a', actor.publicKey, now - DAY, 0, DAY / 2))))).toBe('CARD_EXPIRED')
    const fresh = signEndorsement(mesh, 'agent-a', actor.publicKey, now, 1)
    const longest = checkEndorsement(fresh, 'agent-a', actor.publicKey, withRenewals(renewal))
    expect(longest.ok && longest.endorsement.expiresAtMs).toBe(now + 30 * DAY)
  })

  it('refuses damaged or mis-signed facts with codes', () => {
    const bytes = signEndorsement(mesh, 'agent-a', actor.publicKey, now)
    const flipped = Uint8Array.from(bytes)
    flipped[flipped.length - 3] ^= 1
    const r1 = verifyEndorsement(flipped)
    expect(r1.ok === false && r1.code).toBe('ENDORSEMENT_BAD_SIGNATURE')
    const r2 = verifyEndorsement(bytes.subarray(0, 10))
    expect(r2.ok === false && r2.code).toBe('ENDORSEMENT_MALFORMED')
    // an admission request is not an endorsement, even though both are signed envelopes
    const req = signAdmissionRequest(actor, mesh.publicKey, 'agent-a', now)
    const r3 = verifyEndorsement(req)
    expect(r3.ok === false && r3.code).toBe('ENDORSEMENT_BAD_SIGNATURE')
    expect(verifyAdmissionRequest(req).ok).toBe(true)
  })

  it('a revocation verifies only as signed by the mesh key it names', () => {
    const bytes = signRevocation(mesh, actor.publicKey, now, 'agent-a', 'lost laptop')
    const v = verifyRevocation(bytes)
    expect(v.ok && v.value.reason).toBe('lost laptop')
    const forged = signRevocation({ ...actor }, actor.publicKey, now)
    expect(verifyRevocation(forged).ok).toBe(true) // self-consistent, but names the actor as mesh: callers check trust
    expect(verifyRevocation(forged).ok && keyText((verifyRevocation(forged) as any).value.meshKey)).toBe(keyText(actor.publicKey))
  })
})
