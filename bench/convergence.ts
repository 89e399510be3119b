// Convergence: how long a receipt issued on one daemon takes to be held by every daemon of a fully known mesh.
// Each node's SQLite file is read read-only, as an auditor would, so the daemons do no extra work for the probe.
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { homePaths } from '../daemon/index.js'
import { parseObligation } from '../daemon/messaging/ids.js'
import { ControlConnection } from './control.js'
import type { DaemonProcess } from '../cli/harness/index.js'
import { benchDaemon, makeMesh, type BenchHome } from './mesh.js'
import { cpuSeconds } from './procs.js'
import { waitState } from './aios/deliver.js'

const POLL_MS = 5
const CONVERGE_TIMEOUT_MS = 60_000
const PROBE_DELIVERED_MS = 30_000 // a mesh that cannot deliver the probe in this long is reported, not waited on
const START_AT_ONCE = 5 // daemons started together; all 30 at once would make start-up itself the benchmark
// Each READ is issued on a quiet mesh: this long after its message's DELIVERED receipt, whose own spread (gossip,
// then the sync tail 250 ms later) is over by then, so one figure is one receipt, not two overlapping
const QUIET_MS = 1000
const SETTLE_WINDOW_MS = 2000
const SETTLED_CPU = 0.05 // of a core, per daemon

/** One receipt's spread: ms from READ until each node held it (by node index), and the READ receipt's hash. */
export interface Spread {
  ms: number
  perNode: number[]
  hash: string
  /** When READ was issued (ISO time, to line up with the daemons' logs). */
  at: string
}

const sleep = async (ms: number): Promise<void> => await new Promise(resolve => setTimeout(resolve, ms))

export class ConvergenceMesh {
  private constructor (
    readonly homes: BenchHome[],
    private readonly daemons: DaemonProcess[],
    private readonly control: ControlConnection[],
    private readonly probes: Array<Database.Statement<[Buffer]>>,
    private readonly dbs: Database.Database[],
    private readonly hashes: Array<Database.Statement<[Buffer]>>
  ) {}

  /**
   * Ports are chosen when the homes are made, before any daemon starts; another process may take one in between.
   * A mesh that fails to start is made again once, with fresh homes and ports.
   */
  static async start (root: string, n: number, env: NodeJS.ProcessEnv = {}): Promise<ConvergenceMesh> {
    try {
      return await ConvergenceMesh.startOnce(join(root, `mesh-${n}`), n, env)
    } catch {
      return await ConvergenceMesh.startOnce(join(root, `mesh-${n}-again`), n, env)
    }
  }

  private static async startOnce (dir: string, n: number, env: NodeJS.ProcessEnv): Promise<ConvergenceMesh> {
    const homes = await makeMesh(dir, Array.from({ length: n }, (_, i) => `n${i}`))
    const daemons: DaemonProcess[] = []
    const control: ControlConnection[] = []
    try {
      for (let i = 0; i < n; i += START_AT_ONCE) {
        const batch = homes.slice(i, i + START_AT_ONCE).map(async h => {
          const d = benchDaemon(h.home)
          await d.start(env)
          return d
        })
        const started = await Promise.allSettled(batch)
        for (const s of started) if (s.status === 'fulfilled') daemons.push(s.value)
        const failed = started.find(s => s.status === 'rejected')
        if (failed !== undefined) throw (failed as PromiseRejectedResult).reason
      }
      for (const h of homes) control.push(await ControlConnection.open(h.home))
    } catch (err) {
      for (const c of control) c.close()
      await Promise.all(daemons.map(async d => await d.stop()))
      throw err
    }
    const dbs = homes.map(h => new Database(homePaths(h.home).db, { readonly: true, fileMustExist: true }))
    const probes = dbs.map(db => db.prepare<[Buffer]>("SELECT 1 FROM receipts WHERE message_id = ? AND state = 'READ'"))
    const hashes = dbs.map(db => db.prepare<[Buffer]>("SELECT hash FROM receipts WHERE message_id = ? AND state = 'READ'"))
    return new ConvergenceMesh(homes, daemons, control, probes, dbs, hashes)
  }

