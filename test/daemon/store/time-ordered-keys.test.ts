// Migration 024: no key on a receipt's hash alone, in the receipts table or the fact log. A database made by the
// schema before it keeps every receipt with its rowid, every fact with its seq and the log's counter, and each
// outbox row for a receipt learns its message; receipts are found by message, receipt facts by message and hash.
// Real SQLite files, real signed receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { sha256, utf8 } from '../../../cards/index.js'
import { Store } from '../../../daemon/store/index.js'
import { applyFact } from '../../../daemon/sync/apply.js'
import { openReceipt } from '../../../daemon/receipts/index.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'
import { tempDir } from '../../helpers/cli.js'

const id = new Uint8Array(16).fill(7)
const receipt = (n: number, state: string) => ({ hash: new Uint8Array(32).fill(n), messageId: id, state, actor: 'b', envelope: new Uint8Array([n, n]), atMs: n, receivedAtMs: n })
const RECEIPT_COLUMNS = 'hash, message_id, state, actor, envelope, at_ms, received_at_ms'

/** The columns of every index on a table, by index. */
function indexedColumns (s: Store, table: string): string[][] {
  const list = s.db.prepare('SELECT name FROM pragma_index_list(?) ORDER BY name').pluck().all(table) as string[]
  return list.map(name => s.db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(name) as string[])
}

/** The tables as migrations 002, 003 and 011 made them, holding the rows the store has now, on a version-23 database. */
function asVersion23 (s: Store): void {
  s.db.exec(`CREATE TABLE receipts_before (hash BLOB PRIMARY KEY, message_id BLOB NOT NULL, state TEXT NOT NULL, actor TEXT NOT NULL,
      envelope BLOB NOT NULL, at_ms INTEGER NOT NULL, received_at_ms INTEGER NOT NULL, UNIQUE (message_id, state, actor));
    INSERT INTO receipts_before (rowid, ${RECEIPT_COLUMNS}) SELECT rowid, ${RECEIPT_COLUMNS} FROM receipts;
    DROP TABLE receipts; ALTER TABLE receipts_before RENAME TO receipts;
    CREATE TABLE facts_before (seq INTEGER PRIMARY KEY AUTOINCREMENT, hash BLOB NOT NULL UNIQUE, kind TEXT NOT NULL, bytes BLOB NOT NULL, at_ms INTEGER NOT NULL);
    INSERT INTO facts_before (seq, hash, kind, bytes, at_ms) SELECT seq, hash, kind, bytes, at_ms FROM facts;
    DELETE FROM sqlite_sequence WHERE name = 'facts_before';
    INSERT INTO sqlite_sequence (name, seq) SELECT 'facts_before', seq FROM sqlite_sequence WHERE name = 'facts';
    DROP TABLE facts; ALTER TABLE facts_before RENAME TO facts;
    ALTER TABLE outbox DROP COLUMN message_id`)
  s.db.pragma('user_version = 23')
}

