// Role work: a message to role:reviewer is one obligation offered to every reviewer seat; one seat takes it under a
// lease granted by the sender's node, and only that seat's steps count. Real daemons on loopback, real libp2p, real
// SQLite; the sender's node (agent-a) holds no role, agent-b, agent-c and agent-d are reviewers on three other nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMesh, createSharedMesh, freePort, query, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'
import { homeKey, openDeliver, rawPeer, signedReceipt } from '../../helpers/raw-peer.js'
import { TcpProxy } from '../../chaos/faults/proxy.js'

const WAIT_MS = 20_000
const REVIEWERS = (i: number): string[] | undefined => i === 0 ? undefined : ['reviewer']
const RUNS = Number(process.env.AIOS_LEASE_RUNS ?? 50)

const idOf = (ob: string): Buffer => Buffer.from(ob.slice(3), 'hex')
const codeOf = (err: unknown): string => (err as { code?: string }).code ?? String(err)

/** Sends role work from agent-a and waits until every reviewer node holds it. */
async function offer (a: MeshNodeHandle, reviewers: MeshNodeHandle[], text: string): Promise<string> {
  const { obligation } = await a.daemon.call('notify', { to: 'role:reviewer', text })
  for (const n of reviewers) await waitFor(`${n.handle} is offered ${obligation}`, async () => await n.daemon.call('inbox', {}), items => items.some(i => i.obligation === obligation), WAIT_MS)
  return obligation
}

/** Claims until the lease is granted (a refusal with one of `waitingCodes` means: not yet). */
async function claimWhenFree (n: MeshNodeHandle, obligation: string, waitingCodes: string[], leaseMs?: number): Promise<{ holder: string, fence: number, at: string, expiresAt: string }> {
  return await waitFor(`${n.handle} gets the lease on ${obligation}`, async () => {
    try {
      return await n.daemon.call('claim', { obligation, ...(leaseMs === undefined ? {} : { leaseMs }) })
    } catch (err) {
      if (!waitingCodes.includes(codeOf(err))) throw err
      return undefined
    }
  }, v => v !== undefined, WAIT_MS) as { holder: string, fence: number, at: string, expiresAt: string }
}