  /**
   * Waits until every node has a live connection to every other node, at most `timeoutMs`; returns the fewest
   * peers any node had connected at the end (the daemons keep known peers connected; a loaded machine may not).
   */
  async connected (timeoutMs: number): Promise<number> {
    const n = this.homes.length
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const counts = await Promise.all(this.control.map(async c => (await c.call('peers', {})).filter(p => p.connected).length))
      const fewest = Math.min(...counts)
      if (fewest >= n - 1 || Date.now() > deadline) return fewest
      await sleep(250)
    }
  }

  /**
   * Waits until the mesh is quiet, at most `timeoutMs`: every daemon under SETTLED_CPU of a core over SETTLE_WINDOW_MS
   * (the catch-ups, DHT puts and gossip grafts of a fresh start are over). Returns the busiest daemon's share at
   * the end, or undefined where CPU time cannot be read.
   */
  async settled (timeoutMs: number): Promise<number | undefined> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const before = this.daemons.map(d => cpuSeconds(d.child?.pid ?? -1))
      await sleep(SETTLE_WINDOW_MS)
      const after = this.daemons.map(d => cpuSeconds(d.child?.pid ?? -1))
      if (before.some(v => v === undefined) || after.some(v => v === undefined)) return undefined
      const busiest = Math.max(...after.map((v, i) => ((v as number) - (before[i] as number)) / (SETTLE_WINDOW_MS / 1000)))
      if (busiest < SETTLED_CPU || Date.now() > deadline) return busiest
    }
  }

  /** One receipt: i sends to j, it is DELIVERED, j issues READ; ms until all nodes hold that READ receipt. */
  async once (i: number, j: number): Promise<number> {
    return (await this.spread(i, j)).ms
  }

  /** The daemon processes, by node index. */
  get processes (): readonly DaemonProcess[] {
    return this.daemons
  }

  /** As `once`, with when each node came to hold the receipt. */
  async spread (i: number, j: number): Promise<Spread> {
    const { obligation } = await this.control[i].call('notify', { to: this.homes[j].handle, text: 'convergence probe', require: 'READ' })
    await waitState(this.control[i], obligation, 'DELIVERED', PROBE_DELIVERED_MS)
    await sleep(QUIET_MS)
    const id = Buffer.from(parseObligation(obligation))
    const t0 = performance.now()
    const at = new Date().toISOString()
    await this.control[j].call('read', { obligation })
    let pending = this.probes.map((_, k) => k)
    const perNode = this.probes.map(() => 0)
    for (;;) {
      const now = performance.now() - t0
      pending = pending.filter(k => {
        if (this.probes[k].get(id) === undefined) return true
        perNode[k] = now
        return false
      })
      if (pending.length === 0) {
        const row = this.hashes[j].get(id) as { hash: Buffer } | undefined
        return { ms: Math.max(...perNode), perNode, hash: row?.hash.toString('hex') ?? '', at }
      }
      if (performance.now() - t0 > CONVERGE_TIMEOUT_MS) throw new Error(`a READ receipt reached ${this.homes.length - pending.length} of ${this.homes.length} daemons in ${CONVERGE_TIMEOUT_MS / 1000} s`)
      await sleep(POLL_MS)
    }
  }

  /** `count` receipts between random pairs of distinct nodes. */
  async run (count: number): Promise<number[]> {
    const n = this.homes.length
    const out: number[] = []
    for (let k = 0; k < count; k++) {
      const i = Math.floor(Math.random() * n)
      const j = (i + 1 + Math.floor(Math.random() * (n - 1))) % n
      out.push(await this.once(i, j))
    }
    return out
  }

  async stop (): Promise<void> {
    for (const c of this.control) c.close()
    for (const db of this.dbs) db.close()
    await Promise.all(this.daemons.map(async d => await d.stop()))
  }
}
