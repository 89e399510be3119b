// Runs a seat's shell command (a probe, or a `command` carrier's program) with a hard timeout and a bounded
// record of its output. It runs in its own process group, so a timeout kills what it started too.
import { spawn } from 'node:child_process'

export const SHELL = '/bin/sh' // POSIX everywhere the daemon runs (Linux, macOS)
const OUTPUT_TAIL_BYTES = 2048 // enough for the last error line; a chatty program cannot fill memory
const EXIT_GRACE_MS = 200 // after exit, how long to wait for the rest of its output

export type RunOutcome =
  | { kind: 'exited', exitCode: number, output: string, durationMs: number }
  | { kind: 'killed', signal: string, output: string, durationMs: number }
  | { kind: 'timeout', output: string, durationMs: number }
  | { kind: 'aborted', output: string, durationMs: number }
  | { kind: 'spawn-failed', error: string, durationMs: number }

/** `signal` stops the run early (the daemon is stopping): the group is killed and the outcome is `aborted`. */
export async function runShell (command: string, env: NodeJS.ProcessEnv, timeoutMs: number, signal?: AbortSignal): Promise<RunOutcome> {
  const started = Date.now()
  const elapsed = (): number => Date.now() - started
  return await new Promise(resolve => {
    let tail = ''
    let settled = false
    const finish = (r: RunOutcome): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', abort)
      resolve(r)
    }
    const child = spawn(SHELL, ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const keep = (d: Buffer): void => { tail = (tail + d.toString('utf8')).slice(-OUTPUT_TAIL_BYTES) }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => {
      killGroup(child.pid)
      finish({ kind: 'timeout', output: tail, durationMs: elapsed() })
    }, timeoutMs)
    const abort = (): void => {
      killGroup(child.pid)
      finish({ kind: 'aborted', output: tail, durationMs: elapsed() })
    }
    if (signal?.aborted === true) abort()
    signal?.addEventListener('abort', abort, { once: true })
    child.once('error', err => finish({ kind: 'spawn-failed', error: err.message, durationMs: elapsed() }))
    child.once('exit', (code, sig) => {
      const outcome = (): RunOutcome => code !== null
        ? { kind: 'exited', exitCode: code, output: tail, durationMs: elapsed() }
        : { kind: 'killed', signal: sig ?? 'unknown', output: tail, durationMs: elapsed() }
      // Output may still be in the pipes; a background child that keeps them open must not hold the result.
      const grace = setTimeout(() => finish(outcome()), EXIT_GRACE_MS)
      child.once('close', () => { clearTimeout(grace); finish(outcome()) })
    })
  })
}

function killGroup (pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // the group is gone already
  }
}

/** The last non-empty line a program printed: what its error most likely says. */
export function lastLine (output: string): string {
  const lines = output.split('\n').map(l => l.trim()).filter(l => l !== '')
  return lines.length === 0 ? '' : lines[lines.length - 1].slice(0, 300)
}

/** One line describing how a run failed, or undefined when it exited 0. */
export function runFailure (r: RunOutcome, timeoutMs: number): string | undefined {
  switch (r.kind) {
    case 'exited': {
      if (r.exitCode === 0) return undefined
      const said = lastLine(r.output)
      return `exited ${r.exitCode}${said === '' ? '' : `: ${said}`}`
    }
    case 'killed': return `killed by ${r.signal}`
    case 'timeout': return `still running after ${timeoutMs} ms; killed`
    case 'aborted': return 'stopped: the daemon is stopping'
    case 'spawn-failed': return `cannot start ${SHELL}: ${r.error}`
  }
}