describe('role work on three reviewer nodes', () => {
  let mesh: SharedMesh
  let a: MeshNodeHandle
  let reviewers: MeshNodeHandle[]
  beforeAll(async () => {
    mesh = await createSharedMesh(4, { roles: REVIEWERS })
    a = mesh.nodes[0]
    reviewers = mesh.nodes.slice(1)
  })
  const d = (): MeshNodeHandle => reviewers[2]
  afterAll(async () => { await mesh?.close() })

  it('one claim wins, the others are refused naming the holder; only the holder acks; COMPLETE reaches the sender', async () => {
    const [b, c, d] = reviewers
    const obligation = await offer(a, reviewers, 'review PR 42')
    // offered to every reviewer, apart from each seat's own mail
    for (const n of reviewers) {
      const item = (await n.daemon.call('inbox', {})).find(i => i.obligation === obligation)
      expect(item).toMatchObject({ to: 'role:reviewer', from: 'agent-a', role: {} })
    }
    // nobody reads it without the lease
    expect(errorCode(await cli(b.home, ['read', obligation]))).toBe('LEASE_REQUIRED')

    const won = await ok(b.home, ['claim', obligation, '--json'])
    expect(won).toMatchObject({ obligation, holder: 'agent-b', fence: 1, state: 'GRANTED' })
    for (const n of [c, d]) {
      const r = await cli(n.home, ['claim', obligation])
      expect(errorCode(r)).toBe('LEASE_HELD')
      expect(r.stderr).toContain('agent-b')
    }
    // a seat without the lease takes no step, and writes nothing
    await waitFor('c hears of b\'s lease', async () => (await c.daemon.call('inbox', {})).find(i => i.obligation === obligation)?.role?.holder, h => h === 'agent-b', WAIT_MS)
    for (const args of [['read', obligation], ['consume', obligation], ['ack', obligation, 'looks fine'], ['reject', obligation, 'not mine']]) {
      expect(errorCode(await cli(c.home, args))).toBe('LEASE_HELD')
    }
    expect(query(c.home, "SELECT count(*) AS n FROM receipts WHERE message_id = ? AND state <> 'DELIVERED'", idOf(obligation))[0].n).toBe(0)
    // taken: the other seats are no longer owed a wake for it
    await waitFor('the offer to agent-c is withdrawn', () => query(c.home, 'SELECT woken_at_ms AS t FROM wake_queue WHERE message_id = ? AND handle = ?', idOf(obligation), 'agent-c')[0]?.t, t => t != null, WAIT_MS)

    const read = await ok(b.home, ['read', obligation, '--json'])
    expect(read).toMatchObject({ body: 'review PR 42', issued: ['READ'] })
    await ok(b.home, ['ack', obligation, 'Reviewed: two comments inline.'])
    await a.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })
    for (const n of mesh.nodes) {
      const v = await waitFor(`${n.handle} sees COMPLETE`, async () => await n.daemon.call('status', { obligation }), s => s.state === 'COMPLETE', WAIT_MS)
      expect(v.receipts.every(r => r.verified)).toBe(true)
      expect(v.leases).toEqual([expect.objectContaining({ holder: 'agent-b', fence: 1, end: 'live' })])
    }
    expect(query(a.home, "SELECT actor FROM receipts WHERE message_id = ? AND state = 'COMPLETE'", idOf(obligation))).toEqual([{ actor: 'agent-b' }])
    expect(errorCode(await cli(c.home, ['claim', obligation]))).toBe('ALREADY_FINAL')
  })

  it('renew keeps the fence and moves the expiry; release hands it on; a step signed after the release is refused at the sender', async () => {
    const [b, c] = reviewers
    const obligation = await offer(a, reviewers, 'check the licence headers')
    const held = await ok(b.home, ['claim', obligation, '--lease', '30s', '--json'])
    const renewed = await ok(b.home, ['renew', obligation, '--lease', '10m', '--json'])
    expect(renewed).toMatchObject({ holder: 'agent-b', fence: held.fence, state: 'GRANTED' })
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.parse(held.expiresAt))
    // only the holder renews or releases
    expect(errorCode(await cli(c.home, ['renew', obligation]))).toBe('LEASE_HELD')
    expect(errorCode(await cli(c.home, ['release', obligation]))).toBe('LEASE_HELD')
    const released = await ok(b.home, ['release', obligation, '--json'])
    expect(released).toMatchObject({ holder: 'agent-b', fence: held.fence, state: 'RELEASED' })
    expect(errorCode(await cli(b.home, ['consume', obligation]))).toBe('LEASE_RELEASED')
    const next = await claimWhenFree(c, obligation, ['LEASE_HELD'])
    expect(next).toMatchObject({ holder: 'agent-c', fence: held.fence + 1 })

    // b's seat signs a step with its released lease anyway (a node that ignores the rules): the sender refuses it
    const [m] = query(b.home, 'SELECT id, hash, header FROM messages WHERE id = ?', idOf(obligation))
    const [grant] = query(a.home, "SELECT envelope FROM leases WHERE message_id = ? AND fence = ? AND kind = 'GRANTED' ORDER BY at_ms DESC LIMIT 1", idOf(obligation), held.fence)
    const forged = signedReceipt(homeKey(b.home, 'keys/agent-b.key'), {
      messageId: new Uint8Array(m.id), messageHash: new Uint8Array(m.hash), actor: 'agent-b', state: 'REJECTED', atMs: Date.now(), from: 'agent-a',
      header: new Uint8Array(m.header), note: 'not doing it', fence: held.fence, lease: new Uint8Array(grant.envelope)
    })
    const pushed = await (await openDeliver(await rawPeer(d().home), a.daemon.peerId, a.port)).request({ receipts: [forged] })
    expect(pushed.receiptResults.map(r => r.errorCode)).toEqual(['LEASE_RELEASED'])
    expect(query(a.home, "SELECT count(*) AS n FROM receipts WHERE message_id = ? AND state = 'REJECTED'", idOf(obligation))[0].n).toBe(0)
    const history = (await a.daemon.call('status', { obligation })).leases
    expect(history?.map(l => [l.fence, l.holder, l.end])).toEqual([[held.fence, 'agent-b', 'released'], [held.fence + 1, 'agent-c', 'live']])
  })

  it(`concurrent claims from all three at once: exactly one grant, every run (${RUNS} runs)`, { timeout: 300_000 }, async () => {
    const grants: number[] = []
    const authority: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const obligation = await offer(a, reviewers, `race ${run}`)
      const results = await Promise.allSettled(reviewers.map(async n => await n.daemon.call('claim', { obligation })))
      grants.push(results.filter(r => r.status === 'fulfilled').length)
      for (const r of results) if (r.status === 'rejected') expect(codeOf(r.reason)).toBe('LEASE_HELD')
      authority.push(query(a.home, "SELECT count(*) AS n FROM leases WHERE message_id = ? AND kind = 'GRANTED'", idOf(obligation))[0].n)
    }
    console.log(`lease race: ${RUNS} runs, grants per run: ${JSON.stringify(grants)}`)
    expect(grants).toEqual(Array(RUNS).fill(1))
    expect(authority).toEqual(Array(RUNS).fill(1))
  })
})

