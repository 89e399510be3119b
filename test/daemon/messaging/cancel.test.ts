// The sender withdraws an obligation: a CANCELED receipt signed by the sender reaches the recipient's node (at once,
// or when it comes back), the recipient's inbox shows it once, its steps are refused, and a message still in the
// sender's outbox never leaves it. Real daemons, real libp2p on loopback, real SQLite.
import { describe, expect, it } from 'vitest'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'

const WAIT_MS = 15_000

describe('cancel: the sender withdraws', () => {
  it('A sends, A cancels: B sees CANCELED once, its ack is refused, a second cancel is ALREADY_FINAL', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'draft the release notes' })
    await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })

    const canceled = await ok(a.home, ['cancel', obligation, '--reason', 'plans changed', '--json'])
    expect(canceled).toEqual({ obligation, state: 'CANCELED', issued: ['CANCELED'] })

    // B learns it like any fact; its wait ends at the terminal state
    expect(await b.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })).toEqual({ obligation, state: 'CANCELED' })
    const inbox = await b.daemon.call('inbox', {})
    expect(inbox.map(i => [i.obligation, i.state])).toEqual([[obligation, 'CANCELED']])

    for (const args of [['ack', obligation, 'done anyway'], ['consume', obligation], ['reject', obligation, 'too late']]) {
      const r = await cli(b.home, args)
      expect(errorCode(r)).toBe('OBLIGATION_CANCELED')
      expect(r.code).toBe(3)
    }
    expect(query(b.home, "SELECT state, actor FROM receipts ORDER BY state")).toEqual([{ state: 'CANCELED', actor: 'agent-a' }, { state: 'DELIVERED', actor: 'agent-b' }])

    // read still shows the message, issues nothing, and takes it out of the open inbox; --all keeps it
    const read = await b.daemon.call('read', { obligation })
    expect(read).toMatchObject({ obligation, state: 'CANCELED', issued: [], body: 'draft the release notes' })
    expect(await b.daemon.call('inbox', {})).toEqual([])
    expect((await b.daemon.call('inbox', { all: true })).map(i => i.state)).toEqual(['CANCELED'])
    expect(query(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'READ'")[0].n).toBe(0)

    // the journey says who withdrew it, on both nodes
    for (const node of [a, b]) {
      const s = await node.daemon.call('status', { obligation })
      expect(s.state).toBe('CANCELED')
      expect(s.verdict).toBe('CANCELED by the sender')
      expect(s.journey.find(j => j.step === 'CANCELED')).toMatchObject({ status: 'done', verified: true, detail: 'plans changed' })
    }
    const again = await cli(a.home, ['cancel', obligation])
    expect(errorCode(again)).toBe('ALREADY_FINAL')
  })

  it('only the sender cancels, and a COMPLETE obligation cannot be withdrawn', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'ship it' })
    await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    const byRecipient = await cli(b.home, ['cancel', obligation])
    expect(errorCode(byRecipient)).toBe('OBLIGATION_NOT_SENDER')
    expect(byRecipient.code).toBe(3)

    await ok(b.home, ['ack', obligation, 'Shipped.'])
    await a.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })
    const late = await cli(a.home, ['cancel', obligation, '--json'])
    expect(errorCode(late)).toBe('ALREADY_FINAL')
    expect(query(a.home, "SELECT count(*) AS n FROM receipts WHERE state = 'CANCELED'")[0].n).toBe(0)
    expect((await a.daemon.call('status', { obligation })).state).toBe('COMPLETE')
  })

  it('B is stopped when A cancels: B learns it when it comes back', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'review PR 12' })
    await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    await b.daemon.stop()
    expect(await a.daemon.call('cancel', { obligation, reason: 'merged already' })).toMatchObject({ state: 'CANCELED' })
    await b.daemon.start()
    expect(await b.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })).toEqual({ obligation, state: 'CANCELED' })
    expect((await b.daemon.call('inbox', {})).map(i => i.state)).toEqual(['CANCELED'])
  })

  it('a message still in the outbox is canceled there and never delivered', async () => {
    const [a, b] = await createMesh(2)
    await b.daemon.stop()
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'never mind' })
    expect(await a.daemon.call('outbox', {})).toHaveLength(1)
    expect(await a.daemon.call('cancel', { obligation })).toEqual({ obligation, state: 'CANCELED', issued: ['CANCELED'] })
    expect(await a.daemon.call('outbox', { all: true })).toEqual([])

    await b.daemon.start()
    // a later message goes through, and by then B has the withdrawal by sync but never the message
    const later = await a.daemon.call('notify', { to: 'agent-b', text: 'this one is real' })
    await a.daemon.call('wait', { obligation: later.obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    const id = Buffer.from(obligation.slice(3), 'hex')
    await waitFor('the CANCELED fact at B', () => query(b.home, 'SELECT state FROM receipts WHERE message_id = ?', id), rows => rows.length === 1, WAIT_MS)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE id = ?', id)[0].n).toBe(0)
    expect((await b.daemon.call('inbox', { all: true })).map(i => i.obligation)).toEqual([later.obligation])
  })
})
