// A cache of prepared statements per database: each SQL text is prepared once.
import type Database from 'better-sqlite3'
import type { Db } from './db.js'

/** A BLOB as better-sqlite3 returns it (a Buffer), seen as a plain Uint8Array over the same bytes. */
export const u8 = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)

export class Statements {
  private readonly cache = new Map<string, Database.Statement>()
  constructor (private readonly db: Db) {}

  /** The connection itself (open or closed), for whoever must ask whether a transaction is still running. */
  get database (): Db {
    return this.db
  }

  get (sql: string): Database.Statement {
    let s = this.cache.get(sql)
    if (s === undefined) {
      s = this.db.prepare(sql)
      this.cache.set(sql, s)
    }
    return s
  }
}
