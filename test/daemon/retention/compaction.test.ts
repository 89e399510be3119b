// Retention on real daemons: a year of history between agent-a and agent-b, compacted on both. Open obligations
// stay whole and once; archived ones still verify with status OB; the file shrinks within a stated bound; a new
// member catches up on the current state alone; an old peer that held the whole history, offline past the horizon,
// brings none of it back.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMesh, query, waitFor, withCtx, type MeshNodeHandle } from '../../helpers/mesh.js'
import { cli, errorCode, ok, tempDir } from '../../helpers/cli.js'
import { seedHistory, type SeededMessage } from '../../../bench/resources/seed-history.js'
import { SYNC_PAGE_FACTS } from '../../../daemon/sync/constants.js'

const DAY = 86_400_000
const COUNT = Number(process.env.AIOS_RETENTION_COUNT ?? 1500)
const WAIT_MS = 60_000

const ob = (id: Uint8Array): string => `ob_${Buffer.from(id).toString('hex')}`
const count = (home: string, sql: string, ...args: unknown[]): number => query(home, sql, ...args)[0].n
const receiptHashes = (home: string): string[] => query(home, 'SELECT hex(hash) AS h FROM receipts ORDER BY h').map(r => r.h)

/** Waits until `n` has read every peer's log up to that peer's head (its checkpoints; lazy ones are written within a second). */
async function caughtUp (n: MeshNodeHandle, peers: MeshNodeHandle[]): Promise<void> {
  for (const p of peers) {
    const head = count(p.home, 'SELECT coalesce(max(seq), 0) AS n FROM facts')
    await waitFor(`${n.handle} has read ${p.handle}'s log to ${head}`, () => query(n.home, 'SELECT seq FROM peer_checkpoints WHERE peer_id = ?', p.daemon.peerId)[0]?.seq ?? 0, s => s >= head, WAIT_MS)
  }
}

/** `c` started: once it has read `a`'s whole log it holds every receipt `a` does, and `sent` are DELIVERED there. */
async function startAndHoldAll (c: MeshNodeHandle, a: MeshNodeHandle, sent: string[]): Promise<void> {
  await c.daemon.start()
  await caughtUp(c, [a])
  expect(receiptHashes(c.home)).toEqual(receiptHashes(a.home))
  for (const o of sent) expect((await ok(c.home, ['status', o, '--json'])).state).toBe('DELIVERED')
}

/** The doctor's line on facts set aside for a card (the report fails here for other reasons: a peer is down). */
async function waitingCheck (n: MeshNodeHandle): Promise<any> {
  return JSON.parse((await cli(n.home, ['doctor', '--json'])).stdout).checks.find((x: any) => x.name === 'facts waiting for a card')
}

const receiptHashesOf = (home: string, o: string): string[] => query(home, 'SELECT hex(hash) AS h FROM receipts WHERE message_id = ? ORDER BY h', Buffer.from(o.slice(3), 'hex')).map(r => r.h)

/**
 * a has agent-x's three receipts, then a full sync page of other receipts, then agent-x's only card (the first was
 * compacted away); c read the first page, setting agent-x's receipts aside, and was killed once that page was stored.
 */
