// The sender withdraws an obligation: a CANCELED receipt signed by the sender reaches the recipient's node (at once,
// or when it comes back), the recipient's inbox shows it once, its steps are refused, and a message still in the
// sender's outbox never leaves it. Real daemons, real libp2p on loopback, real SQLite.
import { createConnection } from 'node:net'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'

const WAIT_MS = 15_000

/** One request line on a unix socket, one answer line back. */
async function socketCall (path: string, req: Record<string, unknown>): Promise<any> {
  return await new Promise((resolve, reject) => {
    const s = createConnection(path)
    let buf = ''
    s.setEncoding('utf8')
    s.once('connect', () => s.write(JSON.stringify({ id: 1, ...req }) + '\n'))
    s.on('data', (d: string) => {
      buf += d
      const nl = buf.indexOf('\n')
      if (nl >= 0) { s.destroy(); resolve(JSON.parse(buf.slice(0, nl))) }
    })
    s.once('error', reject)
  })
}

describe('cancel: the sender withdraws', () => {
  it('A cancels: B sees CANCELED once and its steps are refused; only the sender cancels, never after COMPLETE', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'draft the release notes' })
    const shipped = await a.daemon.call('notify', { to: 'agent-b', text: 'ship it' })
    for (const ob of [obligation, shipped.obligation]) await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED', timeoutMs: WAIT_MS })
    const id = Buffer.from(obligation.slice(3), 'hex')

    // the recipient cannot withdraw; a completed obligation cannot be withdrawn
    const byRecipient = await cli(b.home, ['cancel', shipped.obligation])
    expect(errorCode(byRecipient)).toBe('OBLIGATION_NOT_SENDER')
    expect(byRecipient.code).toBe(3)
    await ok(b.home, ['ack', shipped.obligation, 'Shipped.'])
    await a.daemon.call('wait', { obligation: shipped.obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })
    expect(errorCode(await cli(a.home, ['cancel', shipped.obligation, '--json']))).toBe('ALREADY_FINAL')
    expect((await a.daemon.call('status', { obligation: shipped.obligation })).state).toBe('COMPLETE')
    expect(query(a.home, "SELECT count(*) AS n FROM receipts WHERE state = 'CANCELED'")[0].n).toBe(0)

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
    expect(query(b.home, 'SELECT state, actor FROM receipts WHERE message_id = ? ORDER BY state', id)).toEqual([{ state: 'CANCELED', actor: 'agent-a' }, { state: 'DELIVERED', actor: 'agent-b' }])

    // read still shows the message, issues nothing, and takes it out of the open inbox; --all keeps it
    const read = await b.daemon.call('read', { obligation })
    expect(read).toMatchObject({ obligation, state: 'CANCELED', issued: [], body: 'draft the release notes' })
    expect(await b.daemon.call('inbox', {})).toEqual([])
    expect((await b.daemon.call('inbox', { all: true })).map(i => [i.obligation, i.state])).toContainEqual([obligation, 'CANCELED'])
    expect(query(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'READ' AND message_id = ?", id)[0].n).toBe(0)

    // the journey says who withdrew it, on both nodes
    for (const node of [a, b]) {
      const s = await node.daemon.call('status', { obligation })
      expect(s.state).toBe('CANCELED')
      expect(s.verdict).toBe('CANCELED by the sender')
      expect(s.journey.find(j => j.step === 'CANCELED')).toMatchObject({ status: 'done', verified: true, detail: 'plans changed' })
    }
    expect(errorCode(await cli(a.home, ['cancel', obligation]))).toBe('ALREADY_FINAL')
  })

  it('B is stopped: a delivered obligation canceled reaches B when it comes back; one still in the outbox is never delivered', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'review PR 12' })
    await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    await b.daemon.stop()
    expect(await a.daemon.call('cancel', { obligation, reason: 'merged already' })).toMatchObject({ state: 'CANCELED' })
    const pending = await a.daemon.call('notify', { to: 'agent-b', text: 'never mind' })
    expect((await a.daemon.call('outbox', {})).map(o => o.obligation)).toEqual([pending.obligation])
    expect(await a.daemon.call('cancel', { obligation: pending.obligation })).toEqual({ obligation: pending.obligation, state: 'CANCELED', issued: ['CANCELED'] })
    expect(await a.daemon.call('outbox', { all: true })).toEqual([])

    await b.daemon.start()
    expect(await b.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })).toEqual({ obligation, state: 'CANCELED' })
    expect((await b.daemon.call('inbox', {})).map(i => [i.obligation, i.state])).toEqual([[obligation, 'CANCELED']])

    // a later message goes through, and by then B has the withdrawal of the pending one by sync, but never the message
    const later = await a.daemon.call('notify', { to: 'agent-b', text: 'this one is real' })
    await a.daemon.call('wait', { obligation: later.obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    const id = Buffer.from(pending.obligation.slice(3), 'hex')
    await waitFor('the CANCELED fact at B', () => query(b.home, 'SELECT state FROM receipts WHERE message_id = ?', id), rows => rows.length === 1, WAIT_MS)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE id = ?', id)[0].n).toBe(0)
    expect((await b.daemon.call('inbox', { all: true })).map(i => i.obligation)).toEqual([obligation, later.obligation])
  })

  it('on the seat socket a token cancels only what its own seat sent', async () => {
    const [a] = await createMesh(2)
    const seatSock = join(a.home, 'seat.sock')
    await ok(a.home, ['actor', 'add', 'iso', '--isolated'])
    await waitFor('the seat socket', () => { try { return statSync(seatSock).mode } catch { return 0 } }, m => m !== 0)
    const seatToken = readFileSync(join(a.home, 'seat-tokens', 'iso.token'), 'utf8').trim()
    const byOther = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'not iso\'s' })
    const hidden = await socketCall(seatSock, { method: 'cancel', params: { obligation: byOther.obligation }, seatToken })
    expect(hidden.error.code).toBe('OBLIGATION_UNKNOWN')
    const own = await socketCall(seatSock, { method: 'notify', params: { to: 'agent-b', text: 'from iso' }, seatToken })
    const posing = await socketCall(seatSock, { method: 'cancel', params: { obligation: own.result.obligation, as: 'agent-a' }, seatToken })
    expect(posing.error.code).toBe('OBLIGATION_NOT_SENDER')
    const done = await socketCall(seatSock, { method: 'cancel', params: { obligation: own.result.obligation, reason: 'wrong recipient' }, seatToken })
    expect(done.result).toEqual({ obligation: own.result.obligation, state: 'CANCELED', issued: ['CANCELED'] })
    expect((await a.daemon.call('status', { obligation: byOther.obligation })).state).not.toBe('CANCELED')
  })
  it('partitioned: B completes while A cancels; once they meet, both hold both and agree on COMPLETE', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'fix the build' })
    await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    await b.daemon.stop()
    await a.daemon.call('cancel', { obligation, reason: 'someone else fixed it' })
    await a.daemon.stop()
    await b.daemon.start()
    expect(await b.daemon.call('ack', { obligation, sentence: 'Fixed the build.' })).toMatchObject({ state: 'COMPLETE' })
    await a.daemon.start()
    const id = Buffer.from(obligation.slice(3), 'hex')
    for (const node of [a, b]) {
      // (a wait would end at A's CANCELED at once: it is final too)
      await waitFor('both terminal words held', () => query(node.home, 'SELECT state FROM receipts WHERE message_id = ? ORDER BY state', id).map(r => r.state),
        states => states.includes('CANCELED') && states.includes('COMPLETE'), WAIT_MS)
      const s = await node.daemon.call('status', { obligation })
      expect(s.state).toBe('COMPLETE')
      expect(s.receipts.filter(r => r.state === 'CANCELED' || r.state === 'COMPLETE').map(r => [r.state, r.actor, r.verified]).sort())
        .toEqual([['CANCELED', 'agent-a', true], ['COMPLETE', 'agent-b', true]])
    }
  })
})
