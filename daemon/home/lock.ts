// One daemon per home. The first to start holds an exclusive lock on <home>/daemon.lock for its whole life; another
// started for the same home, even at the same instant, is refused (DAEMON_ALREADY_RUNNING) before it opens the store.
// The lock is SQLite's own lock on a file of its own (fcntl on POSIX, LockFileEx on Windows): the kernel drops it when
// the process ends, however it ends, so a crash leaves nothing behind to clean up. Nothing but a daemon opens the file.
import Database from 'better-sqlite3'
import { MeshError } from '../../cards/index.js'

export class HomeLock {
  private constructor (private readonly db: Database.Database) {}

  /** Takes the home's lock, or throws DAEMON_ALREADY_RUNNING when another process holds it. */
  static take (path: string, home: string): HomeLock {
    let db: Database.Database
    try {
      db = new Database(path, { timeout: 0 })
    } catch (err) {
      // a home that cannot be written (a read-only mount, a full disk) holds no store a daemon could run on either
      throw new MeshError('STORE_OPEN_FAILED', `cannot open the daemon's lock file ${path}: ${(err as Error).message}`, { cause: err })
    }
    try {
      db.pragma('locking_mode = EXCLUSIVE')
      db.exec('BEGIN EXCLUSIVE') // held until the connection closes: nothing is ever written
    } catch (err) {
      db.close()
      if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new MeshError('DAEMON_ALREADY_RUNNING', `a daemon already runs for ${home}`)
      throw new MeshError('STORE_OPEN_FAILED', `cannot lock ${path}: ${(err as Error).message}`, { cause: err })
    }
    return new HomeLock(db)
  }

  release (): void {
    if (this.db.open) this.db.close()
  }
}
