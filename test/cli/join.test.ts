// Five homes joined with invite/join only: a message from the last to the first, acked there, is COMPLETE in
// `status OB --json` on all five.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { onTestFinished } from 'vitest'
import { cli, errorCode, ok, tempDir } from '../helpers/cli.js'
import { DaemonProcess, freePort, query, waitFor } from '../helpers/mesh.js'
import { encodeToken, parseToken } from '../../daemon/join/index.js'
import { EXIT } from '../../cli/exit-codes.js'

async function home (): Promise<{ home: string, daemon: DaemonProcess }> {
  const h = tempDir('aios-join-')
  await ok(h, ['init', '--listen', `/ip4/127.0.0.1/tcp/${await freePort()}`])
  const daemon = new DaemonProcess(h)
  onTestFinished(async () => { await daemon.kill() })
  return { home: h, daemon }
}

describe('invite and join', () => {
  it('five homes join by token only; an obligation from the last to the first is COMPLETE on all five', async () => {
    // the homes are made side by side while the owner sets up; each joins with its own invitation, all at once
    const [owner, extra, ...joiners] = await Promise.all(Array.from({ length: 6 }, async () => await home()))
    await ok(owner.home, ['mesh', 'create'])
    await ok(owner.home, ['actor', 'add', 'agent-1'])
    await owner.daemon.start()
    const tokens: string[] = await Promise.all(Array.from({ length: 4 }, async () => (await ok(owner.home, ['invite', '--json'])).token))
    expect(new Set(tokens).size).toBe(4)
    await Promise.all(joiners.map(async (h, k) => {
      const joined = await ok(h.home, ['join', tokens[k], '--handle', `agent-${k + 2}`, '--json'])
      expect(joined.seats).toEqual([`agent-${k + 2}`])
      await h.daemon.start()
    }))
    const homes = [owner, ...joiners]
    // a used token is refused
    const { token } = await ok(owner.home, ['invite', '--json'])
    await ok(extra.home, ['join', token, '--handle', 'agent-6'])
    expect(errorCode(await cli(extra.home, ['join', token, '--handle', 'agent-7']))).toBe('INVITE_INVALID')
    expect(errorCode(await cli(extra.home, ['join', 'aioscomm1.bm90IGEgdG9rZW4', '--handle', 'agent-8']))).toBe('INVITE_MALFORMED')

    const last = homes[4]
    await waitFor('agent-1 known at the last home', async () => await last.daemon.call('where', { handle: 'agent-1' }).catch(() => undefined), w => w?.valid === true)
    const { obligation } = await ok(last.home, ['notify', '--to', 'agent-1', '--text', 'hello from the newest home', '--json'])
    await waitFor('delivery', async () => await ok(owner.home, ['inbox', '--json']), l => l.length === 1, 30_000)
    const t0 = Date.now()
    await ok(owner.home, ['ack', obligation, 'Welcome aboard.'])
    const views = await Promise.all(homes.map(async h => await waitFor('COMPLETE everywhere', async () => await h.daemon.call('status', { obligation }).catch(() => undefined), s => s?.state === 'COMPLETE', 30_000)))
    process.stdout.write(`join: COMPLETE on all 5 homes ${Date.now() - t0} ms after the ack\n`)
    for (const v of views) expect(v).toMatchObject({ obligation, from: 'agent-5', to: 'agent-1', state: 'COMPLETE' })
    for (const v of views) expect(v.receipts.every((r: any) => r.verified)).toBe(true)
  }, 180_000)

  it('a join that fails leaves the joining home trusting only what it trusted before', async () => {
    const [owner, joiner] = await Promise.all([home(), home()])
    await ok(owner.home, ['mesh', 'create'])
    await ok(owner.home, ['actor', 'add', 'agent-1'])
    await owner.daemon.start()
    const { token } = await ok(owner.home, ['invite', '--json'])
    const t = parseToken(token)
    const wrongSecret = encodeToken({ ...t, secret: new Uint8Array(32).fill(3) })
    const unreachable = encodeToken({ ...t, addrs: [`/ip4/127.0.0.1/tcp/${await freePort()}`] })
    const trusted = (): string[] => query<{ mesh_key: string }>(joiner.home, 'SELECT mesh_key FROM meshes').map(r => r.mesh_key)

    const refused = await cli(joiner.home, ['join', wrongSecret, '--handle', 'agent-2'])
    expect(errorCode(refused)).toBe('INVITE_INVALID')
    expect(refused.code).toBe(EXIT.refused)
    expect(trusted()).toEqual([])
    expect(errorCode(await cli(joiner.home, ['join', unreachable]))).toBe('PEER_UNREACHABLE')
    expect(trusted()).toEqual([])
    // the same through the joiner's running daemon
    await joiner.daemon.start()
    expect(errorCode(await cli(joiner.home, ['join', wrongSecret]))).toBe('INVITE_INVALID')
    expect(trusted()).toEqual([])
    // nor does the joiner hold an endorsement or a card (the seat named with --handle waits, as one made by actor add)
    expect(query(joiner.home, 'SELECT count(*) AS n FROM actors WHERE endorsement IS NOT NULL')[0].n).toBe(0)
    expect(query(joiner.home, 'SELECT count(*) AS n FROM cards')[0].n).toBe(0)
    // the owner endorsed nothing and holds no card of the joiner; the invitation is still open
    expect(query(owner.home, "SELECT count(*) AS n FROM cards WHERE handle = 'agent-2'")[0].n).toBe(0)
    expect(query(owner.home, 'SELECT count(*) AS n FROM invites WHERE used_at_ms IS NULL')[0].n).toBe(1)

    // the right token then joins the seat that waited, and only now is the mesh trusted; the bootstrap peers the
    // daemon writes go into the config as it is on disk, with what init wrote there after the daemon started
    const announce = '/dns4/joiner.example.com/tcp/7733'
    await ok(joiner.home, ['init', '--announce', announce])
    const joined = await ok(joiner.home, ['join', token, '--json'])
    expect(joined.seats).toEqual(['agent-2'])
    expect(trusted()).toEqual([t.mesh])
    const config = JSON.parse(readFileSync(join(joiner.home, 'config.json'), 'utf8'))
    expect(config.announce).toEqual([announce])
    expect(config.bootstrap).toEqual([expect.stringContaining(`/p2p/${t.peer}`)])
    await waitFor('agent-2 known at the owner', async () => await owner.daemon.call('where', { handle: 'agent-2' }).catch(() => undefined), w => w?.valid === true)
  }, 60_000)
})
