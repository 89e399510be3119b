// The power-loss filesystem itself: a program writes under the shim, the power goes off, and only what an fsync
// covered is there (file bytes by the file's fsync, names by the folder's). Each rule is seen to matter: the live
// files before the cut differ from what survives, and without the shim even fsynced data is gone.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempDir } from '../helpers/cli.js'
import { PowerDisk, powerShim } from '../chaos/faults/power.js'
import { rngFrom } from '../chaos/faults/seed.js'

const PAGES = 64

/** The program: each line is one rule of the filesystem. */
const PROGRAM = `
const fs = require('node:fs')
const root = process.argv[1]
const p = f => root + '/' + f
const syncFile = f => { const fd = fs.openSync(p(f), 'r+'); fs.fsyncSync(fd); fs.closeSync(fd) }
const syncDir = d => { const fd = fs.openSync(p(d), 'r'); fs.fsyncSync(fd); fs.closeSync(fd) }
fs.writeFileSync(p('old.txt'), 'new')                                   // 1. a write, no fsync
fs.writeFileSync(p('d1/a.txt'), 'a'); syncFile('d1/a.txt')              // 2. a new file fsynced, its folder not
fs.writeFileSync(p('d2/b.txt'), 'b'); syncFile('d2/b.txt'); syncDir('d2') // 3. file and folder fsynced
fs.writeFileSync(p('d3/target.txt.tmp'), 'v2'); syncFile('d3/target.txt.tmp')
fs.renameSync(p('d3/target.txt.tmp'), p('d3/target.txt'))              // 4. a rename into place, folder not fsynced
fs.writeFileSync(p('big.bin'), Buffer.alloc(${PAGES * 4096}, 0xff))      // 5. many pages, no fsync
`

function prepare (): PowerDisk {
  const root = tempDir('aios-power-fs-')
  writeFileSync(join(root, 'old.txt'), 'old')
  for (const d of ['d1', 'd2', 'd3']) mkdirSync(join(root, d))
  writeFileSync(join(root, 'd3', 'target.txt'), 'v1')
  writeFileSync(join(root, 'big.bin'), Buffer.alloc(PAGES * 4096))
  const disk = new PowerDisk(root)
  onTestFinished(() => disk.dispose())
  return disk
}

function run (disk: PowerDisk, env: Record<string, string>): void {
  const r = spawnSync(process.execPath, ['-e', PROGRAM, disk.root], { env: { ...process.env, ...env }, encoding: 'utf8' })
  expect(r.status, r.stderr).toBe(0)
}

const read = (disk: PowerDisk, f: string): string | undefined => existsSync(join(disk.root, f)) ? readFileSync(join(disk.root, f), 'utf8') : undefined
const pagesOf = (disk: PowerDisk): number[] => {
  const b = readFileSync(join(disk.root, 'big.bin'))
  return Array.from({ length: PAGES }, (_, i) => b[i * 4096])
}

describe('the power-loss filesystem', () => {
  it('keeps only what was fsynced: file bytes by the file, names by the folder', () => {
    const disk = prepare()
    run(disk, disk.env(powerShim()))
    expect(disk.loaded).toBe(true)
    // before the cut (what a SIGKILL leaves): everything is there
    expect([read(disk, 'old.txt'), read(disk, 'd1/a.txt'), read(disk, 'd2/b.txt'), read(disk, 'd3/target.txt')]).toEqual(['new', 'a', 'b', 'v2'])
    const cut = disk.powerOff()
    expect(read(disk, 'old.txt')).toBe('old') // 1. the write no fsync covered is gone
    expect(read(disk, 'd1/a.txt')).toBeUndefined() // 2. its name was never made durable
    expect(read(disk, 'd2/b.txt')).toBe('b') // 3. survives
    expect(read(disk, 'd3/target.txt')).toBe('v1') // 4. the old name still points at the old file
    expect(new Set(pagesOf(disk))).toEqual(new Set([0])) // 5. no unsynced page survives
    expect(cut.namesLost).toBeGreaterThanOrEqual(1)
    // the disk after the cut is the new durable state: a second cut changes nothing
    disk.powerOff()
    expect([read(disk, 'old.txt'), read(disk, 'd2/b.txt'), read(disk, 'd3/target.txt')]).toEqual(['old', 'b', 'v1'])
  })

  it('torn: some unsynced pages survive and some do not, by the seed', () => {
    const disk = prepare()
    run(disk, disk.env(powerShim()))
    const cut = disk.powerOff({ rng: rngFrom(17), p: 0.5 })
    const pages = pagesOf(disk)
    const kept = pages.filter(x => x === 0xff).length
    expect(kept).toBeLessThanOrEqual(cut.tornPages) // old.txt may keep its page too
    expect(kept).toBeGreaterThan(0)
    expect(kept).toBeLessThan(PAGES)
    expect(read(disk, 'd2/b.txt')).toBe('b')
  })

  it('without the shim nothing is remembered: even the fsynced file and folder are lost', () => {
    const disk = prepare()
    run(disk, {})
    expect(disk.loaded).toBe(false)
    disk.powerOff()
    expect(read(disk, 'd2/b.txt')).toBeUndefined()
  })
})