async function setAsideThenKilled (): Promise<{ a: MeshNodeHandle, c: MeshNodeHandle, sent: string[] }> {
  const [a, c] = await createMesh(2, { start: false })
  await a.daemon.start()
  await ok(a.home, ['actor', 'add', 'agent-x'])
  await ok(a.home, ['actor', 'add', 'agent-y'])
  const sent: string[] = []
  for (let i = 0; i < 3; i++) sent.push((await ok(a.home, ['--as', 'agent-x', 'notify', '--to', 'agent-a', '--text', `note ${i}`, '--wait', 'DELIVERED', '--json'])).obligation)
  const before = count(a.home, 'SELECT count(*) AS n FROM receipts')
  for (let i = 0; i < SYNC_PAGE_FACTS; i++) await a.daemon.call('notify', { as: 'agent-y', to: 'agent-a', text: `filler ${i}` })
  await waitFor('every filler DELIVERED', () => count(a.home, 'SELECT count(*) AS n FROM receipts'), n => n >= before + SYNC_PAGE_FACTS, WAIT_MS)
  await ok(a.home, ['actor', 'add', 'agent-x', '--role', 'reviewer'])
  expect((await ok(a.home, ['retention', '--run', '--json'])).factsDropped).toBeGreaterThanOrEqual(1)
  const cardSeq = query(a.home, "SELECT max(seq) AS s FROM facts WHERE kind = 'card'")[0].s
  const ids = sent.map(o => o.slice(3).toUpperCase())
  const xReceipts = query(a.home, `SELECT max(seq) AS s FROM facts WHERE kind = 'receipt' AND hex(ref) IN (${ids.map(() => '?').join(', ')})`, ...ids)[0].s
  expect(count(a.home, 'SELECT count(*) AS n FROM facts WHERE seq <= ?', xReceipts)).toBeLessThan(SYNC_PAGE_FACTS)
  expect(count(a.home, 'SELECT count(*) AS n FROM facts WHERE seq < ?', cardSeq)).toBeGreaterThan(SYNC_PAGE_FACTS)
  await c.daemon.start({ AIOS_COMM_CRASH_AT: 'after-sync-page' }).catch(() => {}) // it may die before it says ready
  await c.daemon.exited()
  expect(query(c.home, 'SELECT seq FROM peer_checkpoints')[0]?.seq).toBeGreaterThanOrEqual(xReceipts)
  return { a, c, sent }
}

