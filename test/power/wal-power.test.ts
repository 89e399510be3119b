// The store after a power cut: the -shm index is never fsynced, and a relaxed commit (synchronous=NORMAL) may
// lose its log frames while the index written back before the cut still counts them. After a reboot the index is
// no evidence, and the store opens by itself with every fsynced commit; within one boot a log shorter than its
// index is still refused.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempDir } from '../helpers/cli.js'
import { PowerDisk, powerShim } from '../chaos/faults/power.js'

const DB = fileURLToPath(new URL('../../dist/daemon/store/db.js', import.meta.url))
const BOOT_ID = '/proc/sys/kernel/random/boot_id'

/** Runs an ES module under the shim, in a mount namespace whose boot id is the content of `bootFile`. */
function run (disk: PowerDisk, bootFile: string, code: string): { status: number | null, signal: string | null, stdout: string, stderr: string } {
  const r = spawnSync('unshare', ['--mount', 'sh', '-c', `mount --bind "$0" ${BOOT_ID} && exec "$@"`, bootFile, process.execPath, '--input-type=module', '-e', code], {
    env: { ...process.env, ...disk.env(powerShim()) },
    encoding: 'utf8'
  })
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr }
}

/** Three commits fsynced (synchronous=FULL), then three relaxed ones (NORMAL, as the settle commits), then SIGKILL. */
const WRITE = (path: string): string => `
  import { openDb } from ${JSON.stringify(DB)}
  const db = openDb(${JSON.stringify(path)})
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)')
  for (let i = 0; i < 3; i++) put.run('durable' + i, 'v'.repeat(3000))
  db.pragma('synchronous = NORMAL')
  for (let i = 0; i < 3; i++) put.run('relaxed' + i, 'v'.repeat(3000))
  process.kill(process.pid, 'SIGKILL')`

const OPEN = (path: string): string => `
  import { openDb } from ${JSON.stringify(DB)}
  try {
    const db = openDb(${JSON.stringify(path)})
    console.log(JSON.stringify({ keys: db.prepare("SELECT key FROM meta WHERE key LIKE 'durable%' OR key LIKE 'relaxed%' ORDER BY key").pluck().all() }))
    db.close()
  } catch (err) {
    console.log(JSON.stringify({ code: err.code, message: err.message }))
  }`

function cutAfterRelaxedCommits (): { disk: PowerDisk, path: string, boot: (id: string) => string } {
  const home = tempDir('aios-wal-power-')
  const path = join(home, 'node.db')
  const disk = new PowerDisk(home)
  onTestFinished(() => disk.dispose())
  const boots = tempDir('aios-wal-power-boot-')
  const boot = (id: string): string => {
    const f = join(boots, id)
    writeFileSync(f, `${id}\n`)
    return f
  }
  const before = boot('11111111-1111-4111-8111-111111111111')
  const w = run(disk, before, WRITE(path))
  expect(w.signal, w.stderr).toBe('SIGKILL')
  expect(disk.loaded).toBe(true)
  // the power goes: the index's pages had been written back, the relaxed commits' log frames had not
  disk.powerOff(undefined, p => p.endsWith('-shm'))
  return { disk, path, boot }
}

describe('the store after a power cut', () => {
  it('after a reboot, a stale -shm index does not stop the store: it opens with every fsynced commit', () => {
    const { disk, path, boot } = cutAfterRelaxedCommits()
    const r = run(disk, boot('22222222-2222-4222-8222-222222222222'), OPEN(path))
    const out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}')
    expect(out.code, out.message).toBeUndefined()
    expect(out.keys.filter((k: string) => k.startsWith('durable'))).toEqual(['durable0', 'durable1', 'durable2'])
  })

  it('within one boot, a log shorter than its index is still refused with what to do', () => {
    const { disk, path, boot } = cutAfterRelaxedCommits()
    const r = run(disk, boot('11111111-1111-4111-8111-111111111111'), OPEN(path))
    const out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}')
    expect(out.code).toBe('STORE_WAL_TRUNCATED')
    expect(out.message).toContain('move them aside')
  })
})
