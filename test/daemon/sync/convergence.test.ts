// Ten daemons in a chain (each knows and dials only its neighbours): a receipt issued at one end reaches all,
// and `status OB --json` says the same on every node.
import { describe, expect, it } from 'vitest'
import { createMesh, waitFor } from '../../helpers/mesh.js'

const contract = (s: any): unknown => ({
  obligation: s.obligation, from: s.from, to: s.to, state: s.state,
  receipts: s.receipts.map((r: any) => ({ state: r.state, actor: r.actor, at: r.at, verified: r.verified }))
})

describe('convergence', () => {
  it('a receipt issued on one node of a 10-node chain reaches all, with identical status everywhere', async () => {
    const nodes = await createMesh(10, { topology: 'chain' })
    const [a, b] = nodes
    const last = nodes[nodes.length - 1]
    // cards spread along the chain by sync and gossip: the far end learns agent-a's card
    await waitFor('agent-a known at the far end', async () => (await last.daemon.call('node.status')).truth.facts, n => n >= 10, 60_000)
    await waitFor('where agent-a at the far end', async () => await last.daemon.call('where', { handle: 'agent-a' }).catch(() => undefined), w => w?.valid === true, 60_000)

    const { obligation } = await b.daemon.call('notify', { to: 'agent-a', text: 'converge' })
    await waitFor('DELIVERED', async () => (await b.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
    const t0 = Date.now()
    await a.daemon.call('ack', { obligation, sentence: 'done' })
    const views = await Promise.all(nodes.map(async x => await waitFor(`COMPLETE at ${x.handle}`,
      async () => await x.daemon.call('status', { obligation }).catch(() => undefined), s => s?.state === 'COMPLETE', 60_000)))
    const elapsed = Date.now() - t0
    process.stdout.write(`convergence: COMPLETE on all ${nodes.length} chained daemons ${elapsed} ms after the ack\n`)
    const expected = contract(views[0])
    for (const v of views) expect(contract(v)).toEqual(expected)
    expect((expected as any).receipts.map((r: any) => r.state)).toEqual(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'])
    for (const r of (expected as any).receipts) expect(r.verified).toBe(true)
    // each node dials only its neighbours; DHT queries add links over time (reported, not asserted: by the end
    // they may reach every node), so the facts above travelled through a partial topology
    const connected = (await last.daemon.call('peers')).filter((p: any) => p.connected).length
    process.stdout.write(`convergence: the far end ended with ${connected} of ${nodes.length - 1} peers connected\n`)
    expect(connected).toBeGreaterThanOrEqual(1)
  }, 180_000)
})
