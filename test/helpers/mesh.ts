// Real daemons for tests: the harness's meshes and daemon processes, run from dist/ with the tests' temp homes;
// tests own their teardown (every daemon is killed and every home removed when its test finishes).
import Database from 'better-sqlite3'
import { onTestFinished } from 'vitest'
import { homePaths, meshShow } from '../../daemon/index.js'
import { DaemonProcess as HarnessDaemon, buildMesh, freePort, waitFor, withCtx } from '../../cli/harness/index.js'
import { CLI, tempDir } from './cli.js'

export { freePort, waitFor, withCtx, meshShow }

/** A daemon of the built CLI, logging warnings; args and prefix as in the harness. */
export class DaemonProcess extends HarnessDaemon {
  constructor (home: string, env: NodeJS.ProcessEnv = {}, args: string[] = [], prefix: string[] = []) {
    super(home, { cli: CLI, env, args, prefix })
  }
}

export interface MeshNodeHandle {
  home: string
  handle: string
  port: number
  daemon: DaemonProcess
}

export interface MeshOptions {
  start?: boolean
  env?: NodeJS.ProcessEnv
  /** full: every node holds every card and keeps every peer connected; chain: node i knows and dials only i±1. */
  topology?: 'full' | 'chain'
  /** Extra `daemon` arguments for node i (e.g. --ui-port 0). */
  args?: (i: number) => string[]
  /** Where node i listens and what its cards announce (default: 127.0.0.1 on a free port, announced as is). */
  addresses?: (i: number, port: number) => { listen: string, announce?: string | string[] }
  /** A command node i's daemon runs under, e.g. ['ip', 'netns', 'exec', 'ns1']. */
  prefix?: (i: number) => string[]
  /** Node i's `relay` setting (true: it serves as a relay for the mesh's members). */
  relay?: (i: number) => boolean | undefined
}

/** n homes with seats agent-a, agent-b, … (the first owns the mesh); cards exchanged before the daemons start. */
export async function createMesh (n: number, opts: MeshOptions = {}): Promise<MeshNodeHandle[]> {
  const seats = Array.from({ length: n }, (_, i) => {
    const name = String.fromCharCode(97 + i)
    return { name, handle: `agent-${name}` }
  })
  const homes = await buildMesh({ seats, home: () => tempDir('aios-mesh-'), addresses: opts.addresses, topology: opts.topology, relay: opts.relay })
  const nodes = homes.map((h, i) => {
    const daemon = new DaemonProcess(h.home, opts.env, opts.args?.(i) ?? [], opts.prefix?.(i) ?? [])
    onTestFinished(async () => { await daemon.kill() })
    return { home: h.home, handle: h.handle, port: h.port, daemon }
  })
  if (opts.start !== false) await Promise.all(nodes.map(async x => await x.daemon.start()))
  return nodes
}

/** Reads a node's SQLite file directly (read-only), as an auditor would. */
export function query<T = any> (home: string, sql: string, ...args: unknown[]): T[] {
  const db = new Database(homePaths(home).db, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...args) as T[]
  } finally {
    db.close()
  }
}
