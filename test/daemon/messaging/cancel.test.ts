// The sender withdraws an obligation: a CANCELED receipt signed by the sender reaches the recipient's node (at once,
// or when it comes back), the recipient's inbox shows it once, its steps are refused, and a message still in the
// sender's outbox never leaves it. Real daemons, real libp2p on loopback, real SQLite. One pair of daemons serves the
// file: each test counts only the obligations it made, and the cases that need a node down share one sequence.
import { createConnection } from 'node:net'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSharedMesh, query, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'

const WAIT_MS = 15_000

/** The items of a list whose obligation is one of these, in the list's order. */
const only = <T extends { obligation: string }>(items: T[], ...obligations: string[]): T[] => items.filter(i => obligations.includes(i.obligation))

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
  let mesh: SharedMesh
  let a: MeshNodeHandle
  let b: MeshNodeHandle
  beforeAll(async () => {
    mesh = await createSharedMesh(2)
    ;[a, b] = mesh.nodes
  })
  afterAll(async () => { await mesh?.close() })

  it('A cancels: B sees CANCELED once and its steps are refused; only the sender cancels, never after COMPLETE', async () => {
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'draft the release notes' })
    const shipped = await a.daemon.call('notify', { to: 'agent-b', text: 'ship it' })
    for (const ob of [obligation, shipped.obligation]) await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED', timeoutMs: WAIT_MS })
    const id = Buffer.from(obligation.slice(3), 'hex')
    const shippedId = Buffer.from(shipped.obligation.slice(3), 'hex')

    // the recipient cannot withdraw; a completed obligation cannot be withdrawn
    const byRecipient = await cli(b.home, ['cancel', shipped.obligation])
    expect(errorCode(byRecipient)).toBe('OBLIGATION_NOT_SENDER')
    expect(byRecipient.code).toBe(3)
    await ok(b.home, ['ack', shipped.obligation, 'Shipped.'])
    await a.daemon.call('wait', { obligation: shipped.obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })
    expect(errorCode(await cli(a.home, ['cancel', shipped.obligation, '--json']))).toBe('ALREADY_FINAL')
    expect((await a.daemon.call('status', { obligation: shipped.obligation })).state).toBe('COMPLETE')
    expect(query(a.home, "SELECT count(*) AS n FROM receipts WHERE state = 'CANCELED' AND message_id IN (?, ?)", id, shippedId)[0].n).toBe(0)

    const canceled = await ok(a.home, ['cancel', obligation, '--reason', 'plans changed', '--json'])
    expect(canceled).toEqual({ obligation, state: 'CANCELED', issued: ['CANCELED'] })

    // B learns it like any fact; its wait ends at the terminal state
    expect(await b.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })).toEqual({ obligation, state: 'CANCELED' })
    const inbox = only(await b.daemon.call('inbox', {}), obligation, shipped.obligation)
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
    expect(only(await b.daemon.call('inbox', {}), obligation, shipped.obligation)).toEqual([])
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

  // (it adds a second seat on A: calls on A name their seat from here on)
  it('on the seat socket a token cancels only what its own seat sent', async () => {
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

  // One sequence for the cases that need a node down, so that they share the stops and starts: B is stopped while A
  // withdraws a delivered obligation and one still in its outbox (they reach B, or never leave, once the two meet
  // again), and while A withdraws a third one that B, back while A is down, completes (the partition).
  it('B is stopped: a delivered obligation canceled reaches B when they meet again; one still in the outbox is never delivered; partitioned, B completes while A cancels and both agree on COMPLETE', async () => {
    const { obligation } = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'review PR 12' })
    const fix = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'fix the build' })
    for (const ob of [obligation, fix.obligation]) await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED', timeoutMs: WAIT_MS })
    await b.daemon.stop()
    expect(await a.daemon.call('cancel', { as: 'agent-a', obligation, reason: 'merged already' })).toMatchObject({ state: 'CANCELED' })
    const pending = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'never mind' })
    const mine = [obligation, fix.obligation, pending.obligation]
    expect(only(await a.daemon.call('outbox', {}), ...mine).map(o => o.obligation)).toEqual([pending.obligation])
    expect(await a.daemon.call('cancel', { as: 'agent-a', obligation: pending.obligation })).toEqual({ obligation: pending.obligation, state: 'CANCELED', issued: ['CANCELED'] })
    expect(only(await a.daemon.call('outbox', { all: true }), ...mine)).toEqual([])

    // partitioned: A withdraws the fix and goes down; B comes back alone and completes it
    await a.daemon.call('cancel', { as: 'agent-a', obligation: fix.obligation, reason: 'someone else fixed it' })
    await a.daemon.stop()
    await b.daemon.start()
    expect(await b.daemon.call('ack', { obligation: fix.obligation, sentence: 'Fixed the build.' })).toMatchObject({ state: 'COMPLETE' })
    await a.daemon.start()

    expect(await b.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })).toEqual({ obligation, state: 'CANCELED' })
    expect(only(await b.daemon.call('inbox', {}), ...mine).map(i => [i.obligation, i.state])).toEqual([[obligation, 'CANCELED']])

    // a later message goes through, and by then B has the withdrawal of the pending one by sync, but never the message
    const later = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'this one is real' })
    await a.daemon.call('wait', { obligation: later.obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    const id = Buffer.from(pending.obligation.slice(3), 'hex')
    await waitFor('the CANCELED fact at B', () => query(b.home, 'SELECT state FROM receipts WHERE message_id = ?', id), rows => rows.length === 1, WAIT_MS)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE id = ?', id)[0].n).toBe(0)
    expect(only(await b.daemon.call('inbox', { all: true }), ...mine, later.obligation).map(i => i.obligation)).toEqual([obligation, fix.obligation, later.obligation])

    // the partition: once they meet, both hold both terminal words and agree on COMPLETE
    const fixId = Buffer.from(fix.obligation.slice(3), 'hex')
    for (const node of [a, b]) {
      // (a wait would end at A's CANCELED at once: it is final too)
      await waitFor('both terminal words held', () => query(node.home, 'SELECT state FROM receipts WHERE message_id = ? ORDER BY state', fixId).map(r => r.state),
        states => states.includes('CANCELED') && states.includes('COMPLETE'), WAIT_MS)
      const s = await node.daemon.call('status', { obligation: fix.obligation })
      expect(s.state).toBe('COMPLETE')
      expect(s.receipts.filter(r => r.state === 'CANCELED' || r.state === 'COMPLETE').map(r => [r.state, r.actor, r.verified]).sort())
        .toEqual([['CANCELED', 'agent-a', true], ['COMPLETE', 'agent-b', true]])
    }
  })
})
