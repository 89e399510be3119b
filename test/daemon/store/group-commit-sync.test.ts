// The durable commit's fsync off the main thread: on real SQLite, a durable write's promise settles only after an
// fdatasync of the -wal file, made by a thread of the pool, has returned (strace); groups settle in commit order;
// closing waits for the fsync; a log that cannot be made durable fails every waiting write and all later ones.
import { execFile } from 'node:child_process'
import { closeSync, readFileSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Store } from '../../../daemon/store/index.js'
import { tempDir } from '../../helpers/cli.js'
import { STRACE } from '../../helpers/strace.js'

const STORE = fileURLToPath(new URL('../../../dist/daemon/store/index.js', import.meta.url))
const WRITES = 3

/** Runs `script` under strace (threads too, descriptors with their paths) and returns the trace's lines. */
async function traced (script: string): Promise<string[]> {
  const out = join(tempDir(), 'trace.txt')
  await new Promise<void>((resolve, reject) => {
    execFile(STRACE, ['-f', '-y', '-e', 'trace=fsync,fdatasync,write', '-o', out, process.execPath, '--input-type=module', '-e', script], (err, _stdout, stderr) => {
      if (err !== null) reject(new Error(`${err.message} ${stderr}`))
      else resolve()
    })
  })
  return readFileSync(out, 'utf8').split('\n')
}

