// The store accept path alone, on real SQLite in real homes: the sender's notify (sign, durable commit of the
// message and its outbox row) and the recipient's acceptMessages (verify, durable commit, batch-signed DELIVERED),
// per message, with 1 and with 256 messages per batch (one group commit and one batch signature per batch), notify with
// a backlog already waiting for the destination, 64 KB bodies, and accept into a store that already holds many
// messages (each index on a random key then costs a page per message in the commit).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { acceptMessages, notify, parseObligation } from '../../daemon/messaging/index.js'
import { measure } from './measure.js'
import { openHomes, type MicroNode } from './homes.js'
import type { MicroBench, MicroResult } from './types.js'

const STAGE = 'store accept path'
const BODY = new Uint8Array(1024).fill(120) // 1 KB, as the bench's main workload
const BATCHES = [1, 256] as const // one message per commit (1 outstanding) and a full frame's worth (MAX_BATCH_MESSAGES)
// messages per variant: one at a time each costs an fsync (~1 ms here), so fewer of those; whole batches of 256
const SINGLE = { full: 1000, quick: 100 }
const BATCHED = { full: 20 * 256, quick: 2 * 256 }
const BACKLOG = { full: 50_000, quick: 5_000 } // outbox rows already waiting for the destination (MAX_OUTBOX_PER_DEST is 100,000)
const BIG_BODY = new Uint8Array(64 * 1024).fill(121) // the bench's large workload
const BIG = { full: 6 * 256, quick: 256 }
const GROWN = { full: 40_000, quick: 4_000 } // messages the recipient holds before the grown-store variant (the bench's pair holds about that many after two of its five rounds)

export const storeAcceptPath: MicroBench = async ({ quick }) => {
  const root = mkdtempSync(join(tmpdir(), 'aios-micro-store-'))
  const homes = await openHomes(root)
  const { sender: s, recipient: r } = homes
  const out: MicroResult[] = []
  try {
    const count = (batch: number): number => (batch === 1 ? SINGLE : BATCHED)[quick ? 'quick' : 'full']
    const sent = new Map<number, Uint8Array[]>() // batch size → ids notified, in batches
    const notifyOne = async (body = BODY): Promise<Uint8Array> => parseObligation((await notify(s.core, { as: s.handle, to: r.handle, body, require: 'DELIVERED' })).obligation)
    const notifyBatch = async (n: number, body = BODY): Promise<Uint8Array[]> => await Promise.all(Array.from({ length: n }, async () => await notifyOne(body)))
    await notifyBatch(256) // warm-up: statements prepared, JIT warm
    drainOutbox(s)
    for (const batch of BATCHES) {
      const n = count(batch)
      const ids: Uint8Array[] = []
      out.push(await measure(STAGE, `notify: sign + durable commit + outbox row, ${batch} per batch`, n, async timed => {
        for (let i = 0; i < n; i += batch) {
          ids.push(...await timed(async () => await notifyBatch(batch)))
          drainOutbox(s) // as the worker would: notify counts the destination's pending rows, so they must not pile up
        }
      }))
      sent.set(batch, ids)
    }
    // the destination offline with a backlog (a laptop asleep): each notify must not cost more for it
    const waiting = BACKLOG[quick ? 'quick' : 'full']
    queueBacklog(s, r.handle, waiting)
    const n = count(256)
    out.push(await measure(STAGE, `notify, ${waiting.toLocaleString('en-US')} already waiting for the destination, 256 per batch`, n, async timed => {
      for (let i = 0; i < n; i += 256) await timed(async () => await notifyBatch(256))
    }))
    drainOutbox(s)
    // the recipient accepts what the sender stored, as the deliver frame carries it: envelope and header
    const rows = (ids: Uint8Array[]): Array<{ envelope: Uint8Array, header: Uint8Array | undefined }> => ids.map(id => s.core.store.messages.message(id)).map(m => ({ envelope: m!.envelope, header: m!.header }))
    await acceptMessages(r.core, ...unzip(rows((await notifyBatch(256)))), s.peerId) // warm-up
    for (const batch of BATCHES) out.push(await acceptAll(r, s.peerId, rows(sent.get(batch) ?? []), `accept: verify + durable commit + DELIVERED signed, ${batch} per batch`, batch))
    // 64 KB bodies: the message's row spills into overflow pages, each a frame of the commit
    const big: Uint8Array[] = []
    out.push(await measure(STAGE, 'notify, 64 KB, 256 per batch', BIG[quick ? 'quick' : 'full'], async timed => {
      for (let i = 0; i < BIG[quick ? 'quick' : 'full']; i += 256) {
        big.push(...await timed(async () => await notifyBatch(256, BIG_BODY)))
        drainOutbox(s)
      }
    }))
    out.push(await acceptAll(r, s.peerId, rows(big), 'accept, 64 KB, 256 per batch', 256))
    // a grown store: the recipient holds GROWN messages already (accepted as frames of 256, unmeasured)
    const grown = GROWN[quick ? 'quick' : 'full']
    for (let held = 0; held < grown; held += 256) {
      const ids = await notifyBatch(256)
      drainOutbox(s)
      await acceptMessages(r.core, ...unzip(rows(ids)), s.peerId)
    }
    const fresh: Uint8Array[] = []
    for (let i = 0; i < count(256); i += 256) {
      fresh.push(...await notifyBatch(256))
      drainOutbox(s)
    }
    out.push(await acceptAll(r, s.peerId, rows(fresh), `accept, 256 per batch, into a store holding ${grown.toLocaleString('en-US')} messages`, 256))
  } finally {
    homes.close()
    rmSync(root, { recursive: true, force: true })
  }
  return out
}

/** The recipient accepts `msgs` in frames of `batch`, measured; a refusal is a failed benchmark. */
async function acceptAll (r: MicroNode, peerId: string, msgs: Array<{ envelope: Uint8Array, header: Uint8Array | undefined }>, variant: string, batch: number): Promise<MicroResult> {
  return await measure(STAGE, variant, msgs.length, async timed => {
    for (let i = 0; i < msgs.length; i += batch) {
      const res = await timed(async () => await acceptMessages(r.core, ...unzip(msgs.slice(i, i + batch)), peerId))
      const refused = res.find(x => x.receipt === undefined)
      if (refused !== undefined) throw new Error(`the recipient refused a message: ${String(refused.errorCode)} ${String(refused.errorMessage)}`)
    }
  })
}

/** The sender's outbox emptied, as delivery and settle would empty it: what notify counts stays as in a live daemon. */
function drainOutbox (s: MicroNode): void {
  const outbox = s.core.store.outbox
  for (let due = outbox.due(Number.MAX_SAFE_INTEGER, 1000); due.length > 0; due = outbox.due(Number.MAX_SAFE_INTEGER, 1000)) {
    s.core.store.tx(() => { for (const row of due) outbox.done(row.id) })
  }
}

/** Rows for `dest` as many sends to an unreachable seat leave them, in one transaction. */
function queueBacklog (s: MicroNode, dest: string, n: number): void {
  s.core.store.tx(() => { for (let i = 0; i < n; i++) s.core.store.outbox.enqueue('message', new Uint8Array(randomBytes(32)), dest, 1) })
}

function unzip (rows: Array<{ envelope: Uint8Array, header: Uint8Array | undefined }>): [Uint8Array[], Array<Uint8Array | undefined>] {
  return [rows.map(r => r.envelope), rows.map(r => r.header)]
}
