// The store: migrations are safe to re-run, group commit settles each write on its own, receipts are unique.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { CACHE_KIB, CHECKPOINT_PAGES, PAGE_BYTES, openDb } from '../../../daemon/store/db.js'
import Database from 'better-sqlite3'
import { tempDir } from '../../helpers/cli.js'
import { DEFAULT_RETENTION, compact } from '../../../daemon/retention/index.js'
import { createLogger } from '../../../daemon/runtime/log.js'

const row = (n: number) => ({
  id: new Uint8Array(16).fill(n), hash: new Uint8Array(32).fill(n), envelope: new Uint8Array([n]), from: 'a', to: 'b',
  localFrom: true, localTo: false, sentAtMs: n, storedAtMs: n
})

describe('store', () => {
  it('opens the same file again without re-running migrations, and keeps what it had', () => {
    const path = join(tempDir(), 'node.db')
    const s1 = Store.open(path)
    s1.messages.insertMessage(row(1))
    const version = s1.db.pragma('user_version', { simple: true })
    s1.close()
    const s2 = Store.open(path)
    expect(s2.db.pragma('user_version', { simple: true })).toBe(version)
    expect(s2.db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(s2.db.pragma('synchronous', { simple: true })).toBe(2) // FULL
    expect(s2.db.pragma('cache_size', { simple: true })).toBe(-CACHE_KIB) // KiB, not pages
    expect(s2.db.pragma('wal_autocheckpoint', { simple: true })).toBe(CHECKPOINT_PAGES)
    expect(s2.messages.countMessages()).toBe(1)
    s2.close()
  })

  it('a compaction lets the log grow while it runs, then puts the store\'s own checkpoint setting back', async () => {
    const store = Store.open(join(tempDir(), 'node.db'))
    store.messages.insertMessage(row(1))
    await compact({ store, log: createLogger('test', 'error') }, DEFAULT_RETENTION)
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(CHECKPOINT_PAGES)
    store.close()
  })

  it('a new store has pages of PAGE_BYTES; a store made with 4 KiB pages keeps them and works as before', () => {
    const fresh = Store.open(join(tempDir(), 'node.db'))
    expect(PAGE_BYTES).toBeGreaterThan(4096)
    expect(fresh.db.pragma('page_size', { simple: true })).toBe(PAGE_BYTES)
    fresh.close()
    // a file an older version made: SQLite's default page size, one table already there
    const path = join(tempDir(), 'node.db')
    const old = new Database(path)
    old.pragma('page_size = 4096')
    old.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
    old.close()
    const s1 = Store.open(path)
    expect(s1.db.pragma('page_size', { simple: true })).toBe(4096)
    for (let n = 1; n <= 300; n++) s1.messages.insertMessage({ ...row(n % 250), id: Uint8Array.from({ length: 16 }, (_, i) => (n >> (i % 2 === 0 ? 0 : 8)) & 0xff) })
    s1.close()
    const s2 = Store.open(path)
    expect(s2.db.pragma('page_size', { simple: true })).toBe(4096)
    expect(s2.messages.countMessages()).toBe(300)
    s2.close()
  })

  it('refuses a database from a newer version', () => {
    const path = join(tempDir(), 'node.db')
    const s = Store.open(path)
    s.db.pragma('user_version = 999')
    s.close()
    expect(() => Store.open(path)).toThrow(expect.objectContaining({ code: 'STORE_TOO_NEW' }))
  })

  it('group commit: writes of one turn share a transaction, and a failing write fails alone', async () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    const results = await Promise.allSettled([
      s.commit.run(() => s.messages.insertMessage(row(1))),
      s.commit.run(() => s.messages.insertMessage(row(1))), // duplicate id: fails
      s.commit.run(() => s.messages.insertMessage(row(2))),
      // wrote, then failed: what it wrote is taken back with it (its own savepoint), the group's other writes stay
      s.commit.run(() => { s.messages.insertMessage(row(3)); throw new Error('after a write') })
    ])
    expect(results.map(r => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected'])
    expect(s.messages.countMessages()).toBe(2)
    expect(s.messages.message(row(3).id)).toBeUndefined()
    s.close()
  })

  it('group commit: a group of writes that all waive the fsync skips it; one durable write makes the group durable', async () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    const level = (): number => s.db.pragma('synchronous', { simple: true }) as number // 2 = FULL, 1 = NORMAL
    expect(level()).toBe(2)
    const relaxed = await Promise.all([s.commit.run(level, { durable: false }), s.commit.run(level, { durable: false })])
    expect(relaxed).toEqual([1, 1])
    expect(level()).toBe(2)
    const mixed = await Promise.all([s.commit.run(level, { durable: false }), s.commit.run(level)])
    // with the log fsynced on the thread pool (Linux) a durable group commits with NORMAL too, then waits for that
    // fsync (group-commit-sync.test.ts); elsewhere SQLite's FULL commit makes it durable
    expect(mixed).toEqual(s.commit.offThread ? [1, 1] : [2, 2])
    await expect(s.commit.run(() => { throw new Error('no') }, { durable: false })).rejects.toThrow('no')
    expect(level()).toBe(2)
    const late = s.commit.run(() => 1, { durable: false }) // queued, then the store closes before the turn ends
    s.close()
    await expect(late).rejects.toThrow(/not open/)
  })

  it('stores one receipt per message, state and actor', () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    const r = { hash: new Uint8Array(32).fill(1), messageId: new Uint8Array(16), state: 'READ', actor: 'b', envelope: new Uint8Array([1]), atMs: 1, receivedAtMs: 1 }
    expect(s.receipts.insert(r)).toBe(true)
    expect(s.receipts.insert({ ...r, hash: new Uint8Array(32).fill(2) })).toBe(false)
    expect(s.receipts.forMessage(r.messageId)).toHaveLength(1)
    s.close()
  })

})

describe('durability pragmas', () => {
  it('on macOS the store asks for F_FULLFSYNC on commits and checkpoints; elsewhere plain fsync; synchronous=FULL on both', () => {
    for (const [platform, full] of [['darwin', 1], ['linux', 0]] as const) {
      const db = openDb(join(tempDir(), 'node.db'), platform)
      expect([db.pragma('synchronous', { simple: true }), db.pragma('fullfsync', { simple: true }), db.pragma('checkpoint_fullfsync', { simple: true })], platform)
        .toEqual([2, full, full])
      db.close()
    }
  })
})