describe('the holder\'s node dies', () => {
  it('after expiry a second seat claims and completes; the first seat\'s late ack with the old fence is refused', async () => {
    const [a, b, c] = await createMesh(3, { roles: REVIEWERS })
    const obligation = await offer(a, [b, c], 'triage the crash report')
    const first = await ok(b.home, ['claim', obligation, '--lease', '3s', '--json'])
    expect(first).toMatchObject({ holder: 'agent-b', fence: 1 })
    await ok(b.home, ['read', obligation])
    await b.daemon.kill()

    expect(codeOf(await c.daemon.call('claim', { obligation }).catch(e => e))).toBe('LEASE_HELD')
    // at the expiry the work is offered again to the role's other seats: c's wake-queue row is queued anew
    const queued = (): { q: number, w: number | null } => query(c.home, 'SELECT queued_at_ms AS q, woken_at_ms AS w FROM wake_queue WHERE message_id = ? AND handle = ?', idOf(obligation), 'agent-c')[0] ?? { q: 0, w: null }
    await waitFor('the work is offered to agent-c again', queued, r => r.q >= Date.parse(first.expiresAt) && r.w === null, WAIT_MS)
    const second = await claimWhenFree(c, obligation, ['LEASE_HELD'])
    expect(second).toMatchObject({ holder: 'agent-c', fence: 2 })
    expect(Date.parse(second.at)).toBeGreaterThanOrEqual(Date.parse(first.expiresAt))

    // the first seat comes back: its own node refuses its ack (its lease ran out; or it already heard of fence 2)
    const restartedAt = Date.now()
    await b.daemon.start()
    // and never wakes it for the work its lease let go (its first wake failed: the seat has no pane), neither before
    // it hears that agent-c holds it now nor after
    await waitFor('b hears of fence 2', async () => (await b.daemon.call('status', { obligation })).leases ?? [], l => l.length === 2, WAIT_MS)
    expect(query(b.home, 'SELECT count(*) AS n FROM wakes WHERE handle = ? AND at_ms >= ?', 'agent-b', restartedAt)[0].n).toBe(0)
    const late = await cli(b.home, ['ack', obligation, 'done after all'])
    expect(['LEASE_EXPIRED', 'LEASE_HELD']).toContain(errorCode(late))

    // a COMPLETE signed by the first seat with its old fence, pushed straight to the sender's node, is refused there
    await b.daemon.kill()
    const [m] = query(b.home, 'SELECT id, hash, header FROM messages WHERE id = ?', idOf(obligation))
    const [grant] = query(a.home, "SELECT envelope FROM leases WHERE message_id = ? AND fence = 1 AND kind = 'GRANTED' ORDER BY at_ms DESC LIMIT 1", idOf(obligation))
    const forged = signedReceipt(homeKey(b.home, 'keys/agent-b.key'), {
      messageId: new Uint8Array(m.id), messageHash: new Uint8Array(m.hash), actor: 'agent-b', state: 'COMPLETE', atMs: Date.now(), from: 'agent-a',
      header: new Uint8Array(m.header), note: 'done after all', evidence: { path: '/tmp/x', sha256: new Uint8Array(32), size: 1 }, fence: 1, lease: new Uint8Array(grant.envelope)
    })
    const pushed = await (await openDeliver(await rawPeer(b.home), a.daemon.peerId, a.port)).request({ receipts: [forged] })
    expect(pushed.receiptResults.map(r => r.errorCode)).toEqual(['LEASE_EXPIRED'])

    await ok(c.home, ['ack', obligation, 'Triaged: a null check.'])
    await a.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })
    expect(query(a.home, "SELECT actor FROM receipts WHERE message_id = ? AND state = 'COMPLETE'", idOf(obligation))).toEqual([{ actor: 'agent-c' }])
    const history = (await a.daemon.call('status', { obligation })).leases
    expect(history?.map(l => [l.fence, l.holder, l.end])).toEqual([[1, 'agent-b', 'expired'], [2, 'agent-c', 'live']])
  })
})

