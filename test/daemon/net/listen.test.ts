// Listeners beyond IPv4 TCP: a daemon listening only on a WebSocket address is dialed there and delivers; IPv6
// listens beside IPv4 by default, and a daemon whose every IPv6 listener fails (a host without IPv6) still serves.
import { createServer } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { DEFAULT_LISTEN } from '../../../daemon/index.js'
import { saveConfig } from '../../../daemon/home/config.js'
import { createMesh, query, waitFor, withCtx } from '../../helpers/mesh.js'

describe('listeners', () => {
  it('listens on IPv6 beside IPv4 by default', () => {
    expect(DEFAULT_LISTEN).toEqual(['/ip4/0.0.0.0/tcp/7733', '/ip6/::/tcp/7733'])
  })

  it('a daemon that listens only on /ws is dialed there and delivers', async () => {
    const [a, b] = await createMesh(2, { addresses: (i, port) => ({ listen: i === 0 ? `/ip4/127.0.0.1/tcp/${port}/ws` : `/ip4/127.0.0.1/tcp/${port}` }) })
    expect((await a.daemon.call('node.status')).addresses).toEqual([`/ip4/127.0.0.1/tcp/${a.port}/ws`])
    const { obligation } = await b.daemon.call('notify', { to: a.handle, text: 'over a web port' })
    await waitFor('DELIVERED at the sender', async () => (await b.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
    expect(query(a.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1')[0].n).toBe(1)
  })

  it('a daemon whose IPv6 listener cannot listen serves on IPv4', async () => {
    const [a, b] = await createMesh(2, { start: false })
    // [::1]:port is taken, as listening on :: fails on a host without IPv6
    const blocker = createServer()
    await new Promise<void>((resolve, reject) => { blocker.once('error', reject).listen({ host: '::1', port: a.port, ipv6Only: true }, resolve) })
    onTestFinished(() => { blocker.close() })
    await withCtx(a.home, ctx => { ctx.config.listen.push(`/ip6/::1/tcp/${a.port}`); saveConfig(ctx.paths.config, ctx.config) })
    await a.daemon.start()
    await b.daemon.start()
    expect((await a.daemon.call('node.status')).addresses).toEqual([`/ip4/127.0.0.1/tcp/${a.port}`])
    const { obligation } = await b.daemon.call('notify', { to: a.handle, text: 'over IPv4' })
    await waitFor('DELIVERED at the sender', async () => (await b.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
  })
})
