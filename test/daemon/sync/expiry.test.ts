// An endorsement that runs out never cuts a seat off silently: doctor warns before and fails after, status names
// the cut-off and its cause, and the mesh owner's remote renewal brings the seat back (its re-signed card is
// accepted from the node that was cut off), with a message sent meanwhile delivered exactly once.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { PAYLOAD_TYPES, endorsementToWire, envelopeToWire } from '../../../proto/index.js'
import { parseKeyText, signEnvelope } from '../../../cards/index.js'
import { cardImport, cardShow, refreshLocalCard } from '../../../daemon/index.js'
import { createMesh, query, waitFor, withCtx } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'

const VALID_MS = 15_000 // long enough for both daemons to start and doctor to run; short enough to wait out
const DAY_MS = 86_400_000

/** The mesh owner on `owner` endorses agent-b (hosted on `seat`) for `validMs` only, and `owner` learns the card. */
async function shortEndorsement (owner: string, seat: string, validMs: number): Promise<number> {
  const now = Date.now()
  const expiresAtMs = now + validMs
  const bytes = await withCtx(owner, ctx => {
    const mesh = ctx.requireMeshOwnerKey()
    const actorKey = parseKeyText(query(seat, "SELECT actor_key FROM actors WHERE handle = 'agent-b'")[0].actor_key) as Uint8Array
    return envelopeToWire(signEnvelope(mesh, PAYLOAD_TYPES.endorsement, endorsementToWire({ meshKey: mesh.publicKey, handle: 'agent-b', actorKey, issuedAtMs: now, expiresAtMs })))
  })
  await withCtx(seat, async ctx => {
    ctx.store.identity.setEndorsement('agent-b', bytes)
    await refreshLocalCard(ctx, 'agent-b')
  })
  const file = join(seat, 'agent-b.card.json')
  writeFileSync(file, JSON.stringify(await withCtx(seat, async ctx => await cardShow(ctx, 'agent-b'))))
  await withCtx(owner, ctx => cardImport(ctx, file))
  return expiresAtMs
}

interface Check { name: string, ok: boolean, warn?: boolean, detail: string, fix?: string }
const endorsementCheck = (r: { checks: Check[] }): Check | undefined => r.checks.find(c => c.name === 'endorsement agent-b')

