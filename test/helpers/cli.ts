// Runs the built CLI (dist/cli/main.js) as a child process in a temp home, as a user would.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { onTestFinished } from 'vitest'

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export function tempDir (prefix = 'aios-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export async function cli (home: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const clean = { ...process.env }
  delete clean.TMUX
  delete clean.TMUX_PANE
  delete clean.AIOS_ACTOR
  return await new Promise(resolve => {
    execFile(process.execPath, [CLI, '--home', home, ...args], { env: { ...clean, ...env }, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err === null ? 0 : typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1
      resolve({ code, stdout, stderr })
    })
  })
}

/** Runs a command that must succeed and returns its stdout (parsed when --json is among the args). */
export async function ok (home: string, args: string[], env?: NodeJS.ProcessEnv): Promise<any> {
  const r = await cli(home, args, env)
  if (r.code !== 0) throw new Error(`aios-comm ${args.join(' ')} exited ${r.code}: ${r.stderr}`)
  return args.includes('--json') ? JSON.parse(r.stdout) : r.stdout
}

/** Asserts the one-line error contract and returns the code. */
export function errorCode (r: CliResult): string {
  const lines = r.stderr.trimEnd().split('\n')
  if (lines.length !== 1) throw new Error(`expected one error line, got: ${r.stderr}`)
  const m = /^aios-comm: ([A-Z][A-Z0-9_]*): \S.*$/.exec(lines[0])
  if (m === null) throw new Error(`not an aios-comm error line: ${lines[0]}`)
  if (r.code === 0) throw new Error('an error must exit non-zero')
  return m[1]
}
