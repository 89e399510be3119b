// The outbox worker holds the pending rows and their schedule in memory between commits; the table stays the truth.
// Real SQLite and the real worker; the peer's side is a session that answers as a peer does (signed DELIVERED, or a
// refusal). Each guard here fails on a build whose memory misses a write made outside the worker.
import { afterEach, describe, expect, it } from 'vitest'
import { sha256, utf8 } from '../../../cards/index.js'
import { envelopeFromWire, messageFromWire, type DeliverResponseData } from '../../../proto/index.js'
import { OutboxWorker, type PeerSession } from '../../../daemon/delivery/index.js'
import { notify, parseObligation, retry } from '../../../daemon/messaging/index.js'
import { signReceipt } from '../../../daemon/receipts/index.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'

let world: World | undefined
const workers: OutboxWorker[] = []
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop()
  world?.close()
  world = undefined
})

type Mode = 'deliver' | 'refuse' | 'expired' | 'down' | 'slow-silent'

/** A peer hosting agent-b: answers each message as told, and records what it was sent. */
function peer (w: World): { session: () => PeerSession, sent: string[], mode: { now: Mode } } {
  const sent: string[] = []
  const mode = { now: 'deliver' as Mode }
  const send = async (messages: Uint8Array[], headers: Array<Uint8Array | undefined>): Promise<DeliverResponseData> => {
    const ids = messages.map(b => messageFromWire(envelopeFromWire(b).payload).id)
    sent.push(...ids.map(id => Buffer.from(id).toString('hex')))
    if (mode.now === 'down') throw new Error('the peer cannot be reached')
    if (mode.now === 'slow-silent') { // the send's own work holds the loop for 100 ms, and the peer never answers
      const until = Date.now() + 100
      while (Date.now() < until);
      return await new Promise<never>(() => {})
    }
    return {
      batchId: 0,
      receiptResults: [],
      results: messages.map((bytes, i) => mode.now === 'refuse'
        ? { messageId: ids[i], errorCode: 'NOT_ENDORSED', errorMessage: 'refused for good' }
        : mode.now === 'expired'
          ? { messageId: ids[i], errorCode: 'EXPIRED', errorMessage: 'the message expired before it arrived' }
          : { messageId: ids[i], receipt: signReceipt(w.b.key, { messageId: ids[i], messageHash: sha256(bytes), actor: 'agent-b', state: 'DELIVERED', atMs: Date.now(), from: 'agent-a', header: headers[i] }).envelope })
    }
  }
  return { session: () => ({ send }) as unknown as PeerSession, sent, mode }
}

/** The world: its own message to agent-b is left out of these counts (its row is dropped before any worker runs). */
async function emptyWorld (): Promise<World> {
  const w = world = await createWorld()
  w.core.store.db.prepare('DELETE FROM outbox').run()
  return w
}

function startWorker (w: World, session: () => PeerSession): OutboxWorker {
  const worker = new OutboxWorker(w.core, session)
  workers.push(worker)
  worker.start()
  return worker
}

/** Resolves when `cond` holds, checked after every receipt event and every few milliseconds; fails after 5 s. */
async function until (w: World, cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise<void>(resolve => {
      const t = setTimeout(done, 10)
      function done (): void { clearTimeout(t); w.core.events.off('receipt', done); resolve() }
      w.core.events.once('receipt', done)
    })
  }
}

const statusOf = (w: World, ob: string): string | undefined => w.core.store.outbox.forRef('message', parseObligation(ob))?.status
/** Puts every pending row's next attempt an hour away, behind the worker's back (as a long backoff would). */
function scheduleLater (w: World): void {
  w.core.store.db.prepare("UPDATE outbox SET next_attempt_ms = ? WHERE status = 'pending'").run(Date.now() + 3_600_000)
  w.core.store.outbox.changed = true
  w.core.events.emit('outbox:kick')
}

const hexOf = (ob: string): string => Buffer.from(parseObligation(ob)).toString('hex')
const stateOf = (w: World, ob: string): string | undefined => w.core.store.messages.stateOf(parseObligation(ob))?.state

