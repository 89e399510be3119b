// Revocations belong to the mesh that endorsed the key: a node that trusts two meshes ignores one mesh's
// revocation of the other mesh's actor; and revoking one of two keys that claim a handle ends the conflict.
import { describe, expect, it, onTestFinished } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  actorAdd, actorEndorse, cardImport, cardShow, initHome, meshAdmit, meshCreate, meshShow, meshTrust
} from '../../../daemon/index.js'
import { DaemonProcess, createMesh, freePort, query, waitFor, withCtx } from '../../helpers/mesh.js'
import { cli, errorCode, ok, tempDir } from '../../helpers/cli.js'

interface Node { home: string, daemon: DaemonProcess }

async function home (): Promise<Node> {
  const dir = tempDir('aios-scope-')
  await initHome(dir, { listen: [`/ip4/127.0.0.1/tcp/${await freePort()}`] })
  const daemon = new DaemonProcess(dir)
  onTestFinished(async () => { await daemon.kill() })
  return { home: dir, daemon }
}

/** A seat on `seatHome` in the mesh owned by `ownerHome`, admitted by request like a real remote seat. */
async function admitted (seatHome: string, ownerHome: string, handle: string, meshKey: string): Promise<void> {
  const r = await withCtx(seatHome, async ctx => await actorAdd(ctx, handle, { mesh: meshKey }))
  const path = await withCtx(ownerHome, owner => meshAdmit(owner, r.request as string).path)
  await withCtx(seatHome, async ctx => await actorEndorse(ctx, handle, path))
}

/** Writes a seat's card from one home and imports it into others (as `card import` would). */
async function share (from: string, handle: string, to: string[]): Promise<void> {
  const file = join(from, `${handle}.card.json`)
  writeFileSync(file, JSON.stringify(await withCtx(from, async ctx => await cardShow(ctx, handle))))
  for (const h of to) await withCtx(h, ctx => cardImport(ctx, file))
}

const keyOf = (home: string, handle: string): string => query(home, 'SELECT actor_key FROM cards WHERE handle = ?', handle)[0].actor_key

