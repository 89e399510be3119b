// Multi-host chaos: daemons in separate network namespaces joined by a bridge, reachable only at their 10.x
// addresses (each namespace's loopback is its own), so every delivery crosses a real non-loopback link.
// Cycles pull one node's cable (link down at the switch), keep writing, sometimes SIGKILL a node, plug it back;
// everything arrives exactly once, and nothing crosses a pulled cable before it is plugged back.
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { History } from './history/index.js'
import { chaosRng } from './faults/seed.js'
import { Supervisor } from './faults/supervisor.js'
import { makeHosts } from './faults/netns.js'
import { FULL, audit, historyPath, observeReceipts, write } from './faults/workload.js'

const CYCLES = Number(process.env.AIOS_CHAOS_CYCLES ?? (FULL ? 8 : 0)) // fast: real links only, no cable pulls
const PER_CYCLE = FULL ? 60 : 6

describe('chaos: separate hosts (network namespaces)', () => {
  it(`3 hosts on a bridge: real links, ${CYCLES} cable pulls, nothing lost, duplicated or leaked`, { timeout: FULL ? 600_000 : 120_000 }, async () => {
    const hosts = makeHosts(3)
    if (typeof hosts === 'string') throw new Error(hosts) // fails, never skips: .ci/run installs iproute2 (we are root)
    onTestFinished(() => hosts.cleanup())
    const rng = chaosRng('netns')
    const history = new History(historyPath('netns'))
    const supervisor = new Supervisor(history)
    const nodes = await createMesh(3, {
      start: false,
      addresses: (i, port) => ({ listen: `/ip4/${hosts.addresses[i]}/tcp/${port}` }),
      prefix: i => hosts.prefix(i)
    })
    for (const n of nodes) await supervisor.start(n.daemon)
    // Each daemon listens only on its own namespace's address: a delivery proves the link between namespaces.
    for (const [i, n] of nodes.entries()) {
      const addrs: string[] = (await n.daemon.call('node.status')).addresses
      expect(addrs.length).toBeGreaterThan(0)
      expect(addrs.every(a => a.startsWith(`/ip4/${hosts.addresses[i]}/`))).toBe(true)
    }
    const stopObserving = observeReceipts(history, nodes)
    const pairs = nodes.flatMap(x => nodes.filter(y => y !== x).map(y => [x, y] as [MeshNodeHandle, MeshNodeHandle]))
    await write(history, pairs, PER_CYCLE, 'warm')
    await waitFor('the first messages DELIVERED across namespaces', () => nodes.reduce((s, n) => s + query(n.home, "SELECT count(*) AS n FROM messages WHERE local_from = 1 AND state = 'DELIVERED'")[0].n, 0), c => c === PER_CYCLE, 60_000)
    const leaks: string[] = []
    let crossing = 0
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const i = rng.int(0, nodes.length - 1)
      const cut = nodes[i]
      hosts.cut(i)
      const from = Date.now()
      history.fault('cable-pull', cut.handle)
      const victim = rng.next() < 0.3 ? rng.pick(nodes) : undefined
      const across = pairs.filter(([x, y]) => x === cut || y === cut)
      await write(history, across, PER_CYCLE, `n${cycle}`, 4, k => {
        if (victim !== undefined && k === PER_CYCLE >> 1) {
          history.fault('sigkill', victim.handle, 'inside the partition')
          void supervisor.kill(victim.daemon)
        }
      })
      await new Promise(resolve => setTimeout(resolve, rng.int(300, 1500))) // the cable stays out a while
      const to = Date.now()
      const seen = crossedEarly(history, nodes, cut.handle, from, to)
      crossing += seen.checked
      leaks.push(...seen.leaked)
      hosts.heal(i)
      history.log({ type: 'heal' })
      for (const n of nodes) if (!n.daemon.running) await supervisor.start(n.daemon)
    }
    await stopObserving()
    await audit({ suite: 'netns', history, nodes, supervisor, cycles: CYCLES })
    expect(leaks).toEqual([])
    if (CYCLES > 0) expect(crossing).toBeGreaterThan(0) // the check saw messages sent across a pulled cable
  })
})

/** Messages to or from the cut node, sent while its cable was out, yet DELIVERED at their sender before it was back. */
function crossedEarly (history: History, nodes: MeshNodeHandle[], cut: string, from: number, to: number): { checked: number, leaked: string[] } {
  const ops = new Map<number, { from: string, tag: string }>()
  const out: string[] = []
  let checked = 0
  for (const e of history.events) {
    if (e.type === 'invoke' && e.atMs > from && e.atMs < to && (e.from === cut || e.to === cut)) ops.set(e.op, e)
    if (e.type !== 'ok' || !ops.has(e.op)) continue
    const op = ops.get(e.op) as { from: string, tag: string }
    checked++
    const sender = nodes.find(n => n.handle === op.from) as MeshNodeHandle
    const r = query<{ at: number }>(sender.home, "SELECT received_at_ms AS at FROM receipts WHERE message_id = ? AND state = 'DELIVERED'", Buffer.from(e.obligation.slice(3), 'hex'))[0]
    if (r !== undefined && r.at < to) out.push(`${op.tag} DELIVERED before the cable was back`)
  }
  return { checked, leaked: out }
}
