// A seat moves to another node with 20 unread and 10 in-flight messages: every one arrives exactly once at the
// new node, with its id and receipts; nothing is receipted twice.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'

const hexIds = (home: string, sql: string): string[] => query(home, sql).map(r => Buffer.from(r.id).toString('hex')).sort()

/** Messages the daemon stored for its seats and announced (woke, counted, streamed) since it started. */
async function receivedSinceStart (metricsUrl: string): Promise<number> {
  const m = /^aios_comm_messages_received_total (\S+)$/m.exec(await (await fetch(metricsUrl)).text())
  return m === null ? 0 : Number(m[1])
}

describe('seat move', () => {
  it('hands over unread messages with their receipts and follows in-flight ones to the new Current', async () => {
    const [a, b, c] = await createMesh(3, { args: i => i === 2 ? ['--metrics-port', '0'] : [] })
    const unread: string[] = []
    for (let i = 0; i < 20; i++) unread.push((await a.daemon.call('notify', { to: 'agent-b', text: `unread ${i}` })).obligation)
    for (const ob of unread) await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED' })
    await b.daemon.call('read', { obligation: unread[0] }) // one with a READ receipt too
    const deliveredAtB = query(b.home, "SELECT hex(message_id) AS id, hex(hash) AS hash FROM receipts WHERE state = 'DELIVERED' ORDER BY 1")

    // b exports the seat: it stops hosting it at once
    const exported = await b.daemon.call('actor.export', { handle: 'agent-b', out: join(b.home, 'agent-b.seat.json') })
    expect(exported.handoff).toBe(20)
    // 10 in flight: sent while the seat is between nodes (b refuses them, a keeps retrying)
    const inflight: string[] = []
    for (let i = 0; i < 10; i++) inflight.push((await a.daemon.call('notify', { to: 'agent-b', text: `in flight ${i}` })).obligation)

    const imported = await c.daemon.call('actor.import', { file: exported.path })
    expect(imported.seq).toBe(2)
    await waitFor('a sees agent-b at c', async () => (await a.daemon.call('where', { handle: 'agent-b' })).peerId, p => p === c.daemon.peerId)
    for (const ob of inflight) expect((await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED', timeoutMs: 30_000 })).state).toBe('DELIVERED')
    await waitFor('30 messages at c', () => query(c.home, "SELECT count(*) AS n FROM messages WHERE local_to = 1 AND to_handle = 'agent-b'")[0].n, n => n === 30, 30_000)
    await waitFor('b handed everything over', async () => (await b.daemon.call('outbox')).length, n => n === 0, 30_000)

    const all = [...unread, ...inflight].map(ob => ob.slice(3)).sort()
    expect(hexIds(c.home, "SELECT id FROM messages WHERE local_to = 1 AND to_handle = 'agent-b'")).toEqual(all)
    // each arrived at c once: 20 by handover, 10 by delivery, one arrival announced (woken, counted) per message
    expect(await receivedSinceStart(c.daemon.ready.metrics)).toBe(30)
    // the 20 handed over keep the DELIVERED receipt b signed: no state receipted twice
    const deliveredAtC = query(c.home, "SELECT hex(message_id) AS id, hex(hash) AS hash FROM receipts WHERE state = 'DELIVERED' ORDER BY 1")
    expect(deliveredAtC).toHaveLength(30)
    for (const r of deliveredAtB) expect(deliveredAtC).toContainEqual(r)
    // one DELIVERED per message across the mesh: the sender holds the very receipts c holds (b's for the 20
    // handed over, c's for the 10 in flight), so c signed no second one of its own for a handed-over message
    const deliveredAtA = query(a.home, "SELECT hex(message_id) AS id, hex(hash) AS hash FROM receipts WHERE state = 'DELIVERED' ORDER BY 1")
    expect(deliveredAtA).toEqual(deliveredAtC)
    expect(query(c.home, "SELECT count(*) AS n FROM receipts WHERE state = 'READ'")[0].n).toBe(1)
    // b keeps them as history only; its inbox is empty
    expect(await b.daemon.call('inbox')).toEqual([])
    expect((await c.daemon.call('inbox', { as: 'agent-b' })).length).toBe(30)
    // and the seat works at its new node: an ack there reaches the sender
    await c.daemon.call('ack', { obligation: unread[5], sentence: 'done after the move' })
    expect((await a.daemon.call('wait', { obligation: unread[5], state: 'COMPLETE' })).state).toBe('COMPLETE')
    process.stdout.write(`seat move: ${query(c.home, "SELECT count(*) AS n FROM messages WHERE local_to = 1")[0].n}/30 messages at the new node, ${deliveredAtC.length} DELIVERED receipts, 0 duplicates\n`)
  }, 120_000)
})
