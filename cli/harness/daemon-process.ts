// One daemon as a child process (`aios-comm daemon`), started the way the service files start it: resolves at its
// ready line, stops with SIGTERM and a clean exit. The demo, the bench and the tests all run daemons through it.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { DAEMON_NODE_FLAGS } from '../../daemon/runtime/node-flags.js'
import { packageRoot } from '../../daemon/runtime/package-root.js'
import { call } from '../control-client.js'
import type { Method, ParamsOf, ResultOf } from '../../daemon/control/methods.js'

/** The built CLI, dist/cli/main.js of this package (the same file whether this module runs from the bundle or not). */
export const BUILT_CLI = join(packageRoot(), 'dist', 'cli', 'main.js')
/**
 * The same command line as tsc built it, one file per module (cli/run.ts): what the bundle holds, for a CPU profile
 * that must name the module each sample ran in (the bench's cost by stage).
 */
export const MODULE_CLI = join(packageRoot(), 'dist', 'cli', 'run.js')
const STDERR_KEPT = 20_000 // characters of the daemon's stderr kept for the error of a failed start
const READY = '"event":"ready"'

export interface DaemonProcessOptions {
  /** The CLI entry to run (default: the built one next to this module). */
  cli?: string
  /** AIOS_COMM_LOG for the daemon (default warn); env below may still override it. */
  log?: string
  env?: NodeJS.ProcessEnv
  /** Extra `daemon` arguments, e.g. ['--metrics-port', '0']. */
  args?: string[]
  /** A command the daemon runs under, e.g. ['ip', 'netns', 'exec', 'ns1'] (it must exec, not fork). */
  prefix?: string[]
  /** Extra node flags, e.g. ['--cpu-prof']. */
  nodeArgs?: string[]
}

export class DaemonProcess {
  child?: ChildProcess
  peerId = ''
  /** The ready line's fields (peerId, addresses, and the metrics, ui and a2a URLs when they run). */
  ready: Record<string, any> = {}
  stderr = ''
  /** performance.now() at the last spawn and at its ready line (0 until then). */
  spawnedAt = 0
  readyAt = 0
  private readyLine: Promise<void> = Promise.resolve()

  constructor (readonly home: string, readonly options: DaemonProcessOptions = {}) {}

  /** Starts the process without waiting for it (start() waits for the ready line). */
  spawn (env: NodeJS.ProcessEnv = {}): ChildProcess {
    const o = this.options
    const argv = [...(o.prefix ?? []), process.execPath, ...DAEMON_NODE_FLAGS, ...(o.nodeArgs ?? []), o.cli ?? BUILT_CLI, '--home', this.home, 'daemon', ...(o.args ?? [])]
    const child = this.child = spawn(argv[0], argv.slice(1), {
      env: { ...process.env, AIOS_COMM_LOG: o.log ?? 'warn', ...o.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    this.spawnedAt = performance.now()
    this.readyAt = 0
    child.stderr!.setEncoding('utf8').on('data', (d: string) => { this.stderr = (this.stderr + d).slice(-STDERR_KEPT) })
    let out = ''
    this.readyLine = new Promise<void>((resolve, reject) => {
      child.stdout!.setEncoding('utf8').on('data', (d: string) => {
        if (this.readyAt !== 0) return
        out += d
        const line = out.split('\n').find(l => l.includes(READY))
        if (line === undefined) return
        this.ready = JSON.parse(line)
        this.peerId = this.ready.peerId
        this.readyAt = performance.now()
        out = ''
        resolve()
      })
      child.once('exit', code => reject(new Error(`daemon for ${this.home} exited ${String(code)} before ready: ${this.stderr}`)))
    })
    this.readyLine.catch(() => {}) // a caller that only spawned learns of the exit from the child
    return child
  }

  async start (env: NodeJS.ProcessEnv = {}): Promise<void> {
    this.spawn(env)
    await this.readyLine
  }

  get running (): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  /** SIGTERM and wait for a clean exit (a CPU profile is written then). */
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

  /** One control call to this daemon, typed by the control API's table. */
  async call<M extends Method> (method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    return await call(this.home, method, params)
  }
}
