// A daemon asked to stop stops cleanly (exit 0) however the signals come: several in a row, or the moment it is ready;
// and at once, with calls still waiting for a receipt.
import { once } from 'node:events'
import { createConnection } from 'node:net'
import { describe, expect, it } from 'vitest'
import { homePaths } from '../../daemon/index.js'
import { createMesh, waitFor } from '../helpers/mesh.js'

describe('daemon signals', () => {
  it('a second SIGTERM (and a SIGINT) while stopping does not kill the daemon half-way', async () => {
    const [a] = await createMesh(1)
    const child = a.daemon.child!
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    child.kill('SIGTERM')
    child.kill('SIGINT')
    const [code, signal] = await exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
  })

  it('SIGTERM the moment the daemon says it is ready ends in a clean stop, not a kill', async () => {
    const [a] = await createMesh(1, { start: false })
    await a.daemon.start()
    const child = a.daemon.child!
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const [code, signal] = await exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
  })

  it('a stop with calls still waiting for a receipt ends them and exits at once, not when their time runs out', async () => {
    const [a] = await createMesh(2, { start: false }) // agent-b's node stays down: nothing is ever delivered
    await a.daemon.start()
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'never delivered' })
    // two calls that wait ten minutes: a wait, and a notify that waits; their connection stays open
    const socket = createConnection(homePaths(a.home).socket)
    await once(socket, 'connect')
    socket.on('error', () => {})
    socket.write(JSON.stringify({ id: 1, method: 'wait', params: { obligation, state: 'DELIVERED', timeoutMs: 600_000 } }) + '\n')
    socket.write(JSON.stringify({ id: 2, method: 'notify', params: { to: 'agent-b', text: 'waits too', wait: 'DELIVERED', waitMs: 600_000 } }) + '\n')
    await waitFor('the second message stored', async () => (await a.daemon.call('outbox', {})).length, n => n === 2)
    const child = a.daemon.child!
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    // a service manager kills what has not stopped in its stop timeout (systemd/aios-comm.service.in: 20 s)
    const bound = new Promise<'still running'>(resolve => setTimeout(() => resolve('still running'), 20_000).unref())
    const ended = await Promise.race([exited, bound])
    if (ended === 'still running') await a.daemon.kill()
    expect(ended).toEqual([0, null])
    socket.destroy()
  }, 60_000)
})
