// notify with `wait`: one control call sends the message and answers once it reaches the state asked for. A wait that
// runs out is still the sent obligation (timedOut, no error: a script must not send it again); a bad wait is refused
// before anything is sent. Real daemons, real libp2p on loopback, real SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSharedMesh, query, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'
import { cli, ok } from '../../helpers/cli.js'

const WAIT_MS = 15_000

/** How many messages this node's seats have sent (the sender's own rows). */
const sentCount = (home: string): number => query(home, 'SELECT count(*) AS n FROM messages WHERE local_from = 1')[0].n

describe('notify with wait', () => {
  let mesh: SharedMesh
  let a: MeshNodeHandle
  let b: MeshNodeHandle
  beforeAll(async () => {
    mesh = await createSharedMesh(2)
    ;[a, b] = mesh.nodes
  })
  afterAll(async () => { await mesh?.close() })

  it('answers with the state reached, in the same call', async () => {
    const r = await a.daemon.call('notify', { to: 'agent-b', text: 'one call', require: 'DELIVERED', wait: 'DELIVERED', waitMs: WAIT_MS })
    expect(r.obligation).toMatch(/^ob_[0-9a-f]{32}$/)
    expect(r.state).toBe('DELIVERED')
    expect(r.timedOut).toBeUndefined()
    // the answer is the truth: the sender holds the recipient's DELIVERED receipt
    expect((await a.daemon.call('status', { obligation: r.obligation })).state).toBe('DELIVERED')
  })

  it('a wait for a later state ends at a final one (REJECTED) with that state', async () => {
    const pending = a.daemon.call('notify', { to: 'agent-b', text: 'please refuse', wait: 'COMPLETE', waitMs: WAIT_MS })
    const item = await waitFor('the message in agent-b\'s inbox', async () => (await b.daemon.call('inbox', {})).find(m => m.preview === 'please refuse'), m => m !== undefined)
    if (item === undefined) throw new Error('unreachable')
    await b.daemon.call('reject', { obligation: item.obligation, reason: 'not mine' })
    const r = await pending
    expect(r).toMatchObject({ obligation: item.obligation, state: 'REJECTED' })
  })

  it('a bad wait is refused with BAD_REQUEST and sends nothing', async () => {
    const before = sentCount(a.home)
    await expect(a.daemon.call('notify', { to: 'agent-b', text: 'never sent 1', wait: 'DELIVERY_PENDING' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(a.daemon.call('notify', { to: 'agent-b', text: 'never sent 2', wait: 'SOON' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(a.daemon.call('notify', { to: 'agent-b', text: 'never sent 3', waitMs: 100 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(a.daemon.call('notify', { to: 'agent-b', text: 'never sent 4', wait: 'DELIVERED', waitMs: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(sentCount(a.home)).toBe(before)
  })

  it('the CLI: notify --wait prints the state reached; a bad --wait is a usage error', async () => {
    const r = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'from the shell', '--wait', 'delivered', '--json'])
    expect(r.state).toBe('DELIVERED')
    const text = await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'from the shell 2', '--wait', 'DELIVERED'])
    expect(text.code).toBe(0)
    expect(text.stdout.trim()).toMatch(/^ob_[0-9a-f]{32} DELIVERED$/)
    const before = sentCount(a.home)
    const bad = await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'not sent', '--wait', 'later'])
    expect(bad.code).toBe(2)
    expect(sentCount(a.home)).toBe(before)
  })

  it('a wait that runs out answers with the sent obligation (timedOut, no error); it is delivered once later', async () => {
    await b.daemon.stop()
    const before = sentCount(a.home)
    const r = await a.daemon.call('notify', { to: 'agent-b', text: 'while b is down', wait: 'DELIVERED', waitMs: 300 })
    expect(r).toMatchObject({ state: 'DELIVERY_PENDING', timedOut: true })
    expect(r.obligation).toMatch(/^ob_[0-9a-f]{32}$/)
    const shell = await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'while b is down 2', '--wait', 'DELIVERED', '--timeout', '300ms'])
    expect(shell.code).toBe(0) // sent: no error status a script would answer by sending again
    expect(shell.stdout).toMatch(/^ob_[0-9a-f]{32} DELIVERY_PENDING\n/)
    await b.daemon.start()
    expect((await a.daemon.call('wait', { obligation: r.obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })).state).toBe('DELIVERED')
    expect(sentCount(a.home)).toBe(before + 2) // each sent once: the run-out wait was no error, so nothing was sent again
  })

  it('a message between two seats of one node: the wait ends at DELIVERED, not at its timeout', async () => {
    await a.daemon.call('actor.add', { handle: 'agent-y' })
    const started = Date.now()
    const r = await a.daemon.call('notify', { as: 'agent-y', to: 'agent-a', text: 'next door', wait: 'DELIVERED', waitMs: WAIT_MS })
    expect(r).toMatchObject({ state: 'DELIVERED' })
    expect(r.timedOut).toBeUndefined()
    const plain = await a.daemon.call('notify', { as: 'agent-y', to: 'agent-a', text: 'next door again' })
    expect((await a.daemon.call('wait', { obligation: plain.obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })).state).toBe('DELIVERED')
    expect(Date.now() - started).toBeLessThan(WAIT_MS) // woken by the delivery, not found by the look at the timeout
  })
})