describe('endorsement expiry', () => {
  it('warns before, cuts off with a reason at expiry, and a remote renewal restores delivery exactly once', async () => {
    const [a, b] = await createMesh(2, { start: false })
    const expiresAtMs = await shortEndorsement(a.home, b.home, VALID_MS)
    await Promise.all([a.daemon.start(), b.daemon.start()])
    const first = await a.daemon.call('notify', { to: 'agent-b', text: 'while endorsed' })
    await a.daemon.call('wait', { obligation: first.obligation, state: 'DELIVERED' })

    // before expiry: doctor on b warns (it passes), naming the expiry and how to renew
    const before = JSON.parse((await cli(b.home, ['doctor', '--json'])).stdout)
    expect.soft(endorsementCheck(before)).toMatchObject({ ok: true, warn: true })
    expect.soft(endorsementCheck(before)?.fix ?? '').toContain('mesh renew agent-b')

    // at expiry: a cuts b off, and says why
    const expiredAt = new Date(expiresAtMs).toISOString()
    const cut = await waitFor('a says b is cut off', async () => (await a.daemon.call('peers', {})).find(p => p.peerId === b.daemon.peerId),
      p => p?.cutOff !== undefined && !p.connected, VALID_MS + 15_000).catch(() => undefined)
    expect.soft(cut?.cutOff).toContain(`endorsement of agent-b expired at ${expiredAt}`)
    const status = await ok(a.home, ['status'])
    if (process.env.AIOS_SHOW_STATUS === '1') console.log(status)
    expect.soft(status).toContain(`endorsement of agent-b expired at ${expiredAt}`)
    const after = JSON.parse((await cli(b.home, ['doctor', '--json'])).stdout)
    expect.soft(endorsementCheck(after)).toMatchObject({ ok: false })

    // sent while b is cut off: held, not refused
    const meanwhile = await a.daemon.call('notify', { to: 'agent-b', text: 'while cut off' })
    expect(['DELIVERY_PENDING']).toContain((await a.daemon.call('status', { obligation: meanwhile.obligation })).state)

    // the owner renews remotely: b installs it, re-signs its card, and a accepts that card from b
    const seqBefore = query(a.home, "SELECT seq FROM cards WHERE handle = 'agent-b'")[0].seq as number
    const renewed = await ok(a.home, ['mesh', 'renew', 'agent-b', '--days', '60', '--json'])
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 59 * DAY_MS)
    expect((await a.daemon.call('wait', { obligation: meanwhile.obligation, state: 'DELIVERED', timeoutMs: 30_000 })).state).toBe('DELIVERED')
    await waitFor('b re-signed its card and a holds it', () => query(a.home, "SELECT seq FROM cards WHERE handle = 'agent-b'")[0].seq as number, s => s > seqBefore)
    expect((await a.daemon.call('where', { handle: 'agent-b' })).seq).toBeGreaterThan(seqBefore)
    const id = meanwhile.obligation.slice(3)
    expect(query(b.home, "SELECT count(*) AS n FROM messages WHERE hex(id) = upper(?) AND local_to = 1", id)[0].n).toBe(1)
    expect(query(b.home, "SELECT count(*) AS n FROM receipts WHERE hex(message_id) = upper(?) AND state = 'DELIVERED'", id)[0].n).toBe(1)
    expect((await a.daemon.call('peers', {})).find(p => p.peerId === b.daemon.peerId)?.cutOff).toBeUndefined()
    const healed = JSON.parse((await cli(b.home, ['doctor', '--json'])).stdout)
    expect(endorsementCheck(healed)).toMatchObject({ ok: true })
    expect(endorsementCheck(healed)?.warn).toBeUndefined()

    // a node that is merely unreachable is not cut off: status says since when it is down
    await b.daemon.kill()
    const down = await waitFor('a sees b down', async () => (await a.daemon.call('peers', {})).find(p => p.peerId === b.daemon.peerId), p => p?.connected === false)
    expect(down?.cutOff).toBeUndefined()
    expect(Date.parse(down?.downSince ?? '')).toBeGreaterThan(expiresAtMs)
    expect(await ok(a.home, ['status'])).toContain(`unreachable since ${down?.downSince ?? '?'}`)
  }, 90_000)

  it('never renews a revoked seat; only the owner renews, for a validity it can state', async () => {
    const [a, b] = await createMesh(2, { start: false })
    expect(errorCode(await cli(b.home, ['mesh', 'renew', 'agent-b']))).toBe('MESH_NOT_OWNER')
    const zero = await cli(a.home, ['mesh', 'renew', 'agent-b', '--days', '0'])
    expect([errorCode(zero), zero.code]).toEqual(['USAGE', 2])
    const short = await ok(a.home, ['mesh', 'admit', join(b.home, 'requests', 'agent-b.request.json'), '--expires-in-ms', '60000', '--out', join(a.home, 'short.json'), '--json'])
    expect(Math.abs(Date.parse(short.expiresAt) - (Date.now() + 60_000))).toBeLessThan(10_000)
    await ok(a.home, ['mesh', 'revoke', 'agent-b', '--reason', 'laptop stolen'])
    const r = await cli(a.home, ['mesh', 'renew', 'agent-b'])
    expect(errorCode(r)).toBe('CARD_REVOKED')
    expect(r.code).toBe(3)
    expect(query(a.home, "SELECT count(*) AS n FROM facts WHERE kind = 'endorsement'")[0].n).toBe(0)
  })
})