describe('revocation scope', () => {
  it('a node trusting two meshes ignores mesh B revoking a key that only mesh A endorsed; mesh A revoking it cuts it off', async () => {
    // a owns mesh A (seat alice); b owns mesh B (seat bob); x trusts both and hosts a seat in each
    const [a, b, x] = [await home(), await home(), await home()]
    const meshA = await withCtx(a.home, ctx => meshCreate(ctx).meshKey)
    const meshB = await withCtx(b.home, ctx => meshCreate(ctx).meshKey)
    await withCtx(a.home, async ctx => await actorAdd(ctx, 'alice'))
    await withCtx(b.home, async ctx => await actorAdd(ctx, 'bob'))
    await withCtx(x.home, ctx => { meshTrust(ctx, meshA); meshTrust(ctx, meshB) })
    await admitted(x.home, a.home, 'x-in-a', meshA)
    await admitted(x.home, b.home, 'x-in-b', meshB)
    await share(a.home, 'alice', [x.home])
    await share(b.home, 'bob', [x.home])
    await share(x.home, 'x-in-a', [a.home])
    await share(x.home, 'x-in-b', [b.home])
    await Promise.all([a, b, x].map(async n => await n.daemon.start()))

    const first = await x.daemon.call('notify', { as: 'x-in-a', to: 'alice', text: 'before' })
    await x.daemon.call('wait', { obligation: first.obligation, state: 'DELIVERED' })

    // mesh B's owner revokes alice's key (it holds no card of alice: by key); the revocation reaches x
    const aliceKey = keyOf(x.home, 'alice')
    await b.daemon.call('mesh.revoke', { target: aliceKey, reason: 'not ours to revoke' })
    await waitFor('x holds mesh B\'s revocation', () => query(x.home, 'SELECT count(*) AS n FROM revocations WHERE mesh_key = ?', meshB)[0].n, n => n === 1)
    const where = await x.daemon.call('where', { handle: 'alice' })
    expect(where.problem).toBeUndefined()
    expect(where.valid).toBe(true)
    const second = await x.daemon.call('notify', { as: 'x-in-a', to: 'alice', text: 'after mesh B revoked' })
    expect((await x.daemon.call('wait', { obligation: second.obligation, state: 'DELIVERED' })).state).toBe('DELIVERED')

    // the mesh that endorsed alice revokes her: now x cuts her off
    await a.daemon.call('mesh.revoke', { target: 'alice', reason: 'laptop lost' })
    await waitFor('x applies mesh A\'s revocation', async () => (await x.daemon.call('where', { handle: 'alice' })).problem, p => /CARD_REVOKED/.test(p ?? ''))
    await expect(x.daemon.call('notify', { as: 'x-in-a', to: 'alice', text: 'to a revoked seat' })).rejects.toMatchObject({ code: 'CARD_REVOKED' })
  }, 90_000)

  it('two endorsed keys for one handle block delivery until the mesh owner revokes one; then the other key holds the handle', async () => {
    const [a, b, c] = await createMesh(3, { start: false })
    // the owner endorses `dup` twice: for a seat on b and for a seat on c, each with its own key
    const meshKey = await withCtx(a.home, ctx => meshShow(ctx).meshKey as string)
    for (const n of [b, c]) await admitted(n.home, a.home, 'dup', meshKey)
    await share(b.home, 'dup', [a.home]) // a holds b's card; c's card reaches it by sync and conflicts
    await Promise.all([a, b, c].map(async n => await n.daemon.start()))
    await waitFor('a sees the conflict', async () => (await a.daemon.call('where', { handle: 'dup' })).problem, p => /HANDLE_CONFLICT/.test(p ?? ''))
    await expect(a.daemon.call('notify', { to: 'dup', text: 'who are you?' })).rejects.toMatchObject({ code: 'HANDLE_CONFLICT' })

    // the owner revokes the key a holds for dup: the conflict ends and c's seat is dup now
    const heldKey = keyOf(a.home, 'dup')
    await a.daemon.call('mesh.revoke', { target: heldKey, reason: 'the seat on b was a mistake' })
    const where = await waitFor('dup is valid again at a', async () => await a.daemon.call('where', { handle: 'dup' }), w => w.valid === true, 20_000)
    expect(where.peerId).toBe(c.daemon.peerId)
    expect(keyOf(a.home, 'dup')).not.toBe(heldKey)
    const sent = await a.daemon.call('notify', { to: 'dup', text: 'now you are c' })
    expect((await a.daemon.call('wait', { obligation: sent.obligation, state: 'DELIVERED' })).state).toBe('DELIVERED')
    expect(query(c.home, "SELECT count(*) AS n FROM messages WHERE to_handle = 'dup'")[0].n).toBe(1)
  }, 90_000)

  it('without daemons: a revocation of the claiming key ends the conflict; no owner may revoke a key another mesh endorsed', async () => {
    const [owner, b, c] = [await home(), await home(), await home()]
    const meshA = await withCtx(owner.home, ctx => meshCreate(ctx).meshKey)
    for (const n of [b, c]) {
      await withCtx(n.home, ctx => meshTrust(ctx, meshA))
      await admitted(n.home, owner.home, 'dup', meshA)
    }
    await share(b.home, 'dup', [owner.home])
    await expect(share(c.home, 'dup', [owner.home])).rejects.toMatchObject({ code: 'HANDLE_CONFLICT' })
    expect(query(owner.home, 'SELECT count(*) AS n FROM handle_conflicts')[0].n).toBe(1)
    const claimKey = query(owner.home, 'SELECT actor_key FROM handle_conflicts')[0].actor_key as string
    const heldKey = keyOf(owner.home, 'dup')
    expect(await ok(owner.home, ['mesh', 'revoke', claimKey, '--json'])).toMatchObject({ revoked: true })
    expect(query(owner.home, 'SELECT count(*) AS n FROM handle_conflicts')[0].n).toBe(0)
    expect(keyOf(owner.home, 'dup')).toBe(heldKey)

    // a second mesh's owner that also trusts mesh A holds b's card for dup: it may not revoke that key
    const other = await home()
    await withCtx(other.home, ctx => { meshCreate(ctx); meshTrust(ctx, meshA) })
    await share(b.home, 'dup', [other.home])
    const r = await cli(other.home, ['mesh', 'revoke', 'dup'])
    expect(errorCode(r)).toBe('REVOCATION_OTHER_MESH')
    expect(r.code).toBe(3)
    expect(query(other.home, 'SELECT count(*) AS n FROM revocations')[0].n).toBe(0)
  })
})
