// Fail closed: a peer of another mesh cannot deliver; a receipt signed by the wrong actor is ignored; an
// equivocation is refused; bad frames close only their stream and the next delivery still succeeds.
import { describe, expect, it } from 'vitest'
import { encode as varint } from 'uint8-varint'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { HomeContext, actorAdd, cardImport, initHome, meshCreate, meshTrust, meshShow } from '../../daemon/index.js'
import { ok } from '../helpers/cli.js'
import { DaemonProcess, createMesh, freePort, query, waitFor } from '../helpers/mesh.js'
import { homeKey, openDeliver, rawPeer, signedMessage, signedReceipt } from '../helpers/raw-peer.js'
import { tempDir } from '../helpers/cli.js'
import { onTestFinished } from 'vitest'

const count = (home: string, sql: string): number => query(home, sql)[0].n

describe('adversarial peers', () => {
  it('a node of another mesh cannot deliver', async () => {
    const [a] = await createMesh(1)
    // a separate mesh, whose home trusts a's mesh and knows a's card, but not the other way round
    const home = tempDir('aios-other-')
    await initHome(home, { listen: [`/ip4/127.0.0.1/tcp/${await freePort()}`] })
    const ctx = HomeContext.open(home)
    try {
      meshCreate(ctx)
      await actorAdd(ctx, 'agent-x')
      meshTrust(ctx, (await a.daemon.call('mesh.show')).meshKey)
      const cardFile = join(home, 'a.json')
      writeFileSync(cardFile, JSON.stringify(await a.daemon.call('card.show', { handle: 'agent-a' })))
      cardImport(ctx, cardFile)
      expect(meshShow(ctx).trusted).toHaveLength(2)
    } finally {
      ctx.close()
    }
    const x = new DaemonProcess(home)
    onTestFinished(async () => { await x.kill() })
    await x.start()
    const { obligation } = await x.call('notify', { to: 'agent-a', text: 'let me in' })
    const s = await waitFor('a failed attempt', async () => await x.call('status', { obligation }), v => (v.delivery?.attempts ?? 0) >= 2)
    expect(s.state).toBe('DELIVERY_PENDING')
    expect(s.delivery.lastError).toMatch(/PEER_UNREACHABLE/)
    expect(count(a.home, 'SELECT count(*) AS n FROM messages')).toBe(0)
  })

  it('ignores a receipt signed by the wrong actor, and refuses an equivocation', async () => {
    const [a, b, c] = await createMesh(3)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'for b only' })
    await waitFor('DELIVERED', async () => (await a.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
    await c.daemon.stop()
    const rogue = await rawPeer(c.home)
    const s = await openDeliver(rogue, a.daemon.peerId, a.port)
    const cKey = homeKey(c.home, 'keys/agent-c.key')
    const [m] = query(a.home, 'SELECT id, hash FROM messages')
    const forged = (actor: string) => signedReceipt(cKey, {
      messageId: new Uint8Array(m.id), messageHash: new Uint8Array(m.hash), actor, state: 'COMPLETE', atMs: Date.now(),
      evidence: { path: '/tmp/x', sha256: new Uint8Array(32), size: 0 }
    })
    const res = await s.request({ receipts: [forged('agent-b'), forged('agent-c')] })
    expect(res.receiptResults.map(r => r.errorCode)).toEqual(['RECEIPT_WRONG_SIGNER', 'RECEIPT_WRONG_SIGNER'])
    expect((await a.daemon.call('status', { obligation })).state).toBe('DELIVERED')
    expect(count(a.home, 'SELECT count(*) AS n FROM receipts')).toBe(1)

    // the same id with other content
    const first = signedMessage(cKey, { from: 'agent-c', to: 'agent-a', body: new TextEncoder().encode('version one') })
    const again = await s.request({ messages: [first.bytes], headers: [first.header] })
    expect(again.results[0].receipt).toBeDefined()
    const repeat = await s.request({ messages: [first.bytes], headers: [first.header] })
    expect(repeat.results[0].receipt).toEqual(again.results[0].receipt) // idempotent: the same receipt back
    const other = signedMessage(cKey, { from: 'agent-c', to: 'agent-a', body: new TextEncoder().encode('version two') }, first.nonce)
    expect(other.msg.id).toEqual(first.msg.id)
    const eq = await s.request({ messages: [other.bytes], headers: [other.header] })
    expect(eq.results[0]).toMatchObject({ errorCode: 'EQUIVOCATION' })
    expect(count(a.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1')).toBe(1)
    expect(count(a.home, 'SELECT count(*) AS n FROM equivocations')).toBe(1)
    expect(query(a.home, 'SELECT count(*) AS n FROM messages WHERE id = ?', Buffer.from(first.msg.id))[0].n).toBe(1)
    // a frame of many more versions: each refused and kept as evidence; the log has one line for the frame
    const VERSIONS = 30
    const versions = Array.from({ length: VERSIONS }, (_, i) => signedMessage(cKey, { from: 'agent-c', to: 'agent-a', body: new TextEncoder().encode(`version ${i + 3}`) }, first.nonce))
    const many = await s.request({ messages: versions.map(v => v.bytes), headers: versions.map(v => v.header) })
    expect(many.results.map(r => r.errorCode)).toEqual(Array(VERSIONS).fill('EQUIVOCATION'))
    expect(count(a.home, 'SELECT count(*) AS n FROM equivocations')).toBe(1 + VERSIONS)
    const lines = a.daemon.stderr.split('\n').filter(l => l.includes('equivocation refused'))
    expect(lines.map(l => (JSON.parse(l) as { refused: number }).refused)).toEqual([1, VERSIONS])

    // a message signed by one actor in another's name
    const impostor = signedMessage(cKey, { from: 'agent-b', to: 'agent-a' })
    expect((await s.request({ messages: [impostor.bytes], headers: [impostor.header] })).results[0].errorCode).toBe('NOT_ENDORSED')
    // a message for a seat that is not here
    const lost = signedMessage(cKey, { from: 'agent-c', to: 'agent-b' })
    expect((await s.request({ messages: [lost.bytes], headers: [lost.header] })).results[0].errorCode).toBe('NOT_HOSTED_HERE')
  })

  it('malformed, oversized and truncated frames close only their stream', async () => {
    const [a, , c] = await createMesh(3)
    await c.daemon.stop()
    const rogue = await rawPeer(c.home)
    const cKey = homeKey(c.home, 'keys/agent-c.key')

    const junk = await openDeliver(rogue, a.daemon.peerId, a.port)
    const garbage = new Uint8Array(20).fill(0xff)
    await junk.write(new Uint8Array([...varint(garbage.byteLength), ...garbage]))
    expect((await junk.read())?.error?.code).toBe('FRAME_MALFORMED')
    expect(await junk.read()).toBeUndefined()

    const big = await openDeliver(rogue, a.daemon.peerId, a.port)
    await big.write(new Uint8Array([...varint(2 << 20), 1, 2, 3]))
    expect((await big.read())?.error?.code).toBe('FRAME_TOO_LARGE')

    const cut = await openDeliver(rogue, a.daemon.peerId, a.port)
    await cut.write(new Uint8Array([...varint(100), 1, 2, 3, 4, 5]))
    await cut.raw.close()
    expect((await cut.read())?.error?.code).toBe('FRAME_TRUNCATED')

    const good = await openDeliver(rogue, a.daemon.peerId, a.port)
    const m = signedMessage(cKey, { from: 'agent-c', to: 'agent-a', body: new TextEncoder().encode('still works') })
    const res = await good.request({ messages: [m.bytes], headers: [m.header] })
    expect(res.results[0].receipt).toBeDefined()
    expect(await ok(a.home, ['inbox', '--json'])).toHaveLength(1)
    expect(a.daemon.running).toBe(true)
  })
})
