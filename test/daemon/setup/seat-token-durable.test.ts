// A removed seat token stays removed across a power cut: under real strace, `actor token --remove` fsyncs the
// tokens folder right after unlinking the file (an unlink is a change to the folder, lost without that fsync).
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ok, tempDir } from '../../helpers/cli.js'
import { traceCli } from '../../helpers/strace.js'

const TRACED = 'openat,unlink,unlinkat,rename,renameat,renameat2,fsync,fdatasync'

const traced = async (home: string, args: string[]): Promise<string[]> => await traceCli(home, args, TRACED)

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
