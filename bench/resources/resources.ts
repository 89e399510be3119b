// Resources of one daemon: RSS idle and with many stored messages, and start-up time with a large store
// (spawn → the control socket answers). The peer home only lends its seat (keys, card); its daemon never runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DaemonProcess } from '../../cli/harness/index.js'
import { ControlConnection } from '../control.js'
import { benchDaemon, makeMesh, type BenchHome } from '../mesh.js'
import { cpuSeconds, rssMiB } from '../procs.js'
import { seedDelivered } from './seed.js'

const SETTLE_MS = 1000 // idle after the first status call, before RSS is read

const SAVED = 'resources.json' // the homes and how many messages are seeded, for a home kept across runs

interface Saved { store: BenchHome, peer: BenchHome, seeded: number }

export class ResourceHome {
  private constructor (readonly root: string, readonly store: BenchHome, readonly peer: BenchHome, private seeded: number) {}

  static async create (root: string): Promise<ResourceHome> {
    const [store, peer] = await makeMesh(join(root, 'resources'), ['store', 'peer'])
    const home = new ResourceHome(root, store, peer, 0)
    home.save()
    return home
  }

  /** The home made earlier under root, with what was seeded into it; a new one when there is none. */
  static async reuse (root: string): Promise<ResourceHome> {
    const file = join(root, SAVED)
    if (!existsSync(file)) return await ResourceHome.create(root)
    const s = JSON.parse(readFileSync(file, 'utf8')) as Saved
    return new ResourceHome(root, s.store, s.peer, s.seeded)
  }

  get stored (): number {
    return this.seeded
  }

  /** Seeds until the store holds `total` messages; returns the seconds spent. */
  async seedTo (total: number): Promise<number> {
    const add = total - this.seeded
    if (add <= 0) return 0
    const s = await seedDelivered(this.store, this.peer, add)
    this.seeded = total
    this.save()
    return s
  }

  private save (): void {
    const saved: Saved = { store: this.store, peer: this.peer, seeded: this.seeded }
    writeFileSync(join(this.root, SAVED), JSON.stringify(saved))
  }

  /** A bench daemon for the store's home, of the built CLI at `cli` (default: the one next to this module). */
  private daemon (cli?: string): DaemonProcess {
    return benchDaemon(this.store.home, cli)
  }

  /** Starts the daemon, asks its status once, lets it idle, reads VmRSS. */
  async rss (cli?: string): Promise<number> {
    const d = this.daemon(cli)
    await d.start()
    try {
      const c = await ControlConnection.open(this.store.home)
      await c.call('node.status', {})
      c.close()
      await new Promise(resolve => setTimeout(resolve, SETTLE_MS))
      return rssMiB(d.child!.pid as number)
    } finally {
      await d.stop()
    }
  }

  /** ms from spawn until the control socket answers a request. */
  async startup (cli?: string): Promise<number> {
    return (await this.startupCpu(cli)).ms
  }

  /** The same, with the CPU seconds the daemon had used by then: steadier than the time on a loaded machine. */
  async startupCpu (cli?: string): Promise<{ ms: number, cpuS: number }> {
    const t0 = performance.now()
    const d = this.daemon(cli)
    const child = d.spawn()
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the daemon exited ${String(child.exitCode)} during start-up`)
        const c = await ControlConnection.open(this.store.home).catch(() => undefined)
        if (c !== undefined) {
          await c.call('peers', {})
          const ms = performance.now() - t0
          const cpuS = cpuSeconds(child.pid as number) ?? NaN
          c.close()
          return { ms, cpuS }
        }
        await new Promise(resolve => setTimeout(resolve, 5))
      }
    } finally {
      await d.stop()
    }
  }
}
