// Migration 016: a database made by the previous schema loses the two receipt indexes that repeat a prefix of the
// UNIQUE (message_id, state, actor) index, keeps its receipts, and every query by message still uses an index.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { tempDir } from '../../helpers/cli.js'

const id = new Uint8Array(16).fill(7)
const receipt = (n: number, state: string) => ({ hash: new Uint8Array(32).fill(n), messageId: id, state, actor: 'b', envelope: new Uint8Array([n, n]), atMs: n, receivedAtMs: n })

const indexes = (s: Store): string[] => (s.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'receipts' ORDER BY name").pluck().all() as string[])

describe('receipt indexes (migration 016)', () => {
  it('a version-15 database is migrated: the redundant indexes go, its receipts stay and are found by message', () => {
    const path = join(tempDir(), 'node.db')
    const s1 = Store.open(path)
    s1.receipts.insert(receipt(1, 'DELIVERED'))
    s1.receipts.insert(receipt(2, 'READ'))
    // what 002 and 003 made, on a database still at version 15
    s1.db.exec('CREATE INDEX IF NOT EXISTS receipts_message ON receipts (message_id); CREATE INDEX IF NOT EXISTS receipts_state ON receipts (message_id, state)')
    s1.db.exec('ALTER TABLE actors DROP COLUMN roles') // what 017 added (018 is safe to run again)
    s1.db.exec('DROP INDEX messages_auditor; ALTER TABLE messages DROP COLUMN auditor') // what 021 added
    s1.db.exec('ALTER TABLE actors DROP COLUMN capabilities') // what 022 added
    s1.db.exec('ALTER TABLE messages DROP COLUMN state_pad') // what 023 added
    s1.db.exec('ALTER TABLE outbox DROP COLUMN message_id') // what 024 added (its tables it builds again from what it finds)
    s1.db.pragma('user_version = 15')
    s1.close()

    const s2 = Store.open(path)
    expect(s2.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(16)
    expect(indexes(s2)).toEqual(['sqlite_autoindex_receipts_1']) // the unique index alone (024 took the hash's)
    expect(s2.receipts.forMessage(id).map(r => r.state)).toEqual(['DELIVERED', 'READ'])
    expect(s2.receipts.statesOf(id).map(r => r.state).sort()).toEqual(['DELIVERED', 'READ'])
    expect(s2.receipts.get(id, 'READ', 'b')?.envelope).toEqual(new Uint8Array([2, 2]))
    for (const sql of ['SELECT state FROM receipts WHERE message_id = ?', 'SELECT * FROM receipts WHERE message_id = ? ORDER BY at_ms, state']) {
      const plan = (s2.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(id) as Array<{ detail: string }>).map(r => r.detail).join(' ')
      expect(plan).toMatch(/USING (COVERING )?INDEX sqlite_autoindex_receipts_1/)
    }
    s2.close()
  })
})
