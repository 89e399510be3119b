// The log's checkpoints off the main thread, through power cuts: a store under a sustained load (its checkpoint
// thread copying the log and the main thread ending it) is cut off at a random moment, its unsynced pages torn at
// random; after the reboot every write whose durable commit had settled is there, byte for byte.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempDir } from '../helpers/cli.js'
import { PowerDisk, powerShim } from '../chaos/faults/power.js'
import { chaosRng } from '../chaos/faults/seed.js'

const STORE = fileURLToPath(new URL('../../dist/daemon/store/index.js', import.meta.url))
const BOOT_ID = '/proc/sys/kernel/random/boot_id'
const CUTS = process.env.AIOS_POWER === 'full' ? 6 : 2

function run (disk: PowerDisk, bootFile: string, code: string): { status: number | null, signal: string | null, stdout: string, stderr: string } {
  const r = spawnSync('unshare', ['--mount', 'sh', '-c', `mount --bind "$0" ${BOOT_ID} && exec "$@"`, bootFile, process.execPath, '--input-type=module', '-e', code], {
    env: { ...process.env, ...disk.env(powerShim()) },
    encoding: 'utf8',
    maxBuffer: 1 << 24
  })
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr }
}

/** Groups of 256 durable writes of about 4 KB; each settled group is printed; SIGKILL in the middle of group `cutAt`. */
const WRITE = (path: string, cutAt: number): string => `
  import { writeSync } from 'node:fs'
  import { Store } from ${JSON.stringify(STORE)}
  const s = Store.open(${JSON.stringify(path)})
  s.checkpointer.endLogFrames = 2048 // the main thread ends the log every 8 MiB, so cuts meet it often
  const value = g => String(g % 10).repeat(4000)
  for (let g = 0; ; g++) {
    const group = Promise.all(Array.from({ length: 256 }, (_, i) => s.commit.run(() => s.meta.set('k' + g + '.' + i, value(g)))))
    if (g === ${cutAt}) {
      writeSync(1, 'stats ' + JSON.stringify({ ...s.checkpointer.stats, running: s.checkpointer.running }) + '\\n')
      setImmediate(() => process.kill(process.pid, 'SIGKILL')) // the group committed, its fsync perhaps not returned
    }
    await group
    writeSync(1, 'settled ' + g + '\\n')
  }`

const READ = (path: string): string => `
  import { openDb } from ${JSON.stringify(fileURLToPath(new URL('../../dist/daemon/store/db.js', import.meta.url)))}
  try {
    const db = openDb(${JSON.stringify(path)})
    const rows = db.prepare("SELECT key, value FROM meta WHERE key LIKE 'k%'").all()
    const byGroup = {}
    for (const r of rows) {
      const g = Number(r.key.slice(1).split('.')[0])
      const ok = r.value === String(g % 10).repeat(4000)
      const e = byGroup[g] ??= { n: 0, bad: 0 }
      e.n++
      if (!ok) e.bad++
    }
    console.log(JSON.stringify({ byGroup }))
    db.close()
  } catch (err) {
    console.log(JSON.stringify({ code: err.code, message: err.message }))
  }`

describe('checkpoints off the main thread, through power cuts', () => {
  it(`${CUTS} cuts under load: every settled write survives, whole`, () => {
    const rng = chaosRng('checkpoint power')
    const boots = tempDir('aios-ckpt-power-boot-')
    let bootN = 0
    const boot = (): string => {
      const id = `${String(++bootN).padStart(8, '0')}-1111-4111-8111-111111111111`
      const f = join(boots, id)
      writeFileSync(f, `${id}\n`)
      return f
    }
    for (let c = 0; c < CUTS; c++) {
      const home = tempDir('aios-ckpt-power-')
      const path = join(home, 'node.db')
      const disk = new PowerDisk(home)
      onTestFinished(() => disk.dispose())
      const cutAt = rng.int(40, 79) // the thread starts within the first groups; the log has ended several times by then
      const w = run(disk, boot(), WRITE(path, cutAt))
      expect(w.signal, w.stderr).toBe('SIGKILL')
      expect(disk.loaded).toBe(true)
      const stats = JSON.parse(w.stdout.split('\n').find(l => l.startsWith('stats '))?.slice(6) ?? '{}')
      expect(stats.running, `the checkpoint thread was not running at the cut: ${JSON.stringify(stats)}`).toBe(true)
      expect(stats.checkpoints).toBeGreaterThan(0)
      expect(stats.ended, 'the main thread never ended the log before the cut').toBeGreaterThan(0)
      const settled = w.stdout.split('\n').filter(l => l.startsWith('settled ')).map(l => Number(l.slice(8)))
      expect(settled.length).toBeGreaterThan(0)
      disk.powerOff({ rng, p: 0.5 })
      const r = run(disk, boot(), READ(path))
      const out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}')
      expect(out.code, `${out.message} ${r.stderr}`).toBeUndefined()
      for (const g of settled) {
        const e = out.byGroup[g] ?? { n: 0, bad: 0 }
        expect({ group: g, held: e.n, damaged: e.bad }, `cut ${c} at group ${cutAt}`).toEqual({ group: g, held: 256, damaged: 0 })
      }
    }
  })
})
