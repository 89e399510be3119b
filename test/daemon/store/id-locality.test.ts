// Timed message ids start with their millisecond, so a commit's new ids sit side by side at the end of every index
// keyed by a message id (the messages' key, a receipt's (message_id, state, actor), its fact's (ref, hash), a wake
// row's (message_id, handle)): a commit writes as few pages of each as of an index whose keys come in order, however
// many ids of the same second the index holds already. Counted in the log's frames, page by page.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { generateKeyPair } from '../../../cards/index.js'
import { timedMessageIdFor, timedNonce } from '../../../daemon/receipts/index.js'
import { tempDir } from '../../helpers/cli.js'

const key = generateKeyPair()
const PER_COMMIT = 256
const COMMITS = 24
const ENVELOPE = new Uint8Array(200).fill(7)
const INDEXES = ['sqlite_autoindex_messages_1', 'sqlite_autoindex_receipts_1', 'sqlite_autoindex_facts_1', 'sqlite_autoindex_wake_queue_1']

/** A commit as a recipient makes it: each message, its DELIVERED receipt (and so its fact) and its wake row. */
function accept (s: Store, ids: Uint8Array[], atMs: number): void {
  s.tx(() => {
    for (const id of ids) {
      s.messages.insertMessage({ id, hash: new Uint8Array(32).fill(1), envelope: ENVELOPE, from: 'alice', to: 'bob', localFrom: false, localTo: true, sentAtMs: atMs, storedAtMs: atMs, thread: '', state: 'DELIVERED' })
      const hash = new Uint8Array(32)
      hash.set(id)
      s.receipts.insert({ hash, messageId: id, state: 'DELIVERED', actor: 'bob', envelope: ENVELOPE, atMs, receivedAtMs: atMs })
      s.carriers.enqueue(id, 'bob', atMs)
    }
  })
}

/** The pages the log holds frames of (it was emptied before the write), counted by the table or index they belong to. */
function framesByTree (s: Store, path: string): Map<string, number> {
  const wal = readFileSync(`${path}-wal`)
  const pageSize = wal.readUInt32BE(8)
  const salt = [wal.readUInt32BE(16), wal.readUInt32BE(20)]
  const names = new Map((s.db.prepare('SELECT pageno, name FROM dbstat').all() as Array<{ pageno: number, name: string }>).map(r => [r.pageno, r.name]))
  const out = new Map<string, number>()
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salt[0] || wal.readUInt32BE(at + 12) !== salt[1]) break
    const name = names.get(wal.readUInt32BE(at)) ?? '(other)'
    out.set(name, (out.get(name) ?? 0) + 1)
  }
  return out
}

describe('timed ids and the pages a commit writes', () => {
  it('ids of one second made a millisecond apart go to the end of each index: a commit writes about as many pages of each as of an index in time order', () => {
    const path = join(tempDir(), 'node.db')
    const s = Store.open(path)
    const start = Date.UTC(2026, 11, 6, 12, 0, 0, 0)
    // 6,144 ids made within one second, seven a millisecond, stored in 24 commits as they come
    const made = Array.from({ length: PER_COMMIT * COMMITS }, (_, n) => timedMessageIdFor(key.publicKey, timedNonce(start + Math.floor(n / 7))))
    for (let c = 0; c < COMMITS - 1; c++) accept(s, made.slice(c * PER_COMMIT, (c + 1) * PER_COMMIT), start)
    s.db.pragma('wal_checkpoint(TRUNCATE)')
    accept(s, made.slice((COMMITS - 1) * PER_COMMIT), start)
    const frames = framesByTree(s, path)
    // what a commit writes of an index whose keys come in the order they are written: the inbox's (handle, time)
    const ordered = frames.get('messages_inbox') ?? 0
    expect(ordered).toBeGreaterThan(0)
    for (const index of INDEXES) {
      const pages = s.db.prepare('SELECT count(*) FROM dbstat WHERE name = ?').pluck().get(index) as number
      expect(pages, `${index} has pages enough to scatter a commit over`).toBeGreaterThanOrEqual(2 * (ordered + 2))
      expect(frames.get(index) ?? 0, index).toBeLessThanOrEqual(ordered + 2)
    }
    s.close()
  })
})