describe('group commit: the fsync off the main thread', () => {
  it('a durable write settles only after a pool thread\'s fdatasync of the -wal file returned (strace)', async () => {
    const path = join(tempDir(), 'node.db')
    const lines = await traced(`
      import { writeSync } from 'node:fs'
      import { Store } from ${JSON.stringify(STORE)}
      const s = Store.open(${JSON.stringify(path)})
      // the first frame after the log starts over: SQLite fsyncs its new header itself, on the main thread
      await s.commit.run(() => s.meta.set('first', 'v'))
      writeSync(1, 'opened\\n')
      for (let i = 0; i < ${WRITES}; i++) {
        await s.commit.run(() => s.meta.set('k' + i, 'v'.repeat(1000)))
        writeSync(1, 'settled ' + i + '\\n')
      }
      s.close()`)
    const pid = Number(lines[0].split(/\s+/)[0]) // the main thread's id is the process id, first in the trace
    const marker = (text: string): number => lines.findIndex(l => l.includes(`write(1<`) && l.includes(text))
    const walSyncs = (from: number, to: number): string[] => lines.slice(from, to).filter(l => /fdatasync\(\d+<[^>]*node\.db-wal>/.test(l) || /<\.\.\. fdatasync resumed>/.test(l))
    let from = marker('opened')
    expect(from, lines.join('\n')).toBeGreaterThan(0)
    for (let i = 0; i < WRITES; i++) {
      const to = marker(`settled ${i}`)
      expect(to, `settled ${i}`).toBeGreaterThan(from)
      const between = lines.slice(from, to)
      // the fdatasync of the log returned (a whole line, or its resumed end) between the last answer and this one
      const returned = between.filter(l => (/fdatasync\(\d+<[^>]*node\.db-wal>\) += 0/.test(l)) || (/<\.\.\. fdatasync resumed>\) += 0/.test(l)))
      expect(returned.length, `write ${i}: no fdatasync of node.db-wal returned before it settled:\n${between.join('\n')}`).toBeGreaterThan(0)
      // and the main thread made no fsync of its own for it (SQLite's synchronous=FULL commit would)
      const onMain = between.filter(l => Number(l.split(/\s+/)[0]) === pid && /f(data)?sync\(/.test(l))
      expect(onMain, `write ${i}: the main thread fsynced`).toEqual([])
      from = to
    }
    expect(walSyncs(0, lines.length).length).toBeGreaterThanOrEqual(WRITES)
  })

  it('groups settle in commit order: a relaxed group never before an earlier durable one', async () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    expect(s.commit.offThread).toBe(true)
    const order: string[] = []
    const durable = s.commit.run(() => s.meta.set('a', 'x'.repeat(4000))).then(() => order.push('durable'))
    await new Promise(resolve => setImmediate(resolve)) // the durable group has committed; its fsync is in flight
    const relaxed = s.commit.run(() => s.meta.set('b', 'y'), { durable: false }).then(() => order.push('relaxed'))
    await Promise.all([durable, relaxed])
    expect(order).toEqual(['durable', 'relaxed'])
    s.close()
  })

  it('synced(): what leaves the node waits for every durable group committed so far to be on disk', async () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    expect(await s.commit.synced()).toBe(true) // nothing waits: at once
    const order: string[] = []
    const write = s.commit.run(() => s.meta.set('a', 'x'.repeat(4000))).then(() => order.push('write'))
    await new Promise(resolve => setImmediate(resolve)) // committed (visible to this process), its fsync in flight
    expect(s.meta.get('a')).toBe('x'.repeat(4000))
    const gate = s.commit.synced().then(ok => order.push(`synced ${String(ok)}`))
    await Promise.all([write, gate])
    expect(order).toEqual(['write', 'synced true'])
    s.close()
  })

  it('closing while an fsync is in flight: the write still settles, and it is there after reopening', async () => {
    const path = join(tempDir(), 'node.db')
    const s = Store.open(path)
    const write = s.commit.run(() => s.meta.set('closing', 'z'))
    await new Promise(resolve => setImmediate(resolve)) // committed, its fsync on the pool
    s.close()
    await expect(write).resolves.toBeUndefined()
    const again = Store.open(path)
    expect(again.meta.get('closing')).toBe('z')
    again.close()
  })

  it('closing with one fsync in flight and a later group waiting for the next: both settle, nothing reads the closed store', async () => {
    // in a child process: the fsync's callback runs after the database closed, and a throw there ends the process
    const path = join(tempDir(), 'node.db')
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', `
        import { Store } from ${JSON.stringify(STORE)}
        const s = Store.open(${JSON.stringify(path)})
        await s.commit.run(() => s.meta.set('first', 'v'))
        const one = s.commit.run(() => s.meta.set('one', 'x'.repeat(4000)))
        await new Promise(resolve => setImmediate(resolve)) // committed, its fsync on the pool
        const two = s.commit.run(() => s.meta.set('two', 'y'.repeat(4000)))
        await new Promise(resolve => setImmediate(resolve)) // committed behind it, waiting for the next fsync
        s.close()
        await Promise.all([one, two])
        process.stdout.write('settled')`], (err, stdout, stderr) => {
        if (err !== null) reject(new Error(`${err.message} ${stderr}`))
        else resolve(stdout)
      })
    })
    expect(out).toBe('settled')
    const again = Store.open(path)
    expect([again.meta.get('one')?.length, again.meta.get('two')?.length]).toEqual([4000, 4000])
    again.close()
  })

  it('a log removed under the store: the waiting write fails with STORE_SYNC_FAILED, and every later write too', async () => {
    const path = join(tempDir(), 'node.db')
    const s = Store.open(path)
    await s.commit.run(() => s.meta.set('before', '1'))
    unlinkSync(`${path}-wal`) // SQLite keeps writing the removed file, which a restart would never read
    await expect(s.commit.run(() => s.meta.set('lost', '2'))).rejects.toMatchObject({ code: 'STORE_SYNC_FAILED' })
    await expect(s.commit.run(() => s.meta.set('after', '3'), { durable: false })).rejects.toMatchObject({ code: 'STORE_SYNC_FAILED' })
    expect(await s.commit.synced()).toBe(false)
    expect(() => s.tx(() => s.meta.set('direct', '4'))).toThrow() // the connection is query_only
    s.close()
  })

  it('an fdatasync that fails (its descriptor gone) rejects the write it was for', async () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    closeSync((s.commit as unknown as { wal: { fd: number } }).wal.fd) // the next fdatasync gets EBADF
    await expect(s.commit.run(() => s.meta.set('k', 'v'))).rejects.toMatchObject({ code: 'STORE_SYNC_FAILED' })
    s.close()
  })
})
