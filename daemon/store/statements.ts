// A cache of prepared statements per database: each SQL text is prepared once.
import type Database from 'better-sqlite3'
import type { Db } from './db.js'

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