describe('retention', () => {
  it('compacts a year of history: open work intact, archived work verifiable, a new member and an old peer see only the current state', { timeout: 300_000 }, async () => {
    const [a, b, c, d] = await createMesh(4, { start: false })
    const now = Date.now()
    // a year ending 40 days ago (past the 30-day horizon): every tenth left open, every tenth REJECTED, the rest COMPLETE;
    // and a recent week, COMPLETE, inside the horizon
    const old = seedHistory(a, b, { count: COUNT, firstMs: now - 365 * DAY, stepMs: Math.floor(325 * DAY / COUNT), bodyBytes: 400, final: k => k % 10 === 0 ? undefined : k % 10 === 1 ? 'REJECTED' : 'COMPLETE' })
    const recent = seedHistory(a, b, { count: 50, firstMs: now - 7 * DAY, stepMs: 3_600_000, bodyBytes: 400, final: () => 'COMPLETE' })
    const open = old.messages.filter(m => m.final === undefined)
    const finalOld = old.messages.filter(m => m.final !== undefined)
    const receiptsSeeded = count(a.home, 'SELECT count(*) AS n FROM receipts')

    // d holds the whole history, then is offline past the horizon
    await Promise.all([a, b, d].map(async n => await n.daemon.start()))
    await waitFor('d holds every receipt', () => count(d.home, 'SELECT count(*) AS n FROM receipts'), n => n === receiptsSeeded, WAIT_MS)
    await d.daemon.stop()

    const before = await ok(a.home, ['retention', '--json'])
    expect(before.store).toMatchObject({ messages: COUNT + 50, archived: 0 })
    for (const n of [a, b]) {
      const r = await ok(n.home, ['retention', '--run', '--json'])
      expect(r).toMatchObject({ archived: finalOld.length, purged: 0, heldInFlight: 0 })
      console.log(`[retention] ${n.handle}: ${JSON.stringify(r)}`)
    }

    // open obligations: whole, once, and still open
    for (const n of [a, b]) {
      expect(count(n.home, 'SELECT count(*) AS n FROM messages')).toBe(open.length + recent.messages.length)
      for (const m of open.slice(0, 20)) {
        expect(query(n.home, 'SELECT state, length(envelope) > 400 AS body FROM messages WHERE id = ?', m.id)).toEqual([{ state: 'DELIVERED', body: 1 }])
        expect(count(n.home, 'SELECT count(*) AS n FROM receipts WHERE message_id = ?', m.id)).toBe(1)
      }
      // the log holds exactly the receipts kept: none of an archived obligation's
      expect(count(n.home, "SELECT count(*) AS n FROM facts WHERE kind = 'receipt'")).toBe(count(n.home, 'SELECT count(*) AS n FROM receipts'))
      expect(count(n.home, 'SELECT count(*) AS n FROM receipts')).toBe(open.length + 2 * recent.messages.length)
      expect(count(n.home, 'SELECT count(*) AS n FROM archived')).toBe(finalOld.length)
    }
    // archived obligations still verify, on the sender's node and the recipient's
    const sample: SeededMessage[] = [finalOld[0], finalOld.find(m => m.final === 'REJECTED') as SeededMessage, finalOld[finalOld.length - 1]]
    for (const n of [a, b]) {
      for (const m of sample) {
        const s = await ok(n.home, ['status', ob(m.id), '--json'])
        expect(s).toMatchObject({ obligation: ob(m.id), from: 'agent-a', to: 'agent-b', state: m.final, archived: {} })
        expect(s.receipts).toEqual([expect.objectContaining({ state: m.final, actor: 'agent-b', verified: true })])
      }
    }
    // the file shrank: the archive keeps about a receipt's worth per obligation
    const after = await ok(a.home, ['retention', '--json'])
    // the bound: 2 KiB per archived obligation (its final receipt is about 1.2 KiB), 8 KiB per one held in full, 512 KiB besides
    const live = open.length + recent.messages.length
    console.log(`[retention] a: ${before.store.bytes} → ${after.store.bytes} bytes on disk (${COUNT + 50} messages: ${finalOld.length} archived, ${live} in full)`)
    expect(after.store.walBytes).toBeLessThan(64 * 1024) // written back into the file; only what came after is in it
    expect(after.store.bytes).toBeLessThan(before.store.bytes / 2)
    expect(after.store.bytes).toBeLessThan(2048 * finalOld.length + 8192 * live + 512 * 1024)

    // the old peer comes back with the whole year in its log: nodes that archived it take none of it back
    const kept = open.length + 2 * recent.messages.length
    await d.daemon.start()
    for (const n of [a, b]) {
      await caughtUp(n, [d])
      expect(count(n.home, 'SELECT count(*) AS n FROM receipts')).toBe(kept)
      expect(count(n.home, "SELECT count(*) AS n FROM facts WHERE kind = 'receipt'")).toBe(kept)
    }
    // stopped again until 40 days after its last compaction: it compacts before it serves anything, so a new member
    // learns only the current state, even from it
    await d.daemon.stop()
    expect(count(d.home, 'SELECT count(*) AS n FROM receipts')).toBe(receiptsSeeded)
    await withCtx(d.home, ctx => { ctx.store.tx(() => ctx.store.meta.set('retention_last_run_ms', String(now - 40 * DAY))) })
    await d.daemon.start()
    expect(receiptHashes(d.home)).toEqual(receiptHashes(a.home))
    const t0 = Date.now()
    await c.daemon.start()
    await caughtUp(c, [a, b, d])
    console.log(`[retention] c caught up in ${Date.now() - t0} ms: ${count(c.home, 'SELECT count(*) AS n FROM facts')} facts`)
    expect(receiptHashes(c.home)).toEqual(receiptHashes(a.home))
    // and an archived obligation's late retry is answered, not stored: status still says archived
    expect((await ok(a.home, ['status', ob(finalOld[0].id), '--json'])).archived).toBeDefined()

    // purge: only the ids stay, and status says so
    const purged = await ok(a.home, ['retention', '--archive-after', '30d', '--purge-after', '60d', '--run', '--json'])
    const purgeable = finalOld.filter(m => m.sentAtMs + 60_000 < now - 60 * DAY).length
    expect(purged).toMatchObject({ purged: purgeable })
    const gone = finalOld[0]
    const r = await cli(a.home, ['status', ob(gone.id)])
    expect(errorCode(r)).toBe('OBLIGATION_PURGED')
    expect(count(a.home, 'SELECT count(*) AS n FROM forgotten')).toBe(purgeable)
  })

  it('a compacted log may hold a seat\'s newest card after receipts signed under it: a new member still takes them in', { timeout: 120_000 }, async () => {
    const [a, c] = await createMesh(2, { start: false })
    await a.daemon.start()
    // a second seat on a's node that c has never heard of; its messages to agent-a are delivered in place
    await ok(a.home, ['actor', 'add', 'agent-x'])
    const sent = []
    for (let i = 0; i < 3; i++) sent.push((await ok(a.home, ['--as', 'agent-x', 'notify', '--to', 'agent-a', '--text', `note ${i}`, '--wait', 'DELIVERED', '--json'])).obligation)
    // its card changes (seq 2): the compaction drops the first card, so the newest now comes after those receipts
    await ok(a.home, ['actor', 'add', 'agent-x', '--role', 'reviewer'])
    const r = await ok(a.home, ['retention', '--run', '--json'])
    expect(r.factsDropped).toBeGreaterThanOrEqual(1)
    const order = query(a.home, "SELECT kind, seq FROM facts WHERE kind IN ('card', 'receipt') ORDER BY seq").map(f => f.kind)
    expect(order.lastIndexOf('receipt')).toBeLessThan(order.lastIndexOf('card'))
    expect(count(a.home, 'SELECT count(*) AS n FROM receipts')).toBe(3)
    await startAndHoldAll(c, a, sent)
  })

  it('a node stopped between two pages of such a log, with receipts set aside for the card, still takes them in after its restart', { timeout: 120_000 }, async () => {
    const { a, c, sent } = await setAsideThenKilled()
    await startAndHoldAll(c, a, sent)
  })

  it('receipts set aside for a card are taken in when the card comes another way, with no page of the log', { timeout: 120_000 }, async () => {
    const { a, c, sent } = await setAsideThenKilled()
    const card = join(tempDir('aios-card-'), 'agent-x.json')
    writeFileSync(card, await ok(a.home, ['card', 'show', 'agent-x', '--a2a']))
    await a.daemon.stop() // no peer: nothing reaches c but the imported card
    // set aside an hour ago, as far as c can tell: its doctor says what waits, for whom, and what to do
    await withCtx(c.home, ctx => ctx.store.db.prepare('UPDATE deferred_facts SET at_ms = at_ms - 3600000').run())
    await c.daemon.start()
    const missing = sent.filter(o => receiptHashesOf(c.home, o).length === 0)
    expect(missing).toEqual(sent) // still set aside: agent-x's card is not held yet
    const waiting = await waitingCheck(c)
    expect(waiting).toMatchObject({ ok: true, warn: true, detail: expect.stringMatching(/^3 receipt\(s\) or lease\(s\) wait for the card of agent-x; the oldest since /), fix: expect.stringContaining('aios-comm card import') })
    await ok(c.home, ['card', 'import', card])
    await waitFor('agent-x\'s receipts applied', () => sent.filter(o => receiptHashesOf(c.home, o).length === 0), m => m.length === 0, WAIT_MS)
    for (const o of sent) expect(receiptHashesOf(c.home, o)).toEqual(receiptHashesOf(a.home, o))
    expect(await waitingCheck(c)).toMatchObject({ ok: true, detail: 'none' })
  })

  it('a policy set through the daemon keeps what init wrote to the config since the daemon started', async () => {
    const [a] = await createMesh(1)
    const announce = '/dns4/node.example.com/tcp/7733'
    await ok(a.home, ['init', '--announce', announce, '--no-relay'])
    await ok(a.home, ['retention', '--archive-after', '7d'])
    const file = JSON.parse(readFileSync(join(a.home, 'config.json'), 'utf8'))
    expect(file).toMatchObject({ announce: [announce], relay: false, retention: { archiveAfterMs: 7 * DAY } })
  })

  it('refuses a bad policy with one line and changes nothing', async () => {
    const [a] = await createMesh(1, { start: false })
    for (const args of [['--archive-after', '10m'], ['--archive-after', '30d', '--purge-after', '7d'], ['--purge-after', 'soon']]) {
      const r = await cli(a.home, ['retention', ...args])
      expect(['RETENTION_INVALID', 'USAGE']).toContain(errorCode(r))
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
    }
    expect((await ok(a.home, ['retention', '--json'])).policy).toEqual({ archiveAfterMs: 30 * DAY })
    expect((await ok(a.home, ['retention', '--purge-after', '365d', '--json'])).policy).toEqual({ archiveAfterMs: 30 * DAY, purgeAfterMs: 365 * DAY })
    expect((await ok(a.home, ['retention', '--purge-after', 'never', '--json'])).policy).toEqual({ archiveAfterMs: 30 * DAY })
  })
})
