// The store refuses a write-ahead log that SQLite would silently cut short: a damaged committed frame, or a log
// shorter than its index says. A torn tail (what a crash leaves) opens as before, with every commit in it.
import { execFileSync } from 'node:child_process'
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Store } from '../../../daemon/store/index.js'
import { checkWal, logBytes } from '../../../daemon/store/wal-check.js'
import { PAGE_BYTES } from '../../../daemon/store/db.js'
import { tempDir } from '../../helpers/cli.js'

const COMMITS = 10
const FRAME = 24 + PAGE_BYTES // a frame's header and one page of the store

/** A store with COMMITS committed rows, left with its log and index as a SIGKILL leaves them. */
function killedStore (dir: string): string {
  const path = join(dir, 'node.db')
  Store.open(path).close() // schema and migrations, checkpointed
  const script = `
    const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))})
    const db = new Database(${JSON.stringify(path)})
    db.pragma('journal_mode = WAL'); db.pragma('synchronous = FULL')
    for (let i = 0; i < ${COMMITS}; i++) db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('k' + i, 'v'.repeat(500))
    process.kill(process.pid, 'SIGKILL')`
  try {
    execFileSync(process.execPath, ['-e', script], { stdio: 'pipe' })
  } catch {} // killed, as intended
  return path
}

function copyOf (path: string, mutate: (copy: string) => void): string {
  const copy = join(tempDir('aios-wal-copy-'), 'node.db')
  for (const s of ['', '-wal', '-shm']) copyFileSync(path + s, copy + s)
  mutate(copy)
  return copy
}

const flip = (walPath: string, frame: number): void => {
  const b = readFileSync(walPath)
  b[32 + frame * FRAME + 24 + 100] ^= 0xff
  writeFileSync(walPath, b)
}

const refusal = (path: string): string | undefined => {
  try {
    Store.open(path).close()
    return undefined
  } catch (err) {
    return (err as { code?: string }).code
  }
}

describe('write-ahead log check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aios-wal-'))
  const base = killedStore(dir)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('an intact log left by a kill opens with every commit', () => {
    expect(checkWal(base)).toMatchObject({ ok: true })
    const s = Store.open(copyOf(base, () => {}))
    expect(s.db.prepare("SELECT count(*) AS n FROM meta WHERE key LIKE 'k%'").get()).toEqual({ n: COMMITS })
    s.close()
  })

  it('a flipped byte in a committed frame: STORE_WAL_CORRUPT, with or without the index', () => {
    expect(refusal(copyOf(base, c => flip(`${c}-wal`, 1)))).toBe('STORE_WAL_CORRUPT')
    expect(refusal(copyOf(base, c => { flip(`${c}-wal`, 1); rmSync(`${c}-shm`) }))).toBe('STORE_WAL_CORRUPT')
  })

  it('a log cut short of what its index committed: STORE_WAL_TRUNCATED, at a frame boundary or inside one', () => {
    expect(refusal(copyOf(base, c => truncateSync(`${c}-wal`, 32 + 3 * FRAME)))).toBe('STORE_WAL_TRUNCATED')
    expect(refusal(copyOf(base, c => truncateSync(`${c}-wal`, 32 + 3 * FRAME + 700)))).toBe('STORE_WAL_TRUNCATED')
  })

  it('after a reboot, a short log or a damaged frame before later commits is what a power cut may leave: accepted', () => {
    // relaxed commits (synchronous=NORMAL) are not fsynced: their pages may be lost or torn while the index counted them
    expect(checkWal(copyOf(base, c => truncateSync(`${c}-wal`, 32 + 3 * FRAME)), { afterReboot: true })).toEqual({ ok: true, frames: 3 })
    expect(checkWal(copyOf(base, c => flip(`${c}-wal`, 1)), { afterReboot: true })).toEqual({ ok: true, frames: 1 })
    // the log's header is fsynced before any frame after it, by relaxed commits too: its damage is still damage
    expect(checkWal(copyOf(base, c => {
      const b = readFileSync(`${c}-wal`)
      b[20] ^= 0x01
      writeFileSync(`${c}-wal`, b)
    }), { afterReboot: true })).toMatchObject({ ok: false, code: 'STORE_WAL_CORRUPT' })
  })

  it('a damaged log header with frames after it: STORE_WAL_CORRUPT', () => {
    expect(refusal(copyOf(base, c => {
      const b = readFileSync(`${c}-wal`)
      b[20] ^= 0x01
      writeFileSync(`${c}-wal`, b)
    }))).toBe('STORE_WAL_CORRUPT')
  })

  it('a torn tail after the last commit opens, as SQLite recovers it; so does the damaged last frame without an index', () => {
    const torn = copyOf(base, c => appendFileSync(`${c}-wal`, Buffer.alloc(3000, 0x5a)))
    expect(refusal(torn)).toBeUndefined()
    // The known limit: with the index gone, damage in the last transaction looks exactly like a torn write.
    const last = copyOf(base, c => {
      const frames = Math.floor((readFileSync(`${c}-wal`).length - 32) / FRAME)
      flip(`${c}-wal`, frames - 1)
      rmSync(`${c}-shm`)
    })
    expect(checkWal(last)).toMatchObject({ ok: true })
  })

  it('a log that another process removed while the store opens is an empty one; any other failure to read it is not', () => {
    // the last connection to close deletes the log; a store opening beside it may find it gone between two looks
    const dir = tempDir()
    const path = join(dir, 'node.db')
    expect(logBytes(path)).toBe(0)
    writeFileSync(`${path}-wal`, Buffer.alloc(4096))
    expect(logBytes(path)).toBe(4096)
    writeFileSync(join(dir, 'file'), 'x')
    expect(() => logBytes(join(dir, 'file', 'node.db'))).toThrow(/ENOTDIR/)
  })
})
