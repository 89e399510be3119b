// A wait keeps the state it knows: receipt events move it without a query per event, and a receipt that lands
// while the wait takes its first look is heard, not lost between the look and the subscription. In-process, on a
// real home and real SQLite; the receipt events are the core's own bus, emitted as the receipt paths emit them.
import '../../../daemon/runtime/polyfill.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCard, cardJson, keyPairFromSeed, signCard, signEndorsement } from '../../../cards/index.js'
import { HomeContext, actorAdd, importCardJson, initHome, meshCreate, refreshLocalCard } from '../../../daemon/index.js'
import { Core } from '../../../daemon/core.js'
import { Directory } from '../../../daemon/directory/directory.js'
import { createLogger } from '../../../daemon/runtime/log.js'
import * as messaging from '../../../daemon/messaging/index.js'

const B_PEER = '12D3KooWLRPJAA5o6Z6g5uTmptPkNDxHDzUr3qWrbXRUQPFMxJpz' // agent-b's node: never dialed here

/** A home with agent-a, and agent-b's card (its node is never dialed), on real SQLite; the core over it. */
async function openHome (): Promise<{ dir: string, ctx: HomeContext, core: Core }> {
  const dir = mkdtempSync(join(tmpdir(), 'aios-wait-'))
  await initHome(dir, { listen: ['/ip4/127.0.0.1/tcp/0'] })
  const ctx = HomeContext.open(dir)
  meshCreate(ctx)
  await actorAdd(ctx, 'agent-a')
  await refreshLocalCard(ctx, 'agent-a')
  const b = keyPairFromSeed(new Uint8Array(32).fill(7))
  const now = Date.now()
  importCardJson(ctx, cardJson(signCard(buildCard(b.publicKey, {
    handle: 'agent-b', peerId: B_PEER, multiaddrs: ['/ip4/127.0.0.1/tcp/1'], seq: 1, carrier: 'shell', model: 'm', updatedAtMs: now, endorsement: signEndorsement(ctx.requireMeshOwnerKey(), 'agent-b', b.publicKey, now)
  }), b)))
  const peerId = await ctx.peerId()
  return { dir, ctx, core: new Core(ctx, new Directory(ctx, peerId), peerId, createLogger('wait', 'error')) }
}

/** A message sent from agent-a (it stays DELIVERY_PENDING here: no network runs), and its id. */
async function sendFrom (core: Core): Promise<{ ob: string, id: Uint8Array }> {
  const r = await messaging.notify(core, { to: 'agent-b', body: new TextEncoder().encode('hello') })
  return { ob: r.obligation, id: messaging.parseObligation(r.obligation) }
}

