// A power-loss filesystem: a folder whose processes run with power-shim.c preloaded, and a power cut that rebuilds
// the folder from what was fsynced only (a write no fsync covered is lost; a name no folder fsync covered is
// lost), optionally torn at page size (each unsynced page survives or not, at random, in any order).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Rng } from './seed.js'

const SOURCE = fileURLToPath(new URL('../../../test/chaos/faults/power-shim.c', import.meta.url))
const PAGE = 4096 // the page cache's unit of writeback: a torn file keeps or loses whole pages

/** Compiles the shim once per source version (cached under the temp folder); throws with the compiler's reason. */
export function powerShim (): string {
  const source = readFileSync(SOURCE)
  const dir = join(tmpdir(), `aios-power-shim-${createHash('sha256').update(source).digest('hex').slice(0, 16)}`)
  const lib = join(dir, 'power-shim.so')
  if (existsSync(lib)) return lib
  mkdirSync(dir, { recursive: true })
  const tmp = `${lib}.${process.pid}`
  try {
    execFileSync('cc', ['-shared', '-fPIC', '-O2', '-o', tmp, SOURCE, '-ldl', '-lpthread'], { stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (err) {
    const e = err as { stderr?: Buffer, message: string }
    throw new Error(`the power-loss shim cannot be compiled (cc -shared ${SOURCE}): ${e.stderr?.toString().trim() ?? e.message}`)
  }
  renameSync(tmp, lib)
  return lib
}

type Key = string // `${dev}_${ino}`, as the shim names its records

function keyOf (path: string): Key {
  const s = lstatSync(path, { bigint: true })
  return `${s.dev}_${s.ino}`
}

export interface PowerCut {
  /** files whose content went back to an older fsync (or to nothing) */
  filesRolledBack: number
  /** names that vanished because their folder was not fsynced after they appeared */
  namesLost: number
  /** pages of unsynced writes that survived (torn mode) */
  tornPages: number
}

/** One folder on the power-loss filesystem: everything in it when mounted counts as durable. */
export class PowerDisk {
  readonly shadow: string

  constructor (readonly root: string, shadow?: string) {
    this.shadow = shadow ?? mkdtempSync(join(tmpdir(), 'aios-power-shadow-'))
    this.mount()
  }

  /** The environment a process needs to run on this disk (UV_USE_IO_URING=0: libuv's fsyncs go through libc). */
  env (lib = powerShim()): Record<string, string> {
    return { LD_PRELOAD: lib, AIOS_POWER_ROOT: this.root, AIOS_POWER_SHADOW: this.shadow, UV_USE_IO_URING: '0' }
  }

  /** Whether a process started with env() has loaded the shim since the last mount or cut. */
  get loaded (): boolean {
    return existsSync(join(this.shadow, 'loaded'))
  }

  /** Takes the folder's current content as durable (what a mount, or the disk after a cut, holds). */
  mount (): void {
    rmSync(this.shadow, { recursive: true, force: true })
    mkdirSync(join(this.shadow, 'f'), { recursive: true })
    mkdirSync(join(this.shadow, 'd'), { recursive: true })
    const walk = (dir: string): void => {
      const lines: string[] = []
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        const s = lstatSync(path, { bigint: true })
        const type = s.isDirectory() ? 'd' : s.isFile() ? 'f' : s.isSymbolicLink() ? 'l' : 'o'
        lines.push(`${s.ino}\t${type}\t${name}\n`)
        if (type === 'd') walk(path)
        if (type === 'f') writeFileSync(join(this.shadow, 'f', `${s.dev}_${s.ino}`), readFileSync(path))
      }
      writeFileSync(join(this.shadow, 'd', keyOf(dir)), lines.join(''))
    }
    walk(this.root)
  }

  /**
   * The power cut, once every process on the disk is dead (SIGKILL: the page cache, i.e. the live files, is still
   * there to compare): rebuilds the folder from the shim's records, then mounts the result as the new durable state.
   * torn: each page where the live file differs from its last fsync keeps the live bytes with probability p.
   * keepLive: files (by path under the root) whose unsynced pages all reached the disk first, e.g. a -shm index
   * written back while the log's tail was not: one of the orders a page cache may write back in.
   */
  powerOff (torn?: { rng: Rng, p: number }, keepLive?: (path: string) => boolean): PowerCut {
    const cut: PowerCut = { filesRolledBack: 0, namesLost: 0, tornPages: 0 }
    const dev = lstatSync(this.root, { bigint: true }).dev
    const live = new Map<Key, string>() // each inode still reachable, by its live path
    const walkLive = (dir: string): number => {
      let n = 0
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        live.set(keyOf(path), path)
        n++
        if (lstatSync(path).isDirectory()) n += walkLive(path)
      }
      return n
    }
    const liveNames = walkLive(this.root)
    const out = mkdtempSync(join(dirname(this.root), '.power-rebuild-'))
    let durableNames = 0
    const build = (dirKey: Key, target: string): void => {
      const record = join(this.shadow, 'd', dirKey)
      if (!existsSync(record)) return // a folder never fsynced since it was made: empty
      for (const line of readFileSync(record, 'utf8').split('\n')) {
        if (line === '') continue
        const [ino, type, name] = line.split('\t') as [string, string, string]
        const e = { ino, type, name }
        const key = `${dev}_${e.ino}`
        const path = join(target, e.name)
        const livePath = live.get(key)
        if (e.type === 'd') {
          mkdirSync(path)
          chmodSync(path, livePath !== undefined ? statSync(livePath).mode & 0o777 : 0o700)
          durableNames++
          build(key, path)
        } else if (e.type === 'f') {
          const saved = join(this.shadow, 'f', key)
          let content: Buffer = existsSync(saved) ? readFileSync(saved) : Buffer.alloc(0)
          const now = livePath !== undefined && lstatSync(livePath).isFile() ? readFileSync(livePath) : undefined
          if (now !== undefined && !now.equals(content)) {
            cut.filesRolledBack++
            if (keepLive?.(relative(this.root, livePath!)) === true) content = now
            else if (torn !== undefined) {
              const r = tear(content, now, torn)
              content = r.content
              cut.tornPages += r.kept
            }
          }
          writeFileSync(path, content)
          chmodSync(path, livePath !== undefined ? statSync(livePath).mode & 0o777 : 0o600)
          durableNames++
        } else if (e.type === 'l' && livePath !== undefined && lstatSync(livePath).isSymbolicLink()) {
          symlinkSync(readlinkSync(livePath), path)
          durableNames++
        } // sockets and the like are made again by their owner
      }
    }
    build(keyOf(this.root), out)
    cut.namesLost = Math.max(0, liveNames - durableNames)
    for (const name of readdirSync(this.root)) rmSync(join(this.root, name), { recursive: true, force: true })
    for (const name of readdirSync(out)) renameSync(join(out, name), join(this.root, name))
    rmSync(out, { recursive: true, force: true })
    this.mount()
    return cut
  }

  dispose (): void {
    rmSync(this.shadow, { recursive: true, force: true })
  }
}

/** Unsynced pages survive or not, each on its own: the page cache writes them back in no particular order. */
function tear (durable: Buffer, now: Buffer, torn: { rng: Rng, p: number }): { content: Buffer, kept: number } {
  let content = Buffer.from(durable)
  let kept = 0
  const pages = Math.ceil(Math.max(durable.length, now.length) / PAGE)
  for (let i = 0; i < pages; i++) {
    const a = durable.subarray(i * PAGE, (i + 1) * PAGE)
    const b = now.subarray(i * PAGE, (i + 1) * PAGE)
    if (a.equals(b) || b.length === 0 || torn.rng.next() >= torn.p) continue
    const end = i * PAGE + b.length
    if (end > content.length) content = Buffer.concat([content, Buffer.alloc(end - content.length)])
    b.copy(content, i * PAGE)
    kept++
  }
  return { content, kept }
}
