// Runs the built CLI under real strace (-f -y: children too, descriptors with their paths) and returns the trace:
// the durability tests read from it which file or folder each fsync reached, and in what order.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
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
