// Opens the node's SQLite file: WAL, synchronous=FULL (see group-commit.ts for the durable groups' own fsync), the
// re-runnable schema, then numbered migrations in order.
import Database from 'better-sqlite3'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MeshError } from '../../cards/index.js'
import { packageRoot } from '../runtime/package-root.js'
import { checkWal, logBytes } from './wal-check.js'
import { currentBootId, rebootedSince, recordBoot } from './boot.js'

export type Db = Database.Database

/**
 * The page size of a new store. A commit writes each page it changed to the log as one frame (two system calls),
 * and a checkpoint copies it again: with 4 KiB pages a 1 KB message accepted into a store of 40,000 cost six frames
 * (its row, and a leaf page in each index on a random key: the obligation id, a receipt's and a fact's hash, the
 * wake row), a 64 KB one sixteen overflow pages. Larger pages hold more keys per leaf and a body in fewer frames, but
 * a commit of one message still writes about ten pages, each larger. Alternated runs of the pair (docs/DECISIONS.md
 * "8 KiB pages for a new store"): against 4 KiB, 8 KiB gave +19% msgs/s at 1 KB × 256 and +14% at 64 KB × 256 for
 * a p50 5% higher at 1 outstanding; 16 KiB +20% and +18% for 17% higher.
 */
export const PAGE_BYTES = 8192

/**
 * SQLite's page cache, at most (KiB; pages are taken as they are read, so an idle daemon holds little). Every message
 * a store takes inserts into indexes on random keys (the obligation id, hashes), each touching a leaf anywhere in its
 * index: once those leaves outgrow the cache, every insert reads its leaf back from the file first. SQLite's default
 * of 2 MiB holds them for about 10,000 messages; 32 MiB for about 100,000: accepting 1 KB messages into a store
 * holding 80,000–100,000 cost 193–241 µs of CPU each with it against 228–324 µs with the default (docs/PROFILE.md,
 * 2026-12-04).
 */
export const CACHE_KIB = 32 * 1024

/**
 * Pages of log between checkpoints (SQLite's default: 1,000). A checkpoint copies every page the log holds into the
 * database once, so a page written by many commits between two checkpoints is copied once: the leaves of the indexes
 * on random keys are. Past about 10,000 messages most of a 1,000-page log was distinct leaves; with 4,000 the pair
 * over a growing store ran at 1 KB × 256 about 15% faster and at 64 KB × 256 about 14% (docs/PROFILE.md, 2026-12-04).
 * The log's file stays at its largest size: 32 MiB at 8 KiB pages.
 */
export const CHECKPOINT_PAGES = 4000

function sqlDir (): string {
  return join(packageRoot(), 'daemon', 'store', 'sql')
}

/**
 * The durability pragmas for a platform. On macOS fsync() does not flush the drive's cache: without F_FULLFSYNC
 * (fullfsync, and checkpoint_fullfsync for the checkpoints that copy the log into the file) synchronous=FULL
 * promises nothing across a power cut there. Elsewhere fsync() reaches the disk and the pragmas stay off.
 */
export function durabilityPragmas (platform: NodeJS.Platform): string[] {
  // a DELIVERED receipt leaves only after its message is on disk: the connection's default, which Store.tx and
  // migrations rely on; on Linux the group commit commits with NORMAL and fsyncs the log itself, off the main thread
  const always = ['synchronous = FULL']
  return platform === 'darwin' ? [...always, 'fullfsync = ON', 'checkpoint_fullfsync = ON'] : always
}

export function openDb (path: string, platform: NodeJS.Platform = process.platform): Db {
  // Before SQLite sees the log: its recovery would drop damaged committed frames without a word. After the machine
  // restarted, the unsynced end of the log may be lost or torn by design (relaxed commits) and the index is stale.
  const boot = currentBootId()
  const wal = checkWal(path, { afterReboot: rebootedSince(path, boot) })
  const uncleanClose = logBytes(path) > 0
  if (!wal.ok) throw new MeshError(wal.code, `${wal.reason}; the database was not opened. Keep a copy of ${path} with its -wal and -shm files, then restore from a backup or move them aside`)
  let db: Db
  try {
    db = new Database(path)
    // both take effect only before the first table is created, so older files keep what they have: a new file
    // gives freed pages back a few at a time (retention's compaction), never by a whole VACUUM, and has pages of
    // PAGE_BYTES
    if ((db.pragma('page_count', { simple: true }) as number) === 0) {
      db.pragma(`page_size = ${PAGE_BYTES}`)
      db.pragma('auto_vacuum = INCREMENTAL')
    }
    db.pragma('journal_mode = WAL')
    for (const p of durabilityPragmas(platform)) db.pragma(p)
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    db.pragma('temp_store = MEMORY') // sorts and temporary indexes stay off the disk (no temp file per query)
    db.pragma(`cache_size = -${CACHE_KIB}`)
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`)
  } catch (err) {
    throw new MeshError('STORE_OPEN_FAILED', `cannot open the database ${path}: ${(err as Error).message}`, { cause: err })
  }
  try {
    // quick_check reads the whole file (seconds for a million messages), so it runs when the last writer did not
    // close cleanly (its log is still there): after a crash, when damage is likeliest. A clean close empties the log.
    const check = uncleanClose ? db.pragma('quick_check', { simple: true }) as string : 'ok'
    if (check !== 'ok') throw new MeshError('STORE_CORRUPT', `the database ${path} is damaged (quick_check: ${check}); it was not opened`)
    migrate(db)
    recordBoot(path, boot)
  } catch (err) {
    db.close()
    if (err instanceof MeshError) throw err
    throw new MeshError('STORE_CORRUPT', `the database ${path} cannot be read or migrated: ${(err as Error).message}`, { cause: err })
  }
  return db
}

function migrate (db: Db): void {
  db.exec(readFileSync(join(sqlDir(), 'schema.sql'), 'utf8'))
  const dir = join(sqlDir(), 'migrations')
  const files = readdirSync(dir).filter(f => /^\d{3}_.+\.sql$/.test(f)).sort()
  const current = db.pragma('user_version', { simple: true }) as number
  const latest = files.length === 0 ? 0 : Number(files[files.length - 1].slice(0, 3))
  if (current > latest) throw new MeshError('STORE_TOO_NEW', `the database has schema version ${current}, newer than this aios-comm (${latest}); upgrade aios-comm`)
  for (const file of files) {
    const version = Number(file.slice(0, 3))
    if (version <= current) continue
    const sql = readFileSync(join(dir, file), 'utf8')
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${version}`)
    })()
  }
}
