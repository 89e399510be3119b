// Retention and audits: a COMPLETE that waits for its auditor's verdict is not final, however old; the same history
// without an auditor is archived. A real store, seeded with old history, compacted with no daemon.
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createMesh, withCtx } from '../../helpers/mesh.js'
import { homePaths } from '../../../daemon/index.js'
import { seedHistory } from '../../../bench/resources/seed-history.js'
import { compact } from '../../../daemon/retention/index.js'
import { createLogger } from '../../../daemon/runtime/log.js'

const DAY = 86_400_000

describe('retention: audited obligations', () => {
  it('keeps an old COMPLETE whose message names an auditor; archives the ones without', async () => {
    const [a, b] = await createMesh(2, { start: false })
    const now = Date.now()
    const seeded = seedHistory(a, b, { count: 10, firstMs: now - 100 * DAY, stepMs: DAY, bodyBytes: 100, final: () => 'COMPLETE' })
    const audited = seeded.messages.slice(0, 4).map(m => m.id)
    // these four were sent with an auditor that has not judged them yet
    const db = new Database(homePaths(b.home).db)
    for (const id of audited) db.prepare("UPDATE messages SET auditor = 'agent-c' WHERE id = ?").run(Buffer.from(id))
    db.close()
    await withCtx(b.home, async ctx => {
      const report = await compact({ store: ctx.store, log: createLogger('test') }, { archiveAfterMs: 30 * DAY }, now)
      expect(report.archived).toBe(6)
      for (const id of audited) {
        expect(ctx.store.retention.gone(id)).toBeUndefined()
        expect(ctx.store.messages.message(id)?.state).toBe('COMPLETE')
      }
    })
  })
})
