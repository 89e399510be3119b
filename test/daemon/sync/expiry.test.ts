// An endorsement that runs out never cuts a seat off silently: doctor warns before and fails after, status names
// the cut-off and its cause, and the mesh owner's remote renewal brings the seat back (its re-signed card is
// accepted from the node that was cut off), with a message sent meanwhile delivered exactly once.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { DaemonProcess, createMesh, query, waitFor } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'
import { shiftableClock } from '../../helpers/clock.js'

const VALID_MS = 10_000 // long enough for the card to spread, then one delivery beside one doctor; short enough to wait out
const DAY_MS = 86_400_000

/**
 * With the daemons running, the mesh owner on `owner` admits agent-b (hosted on `seat`) again for `validMs` only
 * (`mesh admit --expires-in-ms`), the seat installs it (`actor endorse`: its card is re-signed) and every node in
 * `all` holds that card. Returns when the endorsement expires.
 */
async function shortEndorsement (owner: DaemonProcess, seat: DaemonProcess, validMs: number, all: DaemonProcess[]): Promise<number> {
  const out = join(owner.home, 'agent-b.short.json')
  const admitted = await ok(owner.home, ['mesh', 'admit', join(seat.home, 'requests', 'agent-b.request.json'), '--expires-in-ms', String(validMs), '--out', out, '--json'])
  await ok(seat.home, ['actor', 'endorse', 'agent-b', out])
  const seq = query(seat.home, "SELECT seq FROM cards WHERE handle = 'agent-b'")[0].seq as number
  for (const d of all) await waitFor('the short-lived card spread', () => query(d.home, "SELECT seq FROM cards WHERE handle = 'agent-b'")[0].seq as number, s => s >= seq)
  return Date.parse(admitted.expiresAt)
}

interface Check { name: string, ok: boolean, warn?: boolean, detail: string, fix?: string }
const endorsementCheck = (r: { checks: Check[] }): Check | undefined => r.checks.find(c => c.name === 'endorsement agent-b')

describe('endorsement expiry', () => {
  it('warns before, cuts off with a reason at expiry, and a remote renewal restores delivery exactly once', async () => {
    const [a, b, c] = await createMesh(3)
    const expiresAtMs = await shortEndorsement(a.daemon, b.daemon, VALID_MS, [a.daemon, c.daemon])
    // before expiry, side by side: a delivery to b, and doctor on b, which warns (it passes), naming the expiry and
    // how to renew
    const [, doctorBefore] = await Promise.all([
      (async () => {
        const first = await a.daemon.call('notify', { to: 'agent-b', text: 'while endorsed' })
        await a.daemon.call('wait', { obligation: first.obligation, state: 'DELIVERED' })
      })(),
      cli(b.home, ['doctor', '--json'])
    ])
    expect(Date.now()).toBeLessThan(expiresAtMs) // both before the expiry, or VALID_MS is too short for this machine
    const before = JSON.parse(doctorBefore.stdout)
    expect.soft(endorsementCheck(before)).toMatchObject({ ok: true, warn: true })
    expect.soft(endorsementCheck(before)?.fix ?? '').toContain('mesh renew agent-b')

    // at expiry: a cuts b off, and says why
    const expiredAt = new Date(expiresAtMs).toISOString()
    const cut = await waitFor('a says b is cut off', async () => (await a.daemon.call('peers', {})).find(p => p.peerId === b.daemon.peerId),
      p => p?.cutOff !== undefined && !p.connected, VALID_MS + 15_000).catch(() => undefined)
    expect.soft(cut?.cutOff).toContain(`endorsement of agent-b expired at ${expiredAt}`)
    const [status, doctorAfter] = await Promise.all([ok(a.home, ['status']), cli(b.home, ['doctor', '--json'])])
    if (process.env.AIOS_SHOW_STATUS === '1') console.log(status)
    expect.soft(status).toContain(`endorsement of agent-b expired at ${expiredAt}`)
    const after = JSON.parse(doctorAfter.stdout)
    expect.soft(endorsementCheck(after)).toMatchObject({ ok: false })

    // sent while b is cut off: held, not refused
    const meanwhile = await a.daemon.call('notify', { to: 'agent-b', text: 'while cut off' })
    expect(meanwhile.held).toContain(`the endorsement of agent-b expired at ${expiredAt}`)
    expect((await a.daemon.call('status', { obligation: meanwhile.obligation })).state).toBe('DELIVERY_PENDING')

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
    // a third node holds the renewed card too (by gossip or sync), and delivers to b again
    await waitFor('c holds the renewed card', () => query(c.home, "SELECT seq FROM cards WHERE handle = 'agent-b'")[0].seq as number, s => s > seqBefore)
    const fromC = await c.daemon.call('notify', { to: 'agent-b', text: 'from the third node' })
    expect((await c.daemon.call('wait', { obligation: fromC.obligation, state: 'DELIVERED', timeoutMs: 30_000 })).state).toBe('DELIVERED')
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

  it('a wall clock that jumps past an expiry, as after a sleep, cuts the peer off then, not when the timer set before it ends', async () => {
    const HOUR = 3_600_000
    const [a, b] = await createMesh(2, { start: false })
    const clock = shiftableClock(a)
    await Promise.all([a.daemon.start(clock.env), b.daemon.start()])
    const expiresAtMs = await shortEndorsement(a.daemon, b.daemon, HOUR, [a.daemon])
    const peerB = async (): Promise<any> => (await a.daemon.call('peers', {})).find((p: { peerId: string }) => p.peerId === b.daemon.peerId)
    await waitFor('a connected to b', peerB, p => p?.connected === true)
    expect((await peerB()).cutOff).toBeUndefined()
    await clock.shift(2 * HOUR) // the machine slept two hours: its timers did not run on, its wall clock did
    const cut = await waitFor('a says b is cut off', peerB, p => p?.cutOff !== undefined && p.connected === false, 20_000)
    expect(cut.cutOff).toContain(`endorsement of agent-b expired at ${new Date(expiresAtMs).toISOString()}`)
  }, 90_000)

  it('never renews a revoked seat; only the owner renews, for a validity it can state', async () => {
    const [a, b] = await createMesh(2, { start: false })
    const [notOwner, zero] = await Promise.all([cli(b.home, ['mesh', 'renew', 'agent-b']), cli(a.home, ['mesh', 'renew', 'agent-b', '--days', '0'])])
    expect(errorCode(notOwner)).toBe('MESH_NOT_OWNER')
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
