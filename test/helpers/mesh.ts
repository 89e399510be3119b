// Real daemons for tests: the harness's meshes and daemon processes, run from dist/ with the tests' temp homes;
// tests own their teardown (every daemon is killed and every home removed when its test finishes).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { onTestFailed, onTestFinished } from 'vitest'
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
  /** The roles of node i's seat (actor add --role). */
  roles?: (i: number) => string[] | undefined
}

/** n homes with seats agent-a, agent-b, … (the first owns the mesh); cards exchanged before the daemons start. */
export async function createMesh (n: number, opts: MeshOptions = {}): Promise<MeshNodeHandle[]> {
  const nodes = await meshNodes(n, opts, () => tempDir('aios-mesh-'))
  for (const x of nodes) onTestFinished(async () => { await x.daemon.kill() })
  onTestFailed(() => { for (const x of nodes) console.error(logTail(x)) })
  if (opts.start !== false) await Promise.all(nodes.map(async x => await x.daemon.start()))
  return nodes
}

const TAIL_LINES = 40 // of each daemon's log, beside a failed test: what the daemons said before the wait ran out

/** The last lines a node's daemon wrote to stderr (its log at the level the test asked for: warnings by default). */
function logTail (x: MeshNodeHandle): string {
  const lines = x.daemon.stderr.split('\n').filter(l => l !== '').slice(-TAIL_LINES).map(l => l.length > 600 ? `${l.slice(0, 600)}…` : l)
  return `--- ${x.handle}'s daemon (${x.home}): ${lines.length === 0 ? 'no log lines' : `its last ${lines.length} log lines:\n${lines.join('\n')}`}`
}

export interface SharedMesh {
  nodes: MeshNodeHandle[]
  /** Kills every daemon and removes every home. */
  close: () => Promise<void>
}

/**
 * createMesh for the tests of one file: made in beforeAll, closed in afterAll (the daemons start together). Tests
 * sharing it keep apart by seat, by text, or by counting only what they made themselves.
 */
export async function createSharedMesh (n: number, opts: MeshOptions = {}): Promise<SharedMesh> {
  return await shareNodes(async home => await meshNodes(n, opts, home), opts.start !== false)
}

/**
 * Nodes built in fresh temp homes by `build`, their daemons started together unless `start` is false; if the build
 * or a start fails, everything made so far is killed and removed before the error goes on.
 */
export async function shareNodes (build: (home: () => string) => Promise<MeshNodeHandle[]>, start = true): Promise<SharedMesh> {
  const dirs: string[] = []
  let nodes: MeshNodeHandle[] = []
  const close = async (): Promise<void> => {
    await Promise.all(nodes.map(async x => await x.daemon.kill()))
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
  try {
    nodes = await build(() => {
      const dir = mkdtempSync(join(tmpdir(), 'aios-mesh-'))
      dirs.push(dir)
      return dir
    })
    if (start) await Promise.all(nodes.map(async x => await x.daemon.start()))
  } catch (err) {
    await close()
    throw err
  }
  return { nodes, close }
}

async function meshNodes (n: number, opts: MeshOptions, home: () => string): Promise<MeshNodeHandle[]> {
  const seats = Array.from({ length: n }, (_, i) => {
    const name = String.fromCharCode(97 + i)
    return { name, handle: `agent-${name}`, roles: opts.roles?.(i) }
  })
  const homes = await buildMesh({ seats, home, addresses: opts.addresses, topology: opts.topology, relay: opts.relay })
  return homes.map((h, i) => {
    const daemon = new DaemonProcess(h.home, opts.env, opts.args?.(i) ?? [], opts.prefix?.(i) ?? [])
    return { home: h.home, handle: h.handle, port: h.port, daemon }
  })
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

/** The SQL pattern of a seat's card in the fact log (the card JSON as the daemon stores it). */
export const cardFactLike = (handle: string): string => `%"name": "${handle}"%`

/**
 * Makes a node with its daemon stopped forget a seat, as a node that never heard of it would: its card and the card's
 * fact go. Throws unless exactly one of each went.
 */
export function forgetSeat (home: string, handle: string): void {
  const db = new Database(homePaths(home).db)
  try {
    const cards = db.prepare('DELETE FROM cards WHERE handle = ?').run(handle).changes
    const facts = db.prepare("DELETE FROM facts WHERE kind = 'card' AND CAST(bytes AS TEXT) LIKE ?").run(cardFactLike(handle)).changes
    if (cards !== 1 || facts !== 1) throw new Error(`forgetting ${handle} at ${home} took ${cards} cards and ${facts} facts, not one each`)
  } finally {
    db.close()
  }
}

/** Starts a node's daemon without waiting for it, and hands every whole line it writes to stderr to `onLine`. */
export function spawnWatchingLog (n: MeshNodeHandle, onLine: (line: string) => void): void {
  let rest = ''
  n.daemon.spawn().stderr!.on('data', (d: string) => {
    const lines = (rest + d).split('\n')
    rest = lines.pop() ?? ''
    for (const l of lines) onLine(l)
  })
}
