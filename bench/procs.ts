// Child processes for the bench: a clean stop, RSS and CPU of a live process, and one-shot programs answering in JSON.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'

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
