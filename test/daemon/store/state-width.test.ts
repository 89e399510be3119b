// A message's row keeps its size when its state changes (migration 023): SQLite then overwrites it in place and
// writes only the pages whose bytes changed, not the overflow pages of a large envelope. Counted in the log's frames.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { LATTICE } from '../../../daemon/receipts/index.js'
import { tempDir } from '../../helpers/cli.js'

const ENVELOPE = new Uint8Array(64 * 1024).map((_, k) => k % 251) // 8 overflow pages of 8 KiB and more
const message = (n: number, state?: string) => ({
  id: new Uint8Array(16).fill(n), hash: new Uint8Array(32).fill(n), envelope: ENVELOPE, from: 'alice', to: 'bob',
  localFrom: true, localTo: false, sentAtMs: n, storedAtMs: n, thread: '', state
})

/** Frames the log holds now (it was emptied before the write). */
function frames (s: Store): number {
  return (s.db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0].log
}

function emptyLog (s: Store): void {
  s.db.pragma('wal_checkpoint(TRUNCATE)')
}

describe('a message row of unchanged size', () => {
  it('a change of state writes at most two pages of a 64 KB message, through every state, and reads back whole', () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    s.tx(() => { s.messages.insertMessage(message(1)); s.messages.insertMessage(message(2, 'DELIVERED')) })
    for (const state of [...LATTICE.slice(1), 'AUDITED', 'REJECTED', 'CANCELED', 'DELIVERY_PENDING']) {
      emptyLog(s)
      s.tx(() => s.messages.setState(new Uint8Array(16).fill(1), state))
      // the row's own page (its record header) and the overflow page its state's bytes sit in
      expect(frames(s), state).toBeLessThanOrEqual(2)
      expect(s.messages.message(new Uint8Array(16).fill(1))?.state).toBe(state)
    }
    expect(Buffer.from(s.messages.message(new Uint8Array(16).fill(1))?.envelope ?? []).equals(Buffer.from(ENVELOPE))).toBe(true)
    expect(s.messages.message(new Uint8Array(16).fill(2))?.state).toBe('DELIVERED')
    s.close()
  })

  it('a row stored before the column is written whole once, then in place', () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    const id = new Uint8Array(16).fill(3)
    s.tx(() => s.messages.insertMessage(message(3, 'DELIVERED')))
    s.db.prepare('UPDATE messages SET state_pad = NULL WHERE id = ?').run(id) // as migration 023 leaves an older row
    emptyLog(s)
    s.tx(() => s.messages.setState(id, 'READ'))
    expect(frames(s)).toBeGreaterThan(8) // 9 bytes of state became 16 with the pad: its envelope's overflow pages written again
    emptyLog(s)
    s.tx(() => s.messages.setState(id, 'CONSUMED'))
    expect(frames(s)).toBeLessThanOrEqual(2)
    s.close()
  })
})