describe('the sender\'s node cut off from the holder', () => {
  it('no second grant before the expiry; the holder can neither renew nor act after it', async () => {
    const ports = await Promise.all([0, 1, 2].map(async () => await freePort()))
    const [a, b, c] = await createMesh(3, {
      roles: REVIEWERS,
      start: false,
      addresses: (i, port) => ({ listen: `/ip4/127.0.0.1/tcp/${port}`, announce: `/ip4/127.0.0.1/tcp/${ports[i]}` })
    })
    const proxies = [a, b, c].map(n => new TcpProxy(n.port))
    for (const [i, p] of proxies.entries()) await p.listen(ports[i])
    try {
      await Promise.all([a, b, c].map(async n => await n.daemon.start()))
      const obligation = await offer(a, [b, c], 'rotate the staging keys')
      const held = await b.daemon.call('claim', { obligation, leaseMs: 4000 })
      // a and b are cut apart (each still reaches c, and c reaches both)
      proxies[0].cut()
      proxies[1].cut()
      expect(codeOf(await b.daemon.call('renew', { obligation, leaseMs: 60_000 }).catch(e => e))).toBe('LEASE_AUTHORITY_UNREACHABLE')
      const second = await claimWhenFree(c, obligation, ['LEASE_HELD', 'LEASE_AUTHORITY_UNREACHABLE'])
      expect(second).toMatchObject({ holder: 'agent-c', fence: 2 })
      expect(Date.parse(second.at)).toBeGreaterThanOrEqual(Date.parse(held.expiresAt))
      expect(query(a.home, "SELECT count(*) AS n FROM leases WHERE message_id = ? AND kind = 'GRANTED' AND at_ms < ?", idOf(obligation), Date.parse(held.expiresAt))[0].n).toBe(1)
      // the partitioned holder's lease ran out: its node refuses its steps
      expect(codeOf(await b.daemon.call('ack', { obligation, sentence: 'rotated' }).catch(e => e))).toMatch(/^LEASE_(EXPIRED|HELD)$/)
    } finally {
      for (const p of proxies) await p.close()
    }
  })
})
