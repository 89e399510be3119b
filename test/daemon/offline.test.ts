// Nothing lost offline: a stopped recipient catches up exactly once; a restarted sender resumes its outbox;
// a recipient killed right after its commit still ends with the message once and its receipt at the sender; one killed
// inside that commit, after signing DELIVERED, has neither until the sender retries.
import { describe, expect, it } from 'vitest'
import { createMesh, query, waitFor, type MeshNodeHandle, type MeshOptions } from '../helpers/mesh.js'

const NOTIFY_BATCH = 20 // control calls in flight at once: 200 sends overlap without opening 200 sockets at once
const countAt = (home: string, sql: string): number => query(home, sql)[0].n
const hexIds = (home: string, sql: string): string[] => query(home, sql).map(r => Buffer.from(r.id).toString('hex')).sort()

/** Messages the daemon stored for its seats and announced (woke, counted, streamed) since it started. */
async function receivedSinceStart (metricsUrl: string): Promise<number> {
  const m = /^aios_comm_messages_received_total (\S+)$/m.exec(await (await fetch(metricsUrl)).text())
  return m === null ? 0 : Number(m[1])
}

/** Two nodes, cards exchanged; only the sender's daemon runs (the recipient's starts when a test says). */
async function offlinePair (opts: MeshOptions = {}): Promise<MeshNodeHandle[]> {
  // at debug, each batch that could not be delivered is logged, for the daemons' lines a failed test prints
  const nodes = await createMesh(2, { ...opts, env: { AIOS_COMM_LOG: 'debug', ...opts.env }, start: false })
  await nodes[0].daemon.start()
  return nodes
}

describe('offline and restarts', () => {
  it('recipient stopped, 200 sent, recipient started: each stored exactly once, all DELIVERED at the sender', async () => {
    const [a, b] = await offlinePair({ args: i => i === 1 ? ['--metrics-port', '0'] : [] })
    // sent in batches of concurrent calls: their order does not matter here, only that each is stored once
    const obs: string[] = []
    for (let i = 0; i < 200; i += NOTIFY_BATCH) {
      const batch = Array.from({ length: NOTIFY_BATCH }, async (_, k) => (await a.daemon.call('notify', { to: 'agent-b', text: `offline ${i + k}` })).obligation)
      obs.push(...await Promise.all(batch))
    }
    expect(new Set(obs).size).toBe(200)
    const pending = await a.daemon.call('outbox')
    expect(pending).toHaveLength(200)
    await b.daemon.start()
    await waitFor('200 DELIVERED at the sender', () => countAt(a.home, "SELECT count(*) AS n FROM messages WHERE state = 'DELIVERED'"), n => n === 200)
    expect(countAt(b.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1')).toBe(200)
    // the 200 sent are the 200 held, and each arrived once: one arrival announced per message since b started
    expect(hexIds(b.home, 'SELECT id FROM messages WHERE local_to = 1')).toEqual(obs.map(ob => ob.slice(3)).sort())
    expect(await receivedSinceStart(b.daemon.ready.metrics)).toBe(200)
    expect(countAt(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED'")).toBe(200)
    expect(countAt(a.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED'")).toBe(200)
    expect(await a.daemon.call('outbox')).toHaveLength(0)
    const s = await a.daemon.call('status', { obligation: obs[123] })
    expect(s).toMatchObject({ state: 'DELIVERED', receipts: [{ state: 'DELIVERED', verified: true }] })
  })

  it('a sender restarted with a full outbox resumes it', async () => {
    const [a, b] = await offlinePair()
    await Promise.all(Array.from({ length: 30 }, async (_, i) => await a.daemon.call('notify', { to: 'agent-b', text: `queued ${i}` })))
    expect(await a.daemon.stop()).toBe(0)
    await a.daemon.start()
    expect((await a.daemon.call('node.status')).outbox.pending).toBe(30)
    await b.daemon.start()
    await waitFor('30 DELIVERED', () => countAt(a.home, "SELECT count(*) AS n FROM messages WHERE state = 'DELIVERED'"), n => n === 30)
    expect(countAt(b.home, 'SELECT count(*) AS n FROM messages')).toBe(30)
  })

  it('a recipient killed right after its commit has the message once after restart, and the sender gets the receipt', async () => {
    const [a, b] = await offlinePair()
    await b.daemon.start({ AIOS_COMM_CRASH_AT: 'after-deliver-commit' })
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'crash me' })
    await b.daemon.exited() // SIGKILLed by the crash point: after the commit, before DELIVERED was sent
    expect(countAt(b.home, 'SELECT count(*) AS n FROM messages')).toBe(1)
    // DELIVERED is signed inside the message's own commit and sent only once that commit is durable
    const stored = query(b.home, 'SELECT hex(hash) AS h FROM receipts')
    expect(stored).toHaveLength(1)
    expect((await a.daemon.call('status', { obligation })).state).toBe('DELIVERY_PENDING')
    await b.daemon.start()
    await waitFor('DELIVERED at the sender', async () => (await a.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
    expect(countAt(b.home, 'SELECT count(*) AS n FROM messages')).toBe(1)
    expect(countAt(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED'")).toBe(1)
    expect(query(a.home, "SELECT hex(hash) AS h FROM receipts WHERE state = 'DELIVERED'")).toEqual(stored) // the one signed before the crash
  })

  it('a recipient killed after signing DELIVERED but before its commit has neither; the sender retries and gets DELIVERED', async () => {
    const [a, b] = await offlinePair()
    await b.daemon.start({ AIOS_COMM_CRASH_AT: 'after-delivered-receipt' })
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'crash before commit' })
    await b.daemon.exited() // SIGKILLed inside the open transaction that holds the message and its signed DELIVERED
    expect(countAt(b.home, 'SELECT count(*) AS n FROM messages')).toBe(0)
    expect(countAt(b.home, 'SELECT count(*) AS n FROM receipts')).toBe(0)
    expect((await a.daemon.call('status', { obligation })).state).toBe('DELIVERY_PENDING')
    await b.daemon.start()
    await waitFor('DELIVERED at the sender', async () => (await a.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
    expect(countAt(b.home, 'SELECT count(*) AS n FROM messages')).toBe(1)
    expect(countAt(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED'")).toBe(1)
  })

  it('a message that expires before its recipient comes back ends EXPIRED and is never delivered', async () => {
    const [a, b] = await offlinePair()
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'only for a second', ttlMs: 1000 })
    await waitFor('EXPIRED', async () => (await a.daemon.call('status', { obligation })).state, s => s === 'EXPIRED')
    await b.daemon.start()
    const later = await a.daemon.call('notify', { to: 'agent-b', text: 'this one arrives' })
    await waitFor('the later message DELIVERED', async () => (await a.daemon.call('status', { obligation: later.obligation })).state, s => s === 'DELIVERED')
    expect(countAt(b.home, 'SELECT count(*) AS n FROM messages')).toBe(1)
    expect((await a.daemon.call('outbox', { all: true }))[0]).toMatchObject({ status: 'expired' })
  })
})
