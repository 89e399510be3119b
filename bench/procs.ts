// Child processes for the bench: daemons (ready line, clean stop, RSS), and one-shot programs answering in JSON.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DAEMON_NODE_FLAGS } from '../daemon/runtime/node-flags.js'

export const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url))

/** AIOS_BENCH_PROFILE=DIR: every daemon writes a CPU profile there (node --cpu-prof). */
function profileArgs (): string[] {
  const dir = process.env.AIOS_BENCH_PROFILE
  return dir !== undefined && dir !== '' ? ['--cpu-prof', '--cpu-prof-dir', dir] : []
}

export interface Daemon {
  child: ChildProcess
  home: string
  /** performance.now() at spawn and at the ready line */
  spawnedAt: number
  readyAt: number
}

export function spawnDaemon (home: string): ChildProcess {
  return spawn(process.execPath, [...DAEMON_NODE_FLAGS, ...profileArgs(), CLI, '--home', home, 'daemon'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AIOS_COMM_LOG: 'error' }
  })
}

/** Spawns a daemon and resolves at its ready line. */
export async function startDaemon (home: string): Promise<Daemon> {
  const spawnedAt = performance.now()
  const child = spawnDaemon(home)
  let out = ''
  let err = ''
  child.stderr!.setEncoding('utf8').on('data', (d: string) => { err = (err + d).slice(-4000) })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d
      if (out.includes('"event":"ready"')) resolve()
    })
    child.once('exit', code => reject(new Error(`daemon for ${home} exited ${String(code)} before ready: ${err}`)))
  })
  child.stdout!.resume()
  return { child, home, spawnedAt, readyAt: performance.now() }
}

export const running = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null

/** SIGTERM and wait for the exit (a CPU profile is written on a clean exit). */
export async function stop (child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || !running(child)) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  await exited
}

/** Resident set size of a live process, from /proc/<pid>/status. */
export function rssMiB (pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (m === null) throw new Error(`no VmRSS for pid ${pid}`)
  return Number(m[1]) / 1024
}

/** Runs a bench program (node FILE ...args) and parses the one JSON line it prints last. */
export async function runJson<T> (file: string, args: string[]): Promise<T> {
  const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (d: string) => { out += d })
  child.stderr!.setEncoding('utf8').on('data', (d: string) => { err = (err + d).slice(-4000) })
  const [code] = await once(child, 'exit')
  if (code !== 0) throw new Error(`${file} ${args.join(' ')} exited ${String(code)}: ${err}`)
  const last = out.trim().split('\n').pop() ?? ''
  return JSON.parse(last) as T
}

/** CPU seconds (user + system) a live process has used, from /proc/<pid>/stat; undefined where there is no /proc. */
export function cpuSeconds (pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime and stime, in clock ticks of 1/100 s
  } catch {
    return undefined
  }
}
