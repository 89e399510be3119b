// notify refuses with OUTBOX_FULL once MAX_OUTBOX_PER_DEST items wait for the destination, and stores nothing then;
// it takes messages again as soon as rows leave. The outbox counts the backlog only when its bound per destination
// reaches the limit (see OutboxStore.full): every row queued must raise the bound, and a row put back to pending
// must make it count again, or a notify would pass a full outbox.
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { notify } from '../../../daemon/messaging/index.js'
import { MAX_OUTBOX_PER_DEST } from '../../../daemon/limits/index.js'
import { MeshError, utf8 } from '../../../cards/index.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'

let world: World | undefined
afterEach(() => { world?.close(); world = undefined })

const DEST = 'agent-b'

/** Queues `n` message rows for DEST in one transaction (as many offline sends would); returns their refs. */
function backlog (w: World, n: number): Uint8Array[] {
  const refs = Array.from({ length: n }, () => new Uint8Array(randomBytes(32)))
  w.core.store.tx(() => { for (const ref of refs) w.core.store.outbox.enqueue('message', ref, DEST, 1) })
  return refs
}

async function send (w: World): Promise<string> {
  try {
    await notify(w.core, { to: DEST, body: utf8('one more') })
    return 'ok'
  } catch (err) {
    if (err instanceof MeshError) return err.code
    throw err
  }
}

const messages = (w: World): number => w.core.store.db.prepare('SELECT count(*) FROM messages').pluck().get() as number
const pending = (w: World): number => w.core.store.outbox.pendingFor(DEST)

describe('OUTBOX_FULL', () => {
  it('refuses at the limit and stores nothing, takes messages again once rows leave, and counts rows put back to pending', async () => {
    const w = world = await createWorld()
    const refs = backlog(w, MAX_OUTBOX_PER_DEST - pending(w)) // the world sent agent-b some already
    expect(pending(w)).toBe(MAX_OUTBOX_PER_DEST)
    const before = messages(w)
    expect(await send(w)).toBe('OUTBOX_FULL')
    expect(messages(w)).toBe(before)
    expect(pending(w)).toBe(MAX_OUTBOX_PER_DEST)

    // three rows leave: one failed, two delivered (the worker's own delete, which does not lower the bound)
    const [failed, d1, d2] = refs.map(ref => w.core.store.outbox.forRef('message', ref)?.id ?? -1)
    w.core.store.tx(() => {
      w.core.store.outbox.finish(failed, 'failed', 'refused for the test')
      w.core.store.outbox.settled(d1)
      w.core.store.outbox.settled(d2)
    })
    expect(pending(w)).toBe(MAX_OUTBOX_PER_DEST - 3)
    expect(await send(w)).toBe('ok')
    // the failed row goes back to pending: no row was queued, yet one more now waits
    expect(w.core.store.tx(() => w.core.store.outbox.retryNow(refs[0], 2))).toBe(1)
    expect(pending(w)).toBe(MAX_OUTBOX_PER_DEST - 1)
    expect(await send(w)).toBe('ok')
    expect(pending(w)).toBe(MAX_OUTBOX_PER_DEST)
    expect(await send(w)).toBe('OUTBOX_FULL')
    expect(await send(w)).toBe('OUTBOX_FULL')
    expect(pending(w)).toBe(MAX_OUTBOX_PER_DEST)
    expect(messages(w)).toBe(before + 2)
  }, 60_000)
})
