// What a compaction keeps, on a real store with no daemon: an old final obligation with a receipt still waiting in
// the outbox stays whole until it has left; an old open one stays whatever its age; an expired one is archived as
// EXPIRED; one that became final inside the horizon stays; a second run finds nothing more to do.
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createMesh, withCtx } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'
import { homePaths } from '../../../daemon/index.js'
import { seedHistory } from '../../../bench/resources/seed-history.js'
import { compact } from '../../../daemon/retention/index.js'
import { createLogger } from '../../../daemon/runtime/log.js'

const DAY = 86_400_000

describe('retention: what stays', () => {
  it('keeps what is open, in flight or recent; archives the rest once', async () => {
    const [a, b] = await createMesh(2, { start: false })
    const now = Date.now()
    const seeded = seedHistory(a, b, { count: 40, firstMs: now - 200 * DAY, stepMs: DAY, bodyBytes: 100, final: k => k < 30 ? 'COMPLETE' : undefined })
    const recent = seedHistory(a, b, { count: 5, firstMs: now - 3 * DAY, stepMs: 60_000, bodyBytes: 100, final: () => 'REJECTED' })
    const [inFlight] = seeded.messages
    await withCtx(b.home, async ctx => {
      const store = ctx.store
      // the recipient's COMPLETE for the first one has not reached its sender yet
      const receipt = store.receipts.forMessage(inFlight.id).find(r => r.state === 'COMPLETE')
      expect(receipt).toBeDefined()
      store.tx(() => store.outbox.enqueue('receipt', receipt?.hash as Uint8Array, 'agent-a', now, { messageId: inFlight.id }))
      // a message with a time to live that ran out long ago, never answered
      const expired = new Uint8Array(randomBytes(16))
      store.tx(() => store.messages.insertMessage({
        id: expired, hash: new Uint8Array(32), envelope: new Uint8Array(8), from: 'agent-a', to: 'agent-b', localFrom: false, localTo: true,
        sentAtMs: now - 90 * DAY, expiresAtMs: now - 89 * DAY, storedAtMs: now - 90 * DAY, state: 'DELIVERED'
      }))
      const log = createLogger('test')
      const first = await compact({ store, log }, { archiveAfterMs: 30 * DAY }, now)
      expect(first).toMatchObject({ archived: 30, heldInFlight: 1 })
      expect(store.retention.archived(expired)).toMatchObject({ state: 'EXPIRED', finalAtMs: now - 89 * DAY })
      expect(store.messages.message(expired)).toBeUndefined()
      expect(store.retention.gone(inFlight.id)).toBeUndefined()
      expect(store.receipts.forMessage(inFlight.id).map(r => r.state).sort()).toEqual(['COMPLETE', 'DELIVERED'])
      for (const m of seeded.messages.slice(30)) expect(store.messages.message(m.id)?.state).toBe('DELIVERED')
      for (const m of recent.messages) expect(store.receipts.forMessage(m.id)).toHaveLength(2)
      expect((await compact({ store, log }, { archiveAfterMs: 30 * DAY }, now)).archived).toBe(0)
      // once the receipt has left, it goes too
      store.tx(() => store.outbox.done(store.outbox.forRef('receipt', receipt?.hash as Uint8Array)?.id as number))
      expect(await compact({ store, log }, { archiveAfterMs: 30 * DAY }, now)).toMatchObject({ archived: 1, heldInFlight: 0 })
      expect(store.retention.archived(inFlight.id)).toMatchObject({ state: 'COMPLETE', from: 'agent-a', to: 'agent-b', local: true })
    })
  })

  it('a store made without incremental vacuum keeps its size after a compaction; retention --vacuum gives the pages back, never under a daemon', { timeout: 120_000 }, async () => {
    const [a, b] = await createMesh(2, { start: false })
    // as a store made before retention was: no auto-vacuum
    const db = new Database(homePaths(a.home).db)
    db.pragma('auto_vacuum = NONE')
    db.exec('VACUUM')
    db.close()
    const now = Date.now()
    seedHistory(a, b, { count: 600, firstMs: now - 300 * DAY, stepMs: DAY / 4, bodyBytes: 400, final: () => 'COMPLETE' })
    const run = await ok(a.home, ['retention', '--run', '--json'])
    expect(run.archived).toBe(600)
    const kept = await ok(a.home, ['retention', '--json'])
    expect(kept.store).toMatchObject({ incrementalVacuum: false })
    expect(kept.store.freeBytes).toBeGreaterThan(kept.store.bytes / 3) // the freed pages are still in the file
    await a.daemon.start()
    expect(errorCode(await cli(a.home, ['retention', '--vacuum']))).toBe('DAEMON_ALREADY_RUNNING')
    await a.daemon.stop()
    const vacuumed = await ok(a.home, ['retention', '--vacuum', '--json'])
    expect(vacuumed.store).toMatchObject({ incrementalVacuum: true, freeBytes: 0, archived: 600 })
    expect(vacuumed.store.bytes).toBeLessThan(kept.store.bytes - kept.store.freeBytes / 2)
  })

  it('a node stopped for a day starts at once; one stopped past its archive horizon compacts before it serves', { timeout: 120_000 }, async () => {
    const [a, b] = await createMesh(2, { start: false })
    const now = Date.now()
    const { messages } = seedHistory(a, b, { count: 50, firstMs: now - 200 * DAY, stepMs: DAY, bodyBytes: 100, final: () => 'COMPLETE' })
    const lastRun = async (agoMs: number): Promise<void> => { await withCtx(a.home, ctx => { ctx.store.tx(() => ctx.store.meta.set('retention_last_run_ms', String(now - agoMs))) }) }
    await lastRun(DAY)
    await a.daemon.start()
    expect((await ok(a.home, ['retention', '--json'])).store).toMatchObject({ archived: 0, messages: 50 })
    await a.daemon.stop()
    await lastRun(31 * DAY)
    await a.daemon.start()
    expect((await ok(a.home, ['retention', '--json'])).store).toMatchObject({ archived: 50, messages: 0 })
    // an archived row whose final receipt no longer verifies proves nothing: status says so
    const [good, bad] = messages.map(m => `ob_${Buffer.from(m.id).toString('hex')}`)
    await a.daemon.stop()
    const db = new Database(homePaths(a.home).db)
    const [row] = db.prepare('SELECT final_receipt AS f FROM archived WHERE message_id = ?').all(messages[1].id) as Array<{ f: Buffer }>
    row.f[row.f.length - 1] ^= 1 // the last byte of the signature
    db.prepare('UPDATE archived SET final_receipt = ? WHERE message_id = ?').run(row.f, messages[1].id)
    db.close()
    await a.daemon.start()
    const kept = await ok(a.home, ['status', good, '--json'])
    expect(kept).toMatchObject({ state: 'COMPLETE', done: true, receipts: [{ verified: true }] })
    expect(kept.journey.filter((j: { status: string }) => j.status === 'pending')).toEqual([]) // gone from here, not still to come
    const shown = await ok(a.home, ['status', bad, '--json'])
    expect(shown).toMatchObject({ state: 'UNVERIFIED', done: false })
    expect(shown.receipts.filter((r: { verified: boolean }) => r.verified)).toEqual([])
  })
})