describe('outbox in memory', () => {
  it('each notify is sent once with the bytes it was signed with, and settled: DELIVERED, its row gone', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    startWorker(w, p.session)
    const obs = await Promise.all([1, 2, 3, 4, 5].map(async n => (await notify(w.core, { to: 'agent-b', body: utf8(`m${n}`) })).obligation))
    await until(w, () => obs.every(ob => stateOf(w, ob) === 'DELIVERED'), 'DELIVERED')
    expect(p.sent.sort()).toEqual(obs.map(hexOf).sort())
    expect(w.core.store.outbox.pendingCount()).toBe(0)
  })

  it('after a restart the rows are loaded from the table: not due yet waits; a peer that connects makes them due at once', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    p.mode.now = 'down'
    const first = startWorker(w, p.session)
    const ob = (await notify(w.core, { to: 'agent-b', body: utf8('across a restart') })).obligation
    await until(w, () => p.sent.length === 1 && (w.core.store.outbox.forRef('message', parseObligation(ob))?.attempts ?? 0) === 1, 'the failed attempt')
    await first.stop()
    // the previous run left the row due in an hour (a long backoff)
    w.core.store.db.prepare('UPDATE outbox SET next_attempt_ms = ?').run(Date.now() + 3_600_000)
    p.mode.now = 'deliver'
    const second = startWorker(w, p.session)
    expect(p.sent.length).toBe(1) // loaded, not due
    second.peerConnected(w.b.peerId)
    await until(w, () => stateOf(w, ob) === 'DELIVERED', 'DELIVERED after the peer connected')
    expect(p.sent).toEqual([hexOf(ob), hexOf(ob)])
    expect(w.core.store.outbox.pendingCount()).toBe(0)
  })

  it('a row refused for good leaves the memory; retry puts it back from the table and it is delivered', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    p.mode.now = 'refuse'
    startWorker(w, p.session)
    const ob = (await notify(w.core, { to: 'agent-b', body: utf8('refused, then retried') })).obligation
    await until(w, () => w.core.store.outbox.forRef('message', parseObligation(ob))?.status === 'failed', 'the refusal')
    p.mode.now = 'deliver'
    expect(retry(w.core, ob).retried).toBe(1)
    await until(w, () => stateOf(w, ob) === 'DELIVERED', 'DELIVERED after retry')
    expect(p.sent).toEqual([hexOf(ob), hexOf(ob)])
  })

  it('a row taken out behind the worker (a cancel, a DELIVERED by a mailbox) is not sent when its old schedule comes', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    p.mode.now = 'down'
    startWorker(w, p.session)
    const ob = (await notify(w.core, { to: 'agent-b', body: utf8('taken back') })).obligation
    const id = parseObligation(ob)
    await until(w, () => (w.core.store.outbox.forRef('message', id)?.attempts ?? 0) === 1, 'the failed attempt')
    const row = w.core.store.outbox.forRef('message', id)
    if (row === undefined) throw new Error('no row')
    await w.core.store.commit.run(() => { w.core.store.outbox.done(row.id) })
    p.mode.now = 'deliver'
    // the time the worker had planned to send it again, and a little more: then a later message goes through
    await until(w, () => Date.now() > row.nextAttemptMs + 100, 'the old schedule')
    const later = (await notify(w.core, { to: 'agent-b', body: utf8('later') })).obligation
    await until(w, () => stateOf(w, later) === 'DELIVERED', 'the later message')
    expect(p.sent).toEqual([hexOf(ob), hexOf(later)])
  })

  it('a row queued by another writer (no hand-over: a receipt, a seat move) is read from the table', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    startWorker(w, p.session)
    const ob = (await notify(w.core, { to: 'agent-b', body: utf8('first') })).obligation
    await until(w, () => stateOf(w, ob) === 'DELIVERED', 'the first')
    // the row queued again the way a seat move queues its handoffs: in a commit, then a kick
    await w.core.store.commit.run(() => {
      w.core.store.db.prepare("UPDATE messages SET state = 'DELIVERY_PENDING' WHERE id = ?").run(parseObligation(ob))
      w.core.store.outbox.enqueue('message', parseObligation(ob), 'agent-b', Date.now())
    })
    w.core.events.emit('outbox:kick')
    await until(w, () => p.sent.length === 2, 'the second send')
    expect(p.sent).toEqual([hexOf(ob), hexOf(ob)])
  })
  it('a row that comes due while the worker is busy sending is sent then, not after the worker\'s idle minute', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    p.mode.now = 'slow-silent'
    const first = (await notify(w.core, { to: 'agent-b', body: utf8('due now') })).obligation
    const second = (await notify(w.core, { to: 'agent-b', body: utf8('due in 30 ms') })).obligation
    // the first is due now and the second 30 ms later: the first's send takes 100 ms, and the second comes due meanwhile
    const now = Date.now()
    const set = w.core.store.db.prepare('UPDATE outbox SET next_attempt_ms = ? WHERE ref = ?')
    set.run(now - 1, parseObligation(first))
    set.run(now + 30, parseObligation(second))
    w.core.store.outbox.changed = true
    startWorker(w, p.session)
    await until(w, () => p.sent.length === 2, 'the second send')
    expect(p.sent).toEqual([hexOf(first), hexOf(second)])
  })

  it('a message ends EXPIRED when it expires, though its next attempt comes later', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    p.mode.now = 'down'
    startWorker(w, p.session)
    const ob = (await notify(w.core, { to: 'agent-b', body: utf8('for a second'), ttlMs: 1000 })).obligation
    await until(w, () => (w.core.store.outbox.forRef('message', parseObligation(ob))?.attempts ?? 0) >= 1, 'the failed attempt')
    scheduleLater(w)
    await until(w, () => statusOf(w, ob) === 'expired', 'EXPIRED')
    expect(p.sent).toEqual([hexOf(ob)]) // not sent again: its expiry ended it
  })

  it('a row loaded from the table after a restart ends EXPIRED when its message expires, not at its next attempt', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    p.mode.now = 'down'
    const first = startWorker(w, p.session)
    const ob = (await notify(w.core, { to: 'agent-b', body: utf8('across a restart, for a second'), ttlMs: 1000 })).obligation
    await until(w, () => (w.core.store.outbox.forRef('message', parseObligation(ob))?.attempts ?? 0) >= 1, 'the failed attempt')
    await first.stop()
    scheduleLater(w)
    startWorker(w, p.session)
    await until(w, () => statusOf(w, ob) === 'expired', 'EXPIRED')
    expect(p.sent).toEqual([hexOf(ob)])
  })

  it('a message its recipient refuses as expired ends EXPIRED, not FAILED', async () => {
    const w = await emptyWorld()
    const p = peer(w)
    p.mode.now = 'expired'
    startWorker(w, p.session)
    const states: string[] = []
    w.core.events.on('receipt', (r: { state: string }) => { states.push(r.state) })
    const ob = (await notify(w.core, { to: 'agent-b', body: utf8('late'), ttlMs: 60_000 })).obligation
    await until(w, () => statusOf(w, ob) !== 'pending', 'the refusal')
    expect(statusOf(w, ob)).toBe('expired')
    expect(states).toEqual(['EXPIRED'])
  })
})