describe('wait: state kept by the waiter', () => {
  let dir: string
  let ctx: HomeContext
  let core: Core

  beforeAll(async () => { ({ dir, ctx, core } = await openHome()) })
  afterAll(() => {
    ctx?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const sent = async (): Promise<{ ob: string, id: Uint8Array }> => await sendFrom(core)

  /** Counts the store's state reads while `fn` runs; `during` runs inside each read, before it answers. */
  async function counted<T> (fn: () => Promise<T>, during?: (n: number) => void): Promise<{ value: T, reads: () => number }> {
    const messages = core.store.messages
    const original = messages.stateOf.bind(messages)
    let n = 0
    messages.stateOf = (id: Uint8Array) => {
      const before = original(id)
      during?.(++n)
      return before
    }
    try {
      return { value: await fn(), reads: () => n }
    } finally {
      messages.stateOf = original
    }
  }

  it('receipt events of its message cost the waiter no query: the state rides with the event', async () => {
    const { ob, id } = await sent()
    const done = messaging.waitFor(core, ob, 'COMPLETE', 10_000) // its first look is taken before this returns
    const r = await counted(async () => {
      for (const state of ['DELIVERED', 'READ', 'CONSUMED']) core.events.emit('receipt', { messageId: id, state, actor: 'agent-b' })
    })
    expect(r.reads()).toBe(0) // three events of its message, no state read
    core.events.emit('receipt', { messageId: id, state: 'COMPLETE', actor: 'agent-b' })
    expect(await done).toEqual({ obligation: ob, state: 'COMPLETE' })
  })

  it('a lower receipt after a higher one does not move the kept state back; a final one ends the wait', async () => {
    const { ob, id } = await sent()
    const done = messaging.waitFor(core, ob, 'COMPLETE', 10_000)
    core.events.emit('receipt', { messageId: id, state: 'READ', actor: 'agent-b' })
    core.events.emit('receipt', { messageId: id, state: 'DELIVERED', actor: 'agent-b' })
    core.events.emit('receipt', { messageId: id, state: 'REJECTED', actor: 'agent-b' })
    expect((await done).state).toBe('REJECTED')
  })

  it('a receipt that lands while the wait takes its first look wakes it, and leaves no timer behind', async () => {
    const { ob, id } = await sent()
    const timers = (): number => process.getActiveResourcesInfo().filter(r => r === 'Timeout').length
    const before = timers()
    // the look reads DELIVERY_PENDING, then DELIVERED is stored and told before the look answers
    const r = await counted(async () => await messaging.waitFor(core, ob, 'DELIVERED', 3000).catch((err: { code?: string }) => ({ obligation: ob, state: err.code ?? 'error' })),
      n => { if (n === 2) core.events.emit('receipt', { messageId: id, state: 'DELIVERED', actor: 'agent-b' }) })
    expect(r.value.state).toBe('DELIVERED')
    expect(timers()).toBe(before) // a wait that ended holds nothing: not its timer (which read the store when it ran out)
  })

  it('several waits on one message each end at their own state; one that runs out leaves the others waiting', async () => {
    const { ob, id } = await sent()
    const early = messaging.reachState(core, id, 'COMPLETE', 1)
    const delivered = messaging.waitFor(core, ob, 'DELIVERED', 5000)
    const read = messaging.waitFor(core, ob, 'READ', 5000)
    const complete = messaging.waitFor(core, ob, 'COMPLETE', 5000)
    expect(await early).toEqual({ state: 'DELIVERY_PENDING', timedOut: true })
    core.events.emit('receipt', { messageId: id, state: 'DELIVERED', actor: 'agent-b' })
    expect(await delivered).toEqual({ obligation: ob, state: 'DELIVERED' })
    core.events.emit('receipt', { messageId: id, state: 'READ', actor: 'agent-b' })
    expect(await read).toEqual({ obligation: ob, state: 'READ' })
    core.events.emit('receipt', { messageId: id, state: 'COMPLETE', actor: 'agent-b' })
    expect(await complete).toEqual({ obligation: ob, state: 'COMPLETE' })
  })

  it('a wait that runs out says so and still names the state held (reachState never throws)', async () => {
    const { id } = await sent()
    expect(await messaging.reachState(core, id, 'DELIVERED', 1)).toEqual({ state: 'DELIVERY_PENDING', timedOut: true })
  })
})

describe('wait: when the node stops', () => {
  it('endWaits ends every wait at once with the state it holds; a wait asked for after it ends at once', async () => {
    const { dir, ctx, core } = await openHome()
    try {
      const { ob, id } = await sendFrom(core)
      const long = messaging.reachState(core, id, 'COMPLETE', 600_000)
      const called = messaging.waitFor(core, ob, 'DELIVERED', 600_000).catch((err: { code?: string }) => err.code)
      core.events.emit('receipt', { messageId: id, state: 'DELIVERED', actor: 'agent-b' })
      expect(await called).toEqual({ obligation: ob, state: 'DELIVERED' })
      messaging.endWaits(core)
      expect(await long).toEqual({ state: 'DELIVERED', timedOut: true })
      expect(await messaging.reachState(core, id, 'COMPLETE', 600_000)).toEqual({ state: 'unknown', timedOut: true })
    } finally {
      ctx.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a wait whose store closed under it ends with the state it held when its time runs out, reading nothing', async () => {
    const { dir, ctx, core } = await openHome()
    try {
      const { id } = await sendFrom(core)
      const w = messaging.reachState(core, id, 'COMPLETE', 200)
      core.events.emit('receipt', { messageId: id, state: 'READ', actor: 'agent-b' })
      ctx.close()
      expect(await w).toEqual({ state: 'READ', timedOut: true })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
