// Resources of one daemon: RSS idle and with many stored messages, and start-up time with a large store
// (spawn → the control socket answers). The peer home only lends its seat (keys, card); its daemon never runs.
import { join } from 'node:path'
import { ControlConnection } from '../control.js'
import { benchDaemon, makeMesh, startDaemon, type BenchHome } from '../mesh.js'
import { rssMiB } from '../procs.js'
import { seedDelivered } from './seed.js'

const SETTLE_MS = 1000 // idle after the first status call, before RSS is read

export class ResourceHome {
  private seeded = 0
  private constructor (readonly store: BenchHome, readonly peer: BenchHome) {}

  static async create (root: string): Promise<ResourceHome> {
    const [store, peer] = await makeMesh(join(root, 'resources'), ['store', 'peer'])
    return new ResourceHome(store, peer)
  }

  /** Seeds until the store holds `total` messages; returns the seconds spent. */
  async seedTo (total: number): Promise<number> {
    const add = total - this.seeded
    if (add <= 0) return 0
    const s = await seedDelivered(this.store, this.peer, add)
    this.seeded = total
    return s
  }

  /** Starts the daemon, asks its status once, lets it idle, reads VmRSS. */
  async rss (): Promise<number> {
    const d = await startDaemon(this.store.home)
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
  async startup (): Promise<number> {
    const t0 = performance.now()
    const d = benchDaemon(this.store.home)
    const child = d.spawn()
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the daemon exited ${String(child.exitCode)} during start-up`)
        const c = await ControlConnection.open(this.store.home).catch(() => undefined)
        if (c !== undefined) {
          await c.call('peers', {})
          const ms = performance.now() - t0
          c.close()
          return ms
        }
        await new Promise(resolve => setTimeout(resolve, 5))
      }
    } finally {
      await d.stop()
    }
  }
}
