// Keys, tokens and config survive a power cut: under real strace, each file the CLI writes is fsynced, renamed into
// place, and then its folder is fsynced before the command goes on (without that last fsync the rename may be lost).
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writePrivateFile } from '../../../daemon/home/files.js'
import { tempDir } from '../../helpers/cli.js'
import { traceCli } from '../../helpers/strace.js'

const TRACED = 'openat,mkdir,mkdirat,rename,renameat,renameat2,fsync,fdatasync'

const traced = async (home: string, args: string[]): Promise<string[]> => await traceCli(home, args, TRACED)

/** The files renamed into place, each with whether its folder's fsync came next, before any other fsync or rename. */
function renames (lines: string[]): Array<{ to: string, dirSynced: boolean }> {
  const found: Array<{ to: string, dirSynced: boolean }> = []
  lines.forEach((line, i) => {
    const m = /\brename(?:at2?)?\(.*"([^"]+)"[^"]*\)\s*=\s*0/.exec(line)
    if (m === null) return
    const to = m[1]
    const next = lines.slice(i + 1).find(l => /\b(fsync|fdatasync|rename|renameat2?)\(/.test(l)) ?? ''
    found.push({ to, dirSynced: next.includes(`fsync(`) && next.includes(`<${dirname(to)}>)`) })
  })
  return found
}

describe('private files are durable', () => {
  it('init and mesh create fsync the folder after renaming each key and config into place (strace)', async () => {
    const home = join(tempDir(), 'home', 'nested') // two folders init must create
    const lines = [
      ...await traced(home, ['init', '--listen', '/ip4/127.0.0.1/tcp/0']),
      ...await traced(home, ['mesh', 'create'])
    ]
    const written = renames(lines)
    expect(written.map(w => w.to)).toEqual(expect.arrayContaining([join(home, 'node.key'), join(home, 'config.json'), join(home, 'mesh.key')]))
    expect(written.filter(w => !w.dirSynced)).toEqual([])
    // the new home folders themselves: each is made durable in its parent right after it is created
    for (const dir of [dirname(home), home]) {
      const at = lines.findIndex(l => /\bmkdir(at)?\(/.test(l) && l.includes(`"${dir}"`) && /=\s*0/.test(l))
      expect(at, `mkdir ${dir}`).toBeGreaterThanOrEqual(0)
      expect(lines.slice(at + 1).some(l => l.includes(`fsync(`) && l.includes(`<${dirname(dir)}>)`)), `fsync of ${dirname(dir)} after mkdir ${dir}`).toBe(true)
    }
  })
})

// A file written into a folder others may write (`actor export --out /tmp/…`): names planted there beforehand, under
// every name a writer could be guessed to use, are never opened. The names planted are the ones a writer named after
// its own pid would take, which this process's pid makes known.
describe('private files in a folder others may write', () => {
  const SECRET = '{"seed":"not for anyone else"}'

  it('a link planted under a guessable temp name is not written through', () => {
    const dir = tempDir()
    const victim = join(dir, 'victim.txt')
    writeFileSync(victim, 'keep me')
    const out = join(dir, 'bob.seat.json')
    symlinkSync(victim, `${out}.tmp-${process.pid}`)
    writePrivateFile(out, SECRET)
    expect(readFileSync(victim, 'utf8')).toBe('keep me')
    expect(readFileSync(out, 'utf8')).toBe(SECRET)
    expect(statSync(out).mode & 0o777).toBe(0o600)
  })

  it('a file planted under a guessable temp name, with a second name its planter keeps, never holds the secret', () => {
    const dir = tempDir()
    const out = join(dir, 'bob.seat.json')
    const planted = `${out}.tmp-${process.pid}`
    writeFileSync(planted, '', { mode: 0o666 })
    const kept = join(dir, 'kept-by-someone-else')
    linkSync(planted, kept)
    writePrivateFile(out, SECRET)
    expect(readFileSync(kept, 'utf8')).toBe('')
    expect(readFileSync(out, 'utf8')).toBe(SECRET)
  })

  it('a write that cannot be renamed into place leaves no temp file behind', () => {
    const dir = tempDir()
    const out = join(dir, 'taken')
    mkdirSync(join(out, 'not-empty'), { recursive: true }) // a folder with something in it cannot be replaced by a file
    expect(() => writePrivateFile(out, SECRET)).toThrow()
    expect(readdirSync(dir)).toEqual(['taken'])
    expect(existsSync(join(out, 'not-empty'))).toBe(true)
  })
})