describe('time-ordered keys (migration 024)', () => {
  it('a version-23 database keeps its receipts, facts, seqs and outbox rows, and loses every key on a hash alone', () => {
    const path = join(tempDir(), 'node.db')
    const s1 = Store.open(path)
    for (const [n, state] of [[1, 'DELIVERED'], [2, 'READ'], [3, 'CONSUMED']] as const) s1.receipts.insert(receipt(n, state))
    s1.facts.append('card', utf8('a card'), 4)
    s1.db.prepare('DELETE FROM receipts WHERE state = ?').run('READ') // a gap in the rowids, as retention leaves
    s1.db.prepare('DELETE FROM facts WHERE hash = ?').run(new Uint8Array(32).fill(2)) // and in the seqs
    s1.db.prepare("UPDATE sqlite_sequence SET seq = 9 WHERE name = 'facts'").run() // seqs 5 to 9 were given to facts gone since
    s1.outbox.enqueue('receipt', new Uint8Array(32).fill(3), 'agent-a', 5)
    s1.outbox.enqueue('receipt', new Uint8Array(32).fill(8), 'agent-a', 5) // a receipt no longer held
    asVersion23(s1)
    expect(indexedColumns(s1, 'receipts')).toContainEqual(['hash'])
    expect(indexedColumns(s1, 'facts')).toContainEqual(['hash'])
    s1.close()

    const s2 = Store.open(path)
    expect(s2.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(24)
    expect(indexedColumns(s2, 'receipts')).toEqual([['message_id', 'state', 'actor']])
    expect(indexedColumns(s2, 'facts')).toEqual([['ref', 'hash']])
    expect(s2.db.prepare('SELECT rowid, state FROM receipts ORDER BY rowid').all()).toEqual([{ rowid: 1, state: 'DELIVERED' }, { rowid: 3, state: 'CONSUMED' }])
    expect(s2.db.prepare('SELECT seq, kind, hex(ref) AS ref FROM facts ORDER BY seq').all())
      .toEqual([{ seq: 1, kind: 'receipt', ref: '07'.repeat(16) }, { seq: 3, kind: 'receipt', ref: '07'.repeat(16) }, { seq: 4, kind: 'card', ref: '' }])
    expect(s2.outbox.list(true).map(o => o.messageId)).toEqual([id, undefined])
    // found by message, as before
    expect(s2.receipts.byHash(id, new Uint8Array(32).fill(3))?.envelope).toEqual(new Uint8Array([3, 3]))
    expect(s2.receipts.slotOf(id, new Uint8Array(32).fill(1))).toBe('DELIVERED')
    expect(s2.receipts.byHash(new Uint8Array(16).fill(8), new Uint8Array(32).fill(3))).toBeUndefined() // another message's
    expect(s2.facts.has(new Uint8Array(32).fill(3), id)).toBe(true)
    expect(s2.facts.has(sha256(utf8('a card')))).toBe(true)
    // a receipt in a slot already held is not stored again; a new one takes the next rowid and a seq never given
    expect(s2.receipts.insert(receipt(9, 'DELIVERED'))).toBe(false)
    expect(s2.receipts.insert(receipt(2, 'READ'))).toBe(true)
    expect(s2.db.prepare('SELECT rowid FROM receipts WHERE state = ?').pluck().get('READ')).toBe(4)
    expect(s2.db.prepare('SELECT seq FROM facts WHERE hash = ?').pluck().get(new Uint8Array(32).fill(2))).toBe(10)
    expect(s2.facts.append('card', utf8('a card'), 11)).toBeUndefined() // held: the same fact is not logged twice
    s2.close()
  })

  describe('receipt facts from a peer', () => {
    let w: World
    beforeAll(async () => { w = await createWorld() })
    afterAll(() => w?.close())

    it('are held under their message: a copy of one held is not applied again', () => {
      const held = w.core.store.db.prepare("SELECT bytes FROM facts WHERE kind = 'receipt'").pluck().all() as Buffer[]
      expect(held.length).toBeGreaterThan(0)
      for (const bytes of held) {
        const o = openReceipt(bytes)
        if (!o.ok) throw new Error(o.reason)
        expect(w.core.store.facts.has(o.hash, o.receipt.messageId)).toBe(true)
        expect(w.core.store.facts.has(o.hash)).toBe(false) // not under a hash alone
        expect(applyFact(w.core, 'receipt', new Uint8Array(bytes))).toEqual({ verdict: 'held' })
      }
    })

    it('are looked up by the message their bytes name before they are opened', () => {
      // bytes held in the log that would not verify: only a look-up under their message answers them without opening them
      const bytes = new Uint8Array(w.core.store.db.prepare("SELECT bytes FROM facts WHERE kind = 'receipt' LIMIT 1").pluck().get() as Buffer)
      const o = openReceipt(bytes)
      if (!o.ok) throw new Error(o.reason)
      const forged = Uint8Array.from(bytes)
      forged[forged.length - 1] ^= 1 // the envelope's signature is its last field
      expect(openReceipt(forged)).toMatchObject({ ok: false, code: 'RECEIPT_BAD_SIGNATURE' })
      w.core.store.tx(() => w.core.store.facts.append('receipt', forged, Date.now(), sha256(forged), o.receipt.messageId))
      expect(applyFact(w.core, 'receipt', forged)).toEqual({ verdict: 'held' })
    })
  })
})
