// Migration 024: the receipts table has no key on a receipt's hash. A database made by the schema before it keeps
// every receipt and its rowid, and loses the index on the hash; receipts are found by message, and one named by its
// hash alone is found through the fact log. Real SQLite files, real signed receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { sha256 } from '../../../cards/index.js'
import { Store } from '../../../daemon/store/index.js'
import { heldReceipt } from '../../../daemon/messaging/index.js'
import { openReceipt } from '../../../daemon/receipts/index.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'
import { tempDir } from '../../helpers/cli.js'

const id = new Uint8Array(16).fill(7)
const receipt = (n: number, state: string) => ({ hash: new Uint8Array(32).fill(n), messageId: id, state, actor: 'b', envelope: new Uint8Array([n, n]), atMs: n, receivedAtMs: n })
const COLUMNS = 'hash, message_id, state, actor, envelope, at_ms, received_at_ms'

/** The columns of every index on the receipts table, by index. */
function indexedColumns (s: Store): string[][] {
  const list = s.db.prepare("SELECT name FROM pragma_index_list('receipts')").pluck().all() as string[]
  return list.map(name => s.db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(name) as string[])
}

describe('receipt rows (migration 024)', () => {
  it('a version-23 database keeps its receipts and their rowids, and loses the index on the hash', () => {
    const path = join(tempDir(), 'node.db')
    const s1 = Store.open(path)
    for (const [n, state] of [[1, 'DELIVERED'], [2, 'READ'], [3, 'CONSUMED']] as const) s1.receipts.insert(receipt(n, state))
    s1.db.prepare('DELETE FROM receipts WHERE state = ?').run('READ') // a gap in the rowids, as retention leaves
    // the table as 002 made it, holding these rows
    s1.db.exec(`CREATE TABLE receipts_before (hash BLOB PRIMARY KEY, message_id BLOB NOT NULL, state TEXT NOT NULL, actor TEXT NOT NULL,
        envelope BLOB NOT NULL, at_ms INTEGER NOT NULL, received_at_ms INTEGER NOT NULL, UNIQUE (message_id, state, actor));
      INSERT INTO receipts_before (rowid, ${COLUMNS}) SELECT rowid, ${COLUMNS} FROM receipts;
      DROP TABLE receipts; ALTER TABLE receipts_before RENAME TO receipts`)
    s1.db.pragma('user_version = 23')
    expect(indexedColumns(s1)).toContainEqual(['hash'])
    s1.close()

    const s2 = Store.open(path)
    expect(s2.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(24)
    expect(indexedColumns(s2)).toEqual([['message_id', 'state', 'actor']])
    expect(s2.db.prepare('SELECT rowid, state FROM receipts ORDER BY rowid').all()).toEqual([{ rowid: 1, state: 'DELIVERED' }, { rowid: 3, state: 'CONSUMED' }])
    expect(s2.receipts.byHash(id, new Uint8Array(32).fill(3))?.envelope).toEqual(new Uint8Array([3, 3]))
    expect(s2.receipts.slotOf(id, new Uint8Array(32).fill(1))?.state).toBe('DELIVERED')
    expect(s2.receipts.byHash(new Uint8Array(16).fill(8), new Uint8Array(32).fill(3))).toBeUndefined() // another message's
    // a receipt in a slot already held is not stored again, as before
    expect(s2.receipts.insert({ ...receipt(9, 'DELIVERED') })).toBe(false)
    expect(s2.receipts.insert(receipt(2, 'READ'))).toBe(true)
    expect(s2.db.prepare('SELECT rowid FROM receipts WHERE state = ?').pluck().get('READ')).toBe(4)
    const plan = (s2.db.prepare('EXPLAIN QUERY PLAN SELECT * FROM receipts WHERE message_id = ? AND hash = ?').all(id, id) as Array<{ detail: string }>).map(r => r.detail).join(' ')
    expect(plan).toMatch(/USING INDEX sqlite_autoindex_receipts_1/)
    s2.close()
  })

  describe('a receipt named by its hash alone', () => {
    let w: World
    beforeAll(async () => { w = await createWorld() })
    afterAll(() => w?.close())

    it('is found through the fact log, under its own message', () => {
      const held = w.core.store.db.prepare('SELECT hash, message_id, envelope FROM receipts').all() as Array<{ hash: Buffer, message_id: Buffer, envelope: Buffer }>
      expect(held.length).toBeGreaterThan(0)
      for (const r of held) {
        const o = openReceipt(r.envelope)
        if (!o.ok) throw new Error(o.reason)
        expect(o.hash).toEqual(new Uint8Array(r.hash))
        const row = heldReceipt(w.core, o.hash)
        expect(row?.messageId).toEqual(new Uint8Array(r.message_id))
        expect(row?.envelope).toEqual(new Uint8Array(r.envelope))
      }
      expect(heldReceipt(w.core, sha256(new Uint8Array([1, 2, 3])))).toBeUndefined()
      const card = w.core.store.facts.since(0, 1000).find(f => f.kind === 'card')
      if (card === undefined) throw new Error('the world holds no card fact')
      expect(heldReceipt(w.core, card.hash)).toBeUndefined()
    })
  })
})
