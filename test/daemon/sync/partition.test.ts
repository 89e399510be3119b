// Partition and heal: a node that was away catches up on exactly what it missed (counted), not the whole log.
import { describe, expect, it } from 'vitest'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'

const facts = (home: string): number => query(home, 'SELECT count(*) AS n FROM facts')[0].n

describe('partition and heal', () => {
  it('the catch-up after a reconnect is proportional to what was missed', async () => {
    const [a, b, c] = await createMesh(3)
    // a log of some size before the partition
    const before: string[] = []
    for (let i = 0; i < 60; i++) before.push((await a.daemon.call('notify', { to: 'agent-b', text: `before ${i}` })).obligation)
    for (const ob of before) await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED' })
    for (const ob of before.slice(0, 30)) await b.daemon.call('ack', { obligation: ob, sentence: 'ok' })
    const total = facts(b.home)
    await waitFor('c holds the whole log', () => facts(c.home), n => n >= total - 1, 30_000)
    // and has read both peers' logs to their heads (the checkpoints a reconnect starts from)
    const head = (home: string): number => query(home, 'SELECT max(seq) AS n FROM facts')[0].n
    await waitFor('c\'s checkpoints at the peers\' heads', () => query(c.home, 'SELECT seq FROM peer_checkpoints').map(r => r.seq),
      seqs => seqs.length === 2 && seqs.every(q => q >= Math.min(head(a.home), head(b.home))), 30_000)

    await c.daemon.stop() // partitioned away
    const during: string[] = []
    for (let i = 0; i < 5; i++) during.push((await a.daemon.call('notify', { to: 'agent-b', text: `during ${i}` })).obligation)
    for (const ob of during) await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED' })
    for (const ob of during) await b.daemon.call('ack', { obligation: ob, sentence: 'ok' })
    await waitFor('the receipts at a', async () => (await a.daemon.call('status', { obligation: during[4] })).state, s => s === 'COMPLETE')
    const missed = facts(b.home) - total
    expect(missed).toBe(5 * 4) // DELIVERED, READ, CONSUMED, COMPLETE for each

    const cBefore = facts(c.home)
    await c.daemon.start() // heal
    await waitFor('c caught up', () => facts(c.home), n => n >= cBefore + missed, 30_000)
    const s = await c.daemon.call('status', { obligation: during[4] })
    expect(s.state).toBe('COMPLETE')
    const peers = await c.daemon.call('peers')
    const received = peers.reduce((n: number, p: any) => n + (p.sync?.received ?? 0), 0)
    process.stdout.write(`partition: missed ${missed} facts, log ${facts(b.home)} facts; c received ${received} facts from ${peers.length} peers on reconnect\n`)
    // each of the two peers sends at most what c missed (plus facts appended meanwhile), never the whole log
    expect(received).toBeGreaterThanOrEqual(missed)
    expect(received).toBeLessThanOrEqual(2 * (missed + 4))
    expect(received).toBeLessThan(facts(b.home))
  }, 120_000)
})
