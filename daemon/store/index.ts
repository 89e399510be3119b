// store: the node's SQLite file. Nothing outside daemon/store/ writes SQL.
import { openDb, type Db } from './db.js'
import { IdentityStore } from './identity.js'
import { Statements } from './statements.js'

export type { ActorRow, CardRow, RevocationRow } from './identity.js'

export class Store {
  readonly identity: IdentityStore
  private constructor (readonly db: Db) {
    const s = new Statements(db)
    this.identity = new IdentityStore(s)
  }

  static open (path: string): Store {
    return new Store(openDb(path))
  }

  /** Runs fn in one transaction (committed durably before it returns). */
  tx<T> (fn: () => T): T {
    return this.db.transaction(fn)()
  }

  close (): void {
    if (this.db.open) this.db.close()
  }
}
