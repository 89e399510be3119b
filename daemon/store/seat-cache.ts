// The seats held in memory between writes: read on every message (the acting seat, the recipient's hosted check),
// written only by setup verbs and seat moves. A write drops everything at once; until the transaction it may sit in
// has ended (committed or rolled back), reads go to the database, so no row that never committed is ever held.
import type Database from 'better-sqlite3'

// Rows remembered per handle, misses included (a peer can name any handle as a recipient): past this the map starts
// over; a mesh has tens to hundreds of seats.
export const MAX_CACHED_HANDLES = 4096

export class SeatCache<Row> {
  private list?: Row[]
  private readonly rows = new Map<string, Row | undefined>()
  private writing = false

  constructor (private readonly db: () => Database.Database) {}

  actor (handle: string, load: () => Row | undefined): Row | undefined {
    if (this.writing) return load()
    if (this.rows.has(handle)) return this.rows.get(handle)
    const r = load()
    if (this.rows.size >= MAX_CACHED_HANDLES) this.rows.clear()
    this.rows.set(handle, r)
    return r
  }

  hosted (load: () => Row[]): Row[] {
    if (this.writing) return load()
    this.list ??= load()
    return this.list
  }

  /** Called before every write to the seats: drops what is held, and reads go through until the write's transaction ends. */
  changed (): void {
    this.drop()
    if (this.writing) return
    this.writing = true
    const settle = (): void => {
      const db = this.db()
      if (db.open && db.inTransaction) { setImmediate(settle); return }
      this.drop()
      this.writing = false
    }
    setImmediate(settle)
  }

  private drop (): void {
    this.list = undefined
    this.rows.clear()
  }
}
