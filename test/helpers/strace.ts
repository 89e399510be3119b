// Runs the built CLI under real strace (-f -y: children too, descriptors with their paths) and returns the trace:
// the durability tests read from it which file or folder each fsync reached, and in what order.
import { execFile, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'
import { CLI, tempDir } from './cli.js'

export const STRACE = '/usr/bin/strace' // installed by .ci/run; missing, the test fails (it never skips)

/** The CLI's syscalls of the comma-separated `syscalls`, one a line. */
export async function traceCli (home: string, args: string[], syscalls: string): Promise<string[]> {
  const out = join(tempDir(), 'trace.txt')
  await new Promise<void>((resolve, reject) => {
    execFile(STRACE, ['-f', '-y', '-e', `trace=${syscalls}`, '-o', out, process.execPath, CLI, '--home', home, ...args], (err, _stdout, stderr) => {
      if (err !== null) reject(new Error(`strace ${args.join(' ')} failed: ${err.message} ${stderr}`))
      else resolve()
    })
  })
  return readFileSync(out, 'utf8').split('\n')
}

/**
 * A daemon started under strace (a mesh's `prefix`): the traced daemon's pid, killed when the test finishes. Killing
 * strace alone would leave the daemon it traces running.
 */
export function killTracedWhenDone (tracer: { child?: ChildProcess }): number {
  const pid = tracer.child?.pid as number
  const daemonPid = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0])
  if (!(daemonPid > 0)) throw new Error(`strace ${pid} traces no process`)
  onTestFinished(() => {
    try {
      process.kill(daemonPid, 'SIGKILL')
    } catch {}
  })
  return daemonPid
}
