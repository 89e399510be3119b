// Checkpoints of the log off the main thread, on real SQLite: under a sustained load the database file is written by
// the checkpoint thread, not the main one (strace), the log stays bounded and a close leaves no log behind; the thread
// ends when writes stop and SQLite's own checkpoints come back; a thread that dies gives them back too, for good.
import { execFile } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Store } from '../../../daemon/store/index.js'
import { tempDir } from '../../helpers/cli.js'
import { STRACE } from '../../helpers/strace.js'

const STORE = fileURLToPath(new URL('../../../dist/daemon/store/index.js', import.meta.url))
const GROUPS = 48 // groups of 256 writes of about 4 KB: about 50 MB through the log
const MiB = 1024 * 1024

/** Runs `script` under strace (threads too, descriptors with their paths) and returns the trace and the output. */
async function traced (script: string): Promise<{ lines: string[], stdout: string }> {
  const out = join(tempDir(), 'trace.txt')
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(STRACE, ['-f', '-y', '-e', 'trace=pwrite64,write', '-o', out, process.execPath, '--input-type=module', '-e', script], { maxBuffer: 1 << 20 }, (err, so, stderr) => {
      if (err !== null) reject(new Error(`${err.message} ${stderr}`))
      else resolve(so)
    })
  })
  return { lines: readFileSync(out, 'utf8').split('\n'), stdout }
}

/** Writes `groups` groups of 256 rows of about 4 KB, each group awaited; returns the log's largest size after each. */
async function load (s: Store, path: string, groups: number, tag: string): Promise<number> {
  const value = 'x'.repeat(4000)
  let largest = 0
  for (let g = 0; g < groups; g++) {
    await Promise.all(Array.from({ length: 256 }, (_, i) => s.commit.run(() => s.meta.set(`${tag}${g}.${i}`, value))))
    largest = Math.max(largest, statSync(`${path}-wal`).size)
  }
  return largest
}

const autocheckpoint = (s: Store): number => s.db.pragma('wal_autocheckpoint', { simple: true }) as number

describe('checkpoints off the main thread', () => {
  it('under load the database file is written by the checkpoint thread, the log stays bounded, and a close removes it', async () => {
    const path = join(tempDir(), 'node.db')
    const { lines, stdout } = await traced(`
      import { existsSync, statSync, writeSync } from 'node:fs'
      import { Store } from ${JSON.stringify(STORE)}
      const path = ${JSON.stringify(path)}
      const s = Store.open(path)
      s.checkpointer.endLogFrames = 4096 // 16 MiB, not 32: the log ends a few times in a short run
      const value = 'x'.repeat(4000)
      let largest = 0
      for (let g = 0; g < ${GROUPS}; g++) {
        await Promise.all(Array.from({ length: 256 }, (_, i) => s.commit.run(() => s.meta.set('k' + g + '.' + i, value))))
        if (g === 7) writeSync(1, 'loaded ' + s.checkpointer.running + '\\n')
        if (g >= 7) largest = Math.max(largest, statSync(path + '-wal').size)
      }
      writeSync(1, 'closing\\n')
      const stats = { ...s.checkpointer.stats, running: s.checkpointer.running }
      s.close()
      writeSync(1, JSON.stringify({ largest, stats, logAfterClose: existsSync(path + '-wal') }) + '\\n')`)
    const pid = Number(lines[0].split(/\s+/)[0]) // the main thread's id is the process id, first in the trace
    const at = (text: string): number => lines.findIndex(l => l.includes('write(1<') && l.includes(text))
    const from = at('loaded')
    const to = at('closing')
    expect(from, lines.slice(0, 50).join('\n')).toBeGreaterThan(0)
    expect(to).toBeGreaterThan(from)
    const result = JSON.parse(stdout.trim().split('\n').at(-1) as string)
    // the pages the log carried into the database file: written by the thread, the main thread only ending the log
    const dbWrites = lines.slice(from, to).filter(l => /pwrite64\(\d+<[^>]*\/node\.db>/.test(l))
    const onMain = dbWrites.filter(l => Number(l.split(/\s+/)[0]) === pid)
    expect(dbWrites.length, 'no page reached the database file while the load ran').toBeGreaterThan(1000)
    // (the main thread copies what came in during the thread's last checkpoint: more on a busy machine)
    expect(onMain.length / dbWrites.length, `${onMain.length} of ${dbWrites.length} database writes on the main thread`).toBeLessThan(0.5)
    expect(result.stats.running, JSON.stringify(result)).toBe(true)
    // about 40 MB went through the log after the mark: it was started over, not left to grow
    expect(result.largest, JSON.stringify(result)).toBeLessThan(32 * MiB)
    expect(result.stats.checkpoints).toBeGreaterThan(0)
    expect(result.logAfterClose, 'the log was left behind: a connection was still open when the store closed').toBe(false)
  })

  it('ends when writes stop, gives checkpoints back to SQLite, and starts again under the next load', async () => {
    const path = join(tempDir(), 'node.db')
    const s = Store.open(path)
    s.checkpointer.idleMs = 300
    try {
      expect(autocheckpoint(s)).toBe(1000)
      await load(s, path, 8, 'a')
      const thread = s.checkpointer.thread
      expect(thread, 'the thread did not start under load').toBeDefined()
      expect(autocheckpoint(s)).toBe(0)
      await once(thread!, 'exit') // no writes: it ends by itself
      expect(s.checkpointer.running).toBe(false)
      expect(s.checkpointer.stats.failed).toBeUndefined()
      expect(autocheckpoint(s)).toBe(1000)
      await load(s, path, 8, 'b')
      expect(s.checkpointer.stats.started).toBe(2)
      expect(s.checkpointer.running).toBe(true)
    } finally {
      s.close()
    }
  })

  it('a thread that dies gives checkpoints back to SQLite for good, and the writes go on with the log bounded', async () => {
    const path = join(tempDir(), 'node.db')
    const s = Store.open(path)
    const warnings: string[] = []
    s.checkpointer.warn = msg => { warnings.push(msg) }
    try {
      await load(s, path, 8, 'a')
      const thread = s.checkpointer.thread
      expect(thread).toBeDefined()
      await thread!.terminate()
      expect(s.checkpointer.running).toBe(false)
      expect(s.checkpointer.stats.failed).toMatch(/exited/)
      expect(warnings.join('\n')).toMatch(/SQLite checkpoints on the main thread again/)
      expect(autocheckpoint(s)).toBe(1000)
      const before = statSync(`${path}-wal`).size
      const largest = await load(s, path, 24, 'b') // about 25 MB more: SQLite's own checkpoints keep the log short
      expect(s.checkpointer.stats.started).toBe(1)
      expect(largest).toBeLessThan(Math.max(before, 8 * MiB) + 2 * MiB)
    } finally {
      s.close()
    }
  })
})
