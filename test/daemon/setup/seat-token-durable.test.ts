// A removed seat token stays removed across a power cut: under real strace, `actor token --remove` fsyncs the
// tokens folder right after unlinking the file (an unlink is a change to the folder, lost without that fsync).
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLI, ok, tempDir } from '../../helpers/cli.js'

const STRACE = '/usr/bin/strace'
const TRACED = 'openat,unlink,unlinkat,rename,renameat,renameat2,fsync,fdatasync'

/** Runs the built CLI under strace -f -y and returns the trace, one syscall a line. */
async function traced (home: string, args: string[]): Promise<string[]> {
  const out = join(tempDir(), 'trace.txt')
  await new Promise<void>((resolve, reject) => {
    execFile(STRACE, ['-f', '-y', '-e', `trace=${TRACED}`, '-o', out, process.execPath, CLI, '--home', home, ...args], (err, _stdout, stderr) => {
      if (err !== null) reject(new Error(`strace ${args.join(' ')} failed: ${err.message} ${stderr}`))
      else resolve()
    })
  })
  return readFileSync(out, 'utf8').split('\n')
}

describe('seat token removal is durable', () => {
  it('actor token --remove fsyncs the tokens folder right after unlinking the token file (strace)', async () => {
    const home = join(tempDir(), 'home')
    await ok(home, ['init', '--listen', '/ip4/127.0.0.1/tcp/0'])
    await ok(home, ['mesh', 'create'])
    const added = await ok(home, ['actor', 'add', 'agent-a', '--isolated', '--json'])
    const file = String(added.tokenFile)
    expect(existsSync(file)).toBe(true)
    const lines = await traced(home, ['actor', 'token', 'agent-a', '--remove'])
    expect(existsSync(file)).toBe(false)
    const at = lines.findIndex(l => /\bunlink(at)?\(/.test(l) && l.includes(`"${file}"`) && /=\s*0/.test(l))
    expect(at, `unlink ${file}`).toBeGreaterThanOrEqual(0)
    const next = lines.slice(at + 1).find(l => /\b(fsync|fdatasync|unlink|unlinkat|rename|renameat2?)\(/.test(l)) ?? ''
    expect(next, 'the first fsync, unlink or rename after the unlink').toMatch(new RegExp(`\\bf(data)?sync\\(\\d+<${dirname(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}>\\)`))
  })
})
