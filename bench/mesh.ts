// The bench's meshes and daemons, from the harness: one seat per home named agent-<name> (no carrier: delivery is
// measured, not waking), daemons logging errors only, each writing a CPU profile when AIOS_BENCH_PROFILE is set.
import { join } from 'node:path'
import { DaemonProcess, buildMesh, type MeshHome } from '../cli/harness/index.js'

export type BenchHome = MeshHome

/** n homes under root named by `names`; the first owns the mesh; every card on every node. */
export async function makeMesh (root: string, names: string[]): Promise<BenchHome[]> {
  return await buildMesh({ seats: names.map(name => ({ name, handle: `agent-${name}` })), home: seat => join(root, seat.name) })
}

/**
 * AIOS_BENCH_PROFILE=DIR: every daemon writes a CPU profile there (node --cpu-prof). AIOS_BENCH_GC=DIR: every daemon
 * loads bench/gc-hook.ts, whose collector figures bench/gc.ts reads.
 */
function profileArgs (): string[] {
  const dir = process.env.AIOS_BENCH_PROFILE
  const gc = process.env.AIOS_BENCH_GC
  return [
    ...(dir !== undefined && dir !== '' ? ['--cpu-prof', '--cpu-prof-dir', dir] : []),
    ...(gc !== undefined && gc !== '' ? ['--import', new URL('./gc-hook.js', import.meta.url).href] : [])
  ]
}

/** A daemon for a bench home, not started; `cli`: another build's dist/cli/main.js (default: this build's). */
export function benchDaemon (home: string, cli?: string): DaemonProcess {
  return new DaemonProcess(home, { log: 'error', nodeArgs: profileArgs(), ...(cli === undefined ? {} : { cli }) })
}

/** A bench daemon started; its spawnedAt and readyAt time the start. `cli` as for benchDaemon. */
export async function startDaemon (home: string, cli?: string): Promise<DaemonProcess> {
  const d = benchDaemon(home, cli)
  await d.start()
  return d
}
