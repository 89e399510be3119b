// Partition chaos: three daemons (two in fast runs), each behind a loopback TCP proxy that its cards announce. Cutting the proxies
// of a set of nodes severs every link inside that set (each node still reaches the nodes outside it, a "bridge"
// partition); a blackhole stalls those links silently instead. Writers keep sending through every partition,
// sometimes a node is SIGKILLed inside one; after each heal all of it must arrive exactly once. A message sent
// across a severed link must not be DELIVERED before the heal (the partition is real).
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMesh, freePort, query, type MeshNodeHandle } from '../helpers/mesh.js'
import { History } from './history/index.js'
import { chaosRng, type Rng } from './faults/seed.js'
import { Supervisor } from './faults/supervisor.js'
import { TcpProxy } from './faults/proxy.js'
import { FULL, audit, historyPath, observeReceipts, write } from './faults/workload.js'
import { actOnReceipts, actsTally, receiptsWrong, revokeOne } from './faults/receipts.js'

const CYCLES = Number(process.env.AIOS_CHAOS_CYCLES ?? (FULL ? 12 : 1))
const PER_CYCLE = FULL ? 90 : 12
const NODES = FULL ? 3 : 2 // fast: one cut between two nodes
const ACTED = 40 // full: messages the recipients read, consume or complete across the partitions

interface Window { members: Set<string>, from: number, to: number }

describe('chaos: partitions', () => {
  it(`${NODES} nodes, ${CYCLES} partition cycles (cut, blackhole, a kill inside) lose, duplicate and leak nothing`, { timeout: FULL ? 600_000 : 90_000 }, async () => {
    const rng = chaosRng('partition')
    const history = new History(historyPath('partition'))
    const supervisor = new Supervisor(history)
    const proxies: TcpProxy[] = []
    // full: a last node that neither sends nor receives nor is cut, only hears facts, checks the receipts signed
    // and keys revoked across the partitions (fast runs leave it out: "-" under receipts wrong)
    const total = FULL ? NODES + 1 : NODES
    const proxyPorts = await Promise.all(Array.from({ length: total }, async () => await freePort()))
    const all = await createMesh(total, {
      start: false,
      addresses: (i, port) => ({ listen: `/ip4/127.0.0.1/tcp/${port}`, announce: `/ip4/127.0.0.1/tcp/${proxyPorts[i]}` })
    })
    for (const [i, n] of all.entries()) {
      const p = new TcpProxy(n.port)
      await p.listen(proxyPorts[i])
      onTestFinished(async () => { await p.close() })
      proxies.push(p)
    }
    for (const n of all) await supervisor.start(n.daemon)
    const nodes = all.slice(0, NODES)
    const observer = FULL ? all[NODES] : undefined
    const stopObserving = observeReceipts(history, nodes)
    const stopActing = observer === undefined ? undefined : actOnReceipts(history, nodes, rng, ACTED)
    const pairs = nodes.flatMap(x => nodes.filter(y => y !== x).map(y => [x, y] as [MeshNodeHandle, MeshNodeHandle]))
    const windows: Window[] = []
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const t0 = Date.now()
      const revoking = observer === undefined ? undefined : revokeOne(history, nodes[0]) // node 0 owns the mesh
      windows.push(await oneCycle(rng, history, supervisor, nodes, proxies.slice(0, NODES), pairs, cycle))
      await revoking
      if (process.env.AIOS_CHAOS_VERBOSE !== undefined) process.stdout.write(`[chaos] partition cycle ${cycle}: ${Date.now() - t0} ms\n`)
    }
    const t1 = Date.now()
    await stopActing?.()
    await stopObserving()
    const wrong = observer === undefined ? undefined : await receiptsWrong(history, nodes, observer)
    for (const w of (wrong ?? []).slice(0, 10)) process.stdout.write(`[chaos]   receipt wrong: ${w.subject}: ${w.reason}\n`)
    const acts = actsTally(history)
    if (observer !== undefined) process.stdout.write(`[chaos] partition: ${JSON.stringify(acts)}\n`)
    await audit({ suite: 'partition', history, nodes: all, supervisor, cycles: CYCLES, receiptsWrong: wrong?.length })
    if (process.env.AIOS_CHAOS_VERBOSE !== undefined) process.stdout.write(`[chaos] partition audit: ${Date.now() - t1} ms\n`)
    if (observer !== undefined) expect(acts.receiptsAnswered).toBeGreaterThan(0) // the observer's check measured something
    const crossing = leaks(history, nodes, windows)
    expect(crossing.leaked).toEqual([])
    if (FULL) expect(crossing.checked).toBeGreaterThan(0) // the check saw messages sent across a severed link
  })
})

async function oneCycle (rng: Rng, history: History, sup: Supervisor, nodes: MeshNodeHandle[], proxies: TcpProxy[], pairs: Array<[MeshNodeHandle, MeshNodeHandle]>, cycle: number): Promise<Window> {
  const size = rng.int(2, nodes.length)
  const members = new Set<number>()
  while (members.size < size) members.add(rng.int(0, nodes.length - 1))
  const mode = rng.next() < 0.5 ? 'cut' : 'blackhole'
  const victim = rng.next() < 0.3 ? rng.pick([...members]) : undefined
  const at = rng.int(1, PER_CYCLE - 1)
  const names = [...members].map(i => nodes[i].handle)
  const window: Window = { members: new Set(names), from: Infinity, to: Infinity }
  let kill: Promise<void> | undefined
  await write(history, pairs, PER_CYCLE, `p${cycle}`, 4, n => {
    if (n !== at) return
    for (const i of members) proxies[i][mode]()
    window.from = Date.now()
    history.fault(mode, names.join('+'), `after ${at} answers`)
    if (victim !== undefined) {
      history.fault('sigkill', nodes[victim].handle, 'inside the partition')
      kill = sup.kill(nodes[victim].daemon)
    }
  })
  await kill
  await new Promise(resolve => setTimeout(resolve, rng.int(300, 2000))) // the partition holds a while
  window.to = Date.now()
  for (const p of proxies) p.heal()
  history.log({ type: 'heal' })
  for (const n of nodes) if (!n.daemon.running) await sup.start(n.daemon)
  await history.retryLost()
  return window
}

/** Messages sent across a severed link while it was severed, yet DELIVERED at their sender before the heal. */
function leaks (history: History, nodes: MeshNodeHandle[], windows: Window[]): { checked: number, leaked: string[] } {
  const out: string[] = []
  let checked = 0
  const answered = new Map<number, string>()
  for (const e of history.events) if (e.type === 'ok') answered.set(e.op, e.obligation)
  for (const e of history.events) {
    if (e.type !== 'invoke') continue
    const w = windows.find(w => e.atMs > w.from && e.atMs < w.to && w.members.has(e.from) && w.members.has(e.to))
    const ob = answered.get(e.op)
    if (w === undefined || ob === undefined) continue
    checked++
    const sender = nodes.find(n => n.handle === e.from) as MeshNodeHandle
    const r = query<{ at: number }>(sender.home, "SELECT received_at_ms AS at FROM receipts WHERE message_id = ? AND state = 'DELIVERED'", Buffer.from(ob.slice(3), 'hex'))[0]
    if (r !== undefined && r.at < w.to) out.push(`${e.tag} DELIVERED ${w.to - r.at} ms before the heal`)
  }
  return { checked, leaked: out }
}
