// Real daemons for tests: homes set up in-process through the same setup modules the CLI uses, daemons run as
// child processes (`aios-comm daemon`) on 127.0.0.1, every card imported everywhere. Tests own their teardown.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import Database from 'better-sqlite3'
import { onTestFinished } from 'vitest'
import {
  HomeContext, actorAdd, actorEndorse, cardImport, cardShow, initHome, meshAdmit, meshCreate, meshShow, meshTrust, homePaths
} from '../../daemon/index.js'
import { call } from '../../cli/control-client.js'
import { CLI, tempDir } from './cli.js'
import { saveConfig } from '../../daemon/home/config.js'
import { freePort } from '../../cli/demo/homes.js'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

export { freePort }

export class DaemonProcess {
  child?: ChildProcess
  peerId = ''
  /** The ready line's fields (peerId, addresses, and the metrics and ui URLs when they run). */
  ready: Record<string, any> = {}
  stderr = ''

  /** args: extra `daemon` arguments; prefix: a command the daemon runs under, e.g. ['ip', 'netns', 'exec', 'ns1'] (it must exec, not fork). */
  constructor (readonly home: string, readonly env: NodeJS.ProcessEnv = {}, readonly args: string[] = [], readonly prefix: string[] = []) {}

  async start (env: NodeJS.ProcessEnv = {}): Promise<void> {
    const argv = [...this.prefix, process.execPath, CLI, '--home', this.home, 'daemon', ...this.args]
    const child = this.child = spawn(argv[0], argv.slice(1), {
      env: { ...process.env, AIOS_COMM_LOG: 'warn', ...this.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stderr!.setEncoding('utf8').on('data', (d: string) => { this.stderr = (this.stderr + d).slice(-20_000) })
    let out = ''
    await new Promise<void>((resolve, reject) => {
      child.stdout!.setEncoding('utf8').on('data', (d: string) => {
        out += d
        const line = out.split('\n').find(l => l.includes('"event":"ready"'))
        if (line !== undefined) {
          this.ready = JSON.parse(line)
          this.peerId = this.ready.peerId
          resolve()
        }
      })
      child.once('exit', code => reject(new Error(`daemon for ${this.home} exited ${String(code)} before ready: ${this.stderr}`)))
    })
  }

  get running (): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  /** SIGTERM and wait for a clean exit. */
  async stop (): Promise<number | null> {
    const child = this.child
    if (child === undefined || !this.running) return child?.exitCode ?? null
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const [code] = await exited
    return code as number | null
  }

  async kill (): Promise<void> {
    const child = this.child
    if (child === undefined || !this.running) return
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
  }

  /** Resolves when the process has exited on its own (for crash-point tests). */
  async exited (): Promise<void> {
    if (this.child !== undefined && this.running) await once(this.child, 'exit')
  }

  async call<T = any> (method: string, params: Record<string, unknown> = {}): Promise<T> {
    return await call<T>(this.home, method, params)
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
  addresses?: (i: number, port: number) => { listen: string, announce?: string }
  /** A command node i's daemon runs under, e.g. ['ip', 'netns', 'exec', 'ns1']. */
  prefix?: (i: number) => string[]
}

/** One owner home plus seats joined by admission request; cards exchanged by hand before the daemons start. */
export async function createMesh (n: number, opts: MeshOptions = {}): Promise<MeshNodeHandle[]> {
  const nodes: MeshNodeHandle[] = []
  let meshKey = ''
  let ownerHome = ''
  for (let i = 0; i < n; i++) {
    const home = tempDir('aios-mesh-')
    const port = await freePort()
    const addr = opts.addresses?.(i, port) ?? { listen: `/ip4/127.0.0.1/tcp/${port}` }
    await initHome(home, { listen: [addr.listen] })
    if (addr.announce !== undefined) {
      // Before any card is made, so that every card this node ever signs names the announced address.
      await withCtx(home, ctx => {
        ctx.config.announce = [addr.announce as string]
        saveConfig(ctx.paths.config, ctx.config)
      })
    }
    const handle = `agent-${String.fromCharCode(97 + i)}`
    await withCtx(home, async ctx => {
      if (i === 0) {
        meshKey = meshCreate(ctx).meshKey
        ownerHome = home
        await actorAdd(ctx, handle)
        return
      }
      meshTrust(ctx, meshKey)
      const r = await actorAdd(ctx, handle)
      const path = await withCtx(ownerHome, owner => meshAdmit(owner, r.request as string).path)
      await actorEndorse(ctx, handle, path)
    })
    const daemon = new DaemonProcess(home, opts.env, opts.args?.(i) ?? [], opts.prefix?.(i) ?? [])
    onTestFinished(async () => { await daemon.kill() })
    nodes.push({ home, handle, port, daemon })
  }
  const chain = opts.topology === 'chain'
  const files = await Promise.all(nodes.map(async x => {
    const file = join(x.home, `${x.handle}.card.json`)
    writeFileSync(file, JSON.stringify(await withCtx(x.home, async ctx => await cardShow(ctx, x.handle)), null, 2))
    return file
  }))
  const peerIds = await Promise.all(nodes.map(async x => await withCtx(x.home, async ctx => await ctx.peerId())))
  for (const [i, x] of nodes.entries()) {
    const others = nodes.map((_, j) => j).filter(j => j !== i && (!chain || Math.abs(j - i) === 1))
    await withCtx(x.home, ctx => {
      for (const j of others) cardImport(ctx, files[j])
      if (chain) {
        ctx.config.bootstrap.push(...others.map(j => `/ip4/127.0.0.1/tcp/${nodes[j].port}/p2p/${peerIds[j]}`))
        ctx.config.connectKnownPeers = false
        saveConfig(ctx.paths.config, ctx.config)
      }
    })
  }
  if (opts.start !== false) await Promise.all(nodes.map(async x => await x.daemon.start()))
  return nodes
}

export async function withCtx<T> (home: string, fn: (ctx: HomeContext) => Promise<T> | T): Promise<T> {
  const ctx = HomeContext.open(home)
  try {
    return await fn(ctx)
  } finally {
    ctx.close()
  }
}

/** Waits for a condition by polling it; fails with the last value seen after the deadline. */
export async function waitFor<T> (what: string, probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  for (;;) {
    last = await probe()
    if (ok(last)) return last
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)?.slice(0, 500)}`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
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

export { meshShow }
