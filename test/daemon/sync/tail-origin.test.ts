// The live sync tail does not send a peer the facts that came from it, or that it sent again once they were held
// here; it sends every other fact, a catch-up sends everything, and a seq that a rolled-back write gave out names the
// fact that got it next, not the one taken back. Of two peers, the one with the greater id holds learned facts longer.
// On real SQLite and the real sync server, over a real libp2p stream.
import '../../../daemon/runtime/polyfill.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utf8 } from '../../../cards/index.js'
import type { FactData } from '../../../proto/index.js'
import { applyFact, learnedDelayMs, serveSync, SYNC_PROTOCOL, TAIL_DELAY_MS } from '../../../daemon/sync/index.js'
import { FactPeers } from '../../../daemon/store/fact-peers.js'
import { waitFor } from '../../../cli/harness/index.js'
import { logServer, openSync, pull, stopLogServer, type LogServer } from '../../helpers/log-server.js'

const OTHER_PEER = '12D3KooWGzxzKZYveHXtpG6AsrUJBcWxHBFS2HsEoGTxrPSn3x8m' // a peer that is not the client

const text = (f: FactData): string => Buffer.from(f.envelope).toString('utf8')

/** A fact appended as learned from `from`; its seq. */
async function learn (s: LogServer, from: string, body: string): Promise<number | undefined> {
  const facts = s.core.store.facts
  return await s.core.store.commit.run(() => facts.peers.receivedFrom(from, () => facts.learning(() => facts.append('receipt', utf8(body), Date.now()))))
}

/** The client's sync from `since` until caught up; the facts of every page after that (the live tail) go into `got`. */
async function liveTail (s: LogServer, since: number): Promise<{ got: FactData[], abort: () => void }> {
  const sync = await openSync(s, since, true)
  expect((await sync.read()).done).toBe(true) // caught up: what follows is the live tail
  const got: FactData[] = []
  void (async () => {
    for (;;) {
      const page = await sync.read().catch(() => undefined)
      if (page === undefined) return
      got.push(...page.facts)
    }
  })()
  return { got, abort: sync.abort }
}

describe('the live tail and the peer a fact came from', () => {
  let s: LogServer
  beforeAll(async () => { s = await logServer('aios-tail-origin-') })
  afterAll(async () => { await stopLogServer(s) })

  it('passes over the client\'s own facts, sends the rest, and a catch-up sends them all', async () => {
    await s.server.handle(SYNC_PROTOCOL, (stream, connection) => { void serveSync(s.core, stream, connection) })
    const facts = s.core.store.facts
    const client = s.client.peerId.toString()
    const start = facts.head()
    const { got, abort } = await liveTail(s, start)

    await learn(s, client, 'from the client')
    await learn(s, OTHER_PEER, 'from another peer')
    // a write that learned a fact from the client and then failed: its savepoint takes the fact and its seq back
    let takenBack: number | undefined
    await expect(s.core.store.commit.run(() => facts.peers.receivedFrom(client, () => facts.learning(() => {
      takenBack = facts.append('receipt', utf8('taken back'), Date.now())
      throw new Error('the write fails')
    })))).rejects.toThrow('the write fails')
    const own = await s.core.store.commit.run(() => facts.append('receipt', utf8('of the node itself'), Date.now()))
    expect(own, 'the next fact got the seq the failed write gave out').toBe(takenBack)

    await waitFor('the node\'s own fact by the tail', () => got.map(text), l => l.includes('of the node itself'))
    expect(got.map(text)).toEqual(['from another peer', 'of the node itself'])
    abort()
    // a catch-up (a peer whose store went back in time) gets the client's facts too, also one no tail has passed yet
    await learn(s, client, 'later, from the client')
    expect((await pull(s, start)).map(text)).toEqual(['from the client', 'from another peer', 'of the node itself', 'later, from the client'])
  })
  it('passes over a fact the client sent again after another peer had brought it', async () => {
    const facts = s.core.store.facts
    const client = s.client.peerId.toString()
    const { got, abort } = await liveTail(s, facts.head())
    await learn(s, OTHER_PEER, 'held by both')
    // the client sends it too (its own tail page, or gossip): applied again, it is held already
    const again = await s.core.store.commit.run(() => facts.peers.receivedFrom(client, () => applyFact(s.core, 'receipt', utf8('held by both'))))
    expect(again).toEqual({ verdict: 'held' })
    await learn(s, OTHER_PEER, 'held by the other peer only')
    const own = await s.core.store.commit.run(() => facts.append('receipt', utf8('a second fact of the node itself'), Date.now()))
    expect(own).toBeDefined()
    await waitFor('the node\'s own fact by the tail', () => got.map(text), l => l.includes('a second fact of the node itself'))
    await waitFor('the learned fact by the tail', () => got.map(text), l => l.includes('held by the other peer only'))
    expect(got.map(text).sort()).toEqual(['a second fact of the node itself', 'held by the other peer only'])
    abort()
  })
})

describe('which peers hold a fact', () => {
  const hash = new Uint8Array(32).fill(7)
  const other = new Uint8Array(32).fill(8)

  it('keeps every peer that sent a fact, and forgets each as its tail passes over the fact', () => {
    const p = new FactPeers()
    p.receivedFrom('peer-a', () => { p.appended(5, hash, true) })
    p.receivedFrom('peer-b', () => { p.heldAgain(5, hash) })
    p.receivedFrom('peer-b', () => { p.heldAgain(5, hash) }) // twice: still one entry for it
    p.receivedFrom(undefined, () => { p.heldAgain(5, hash) }) // from no peer: nothing recorded
    expect(p.cameFrom.takeIf(5, hash, 'peer-c')).toBe(false)
    expect(p.cameFrom.takeIf(5, hash, 'peer-b')).toBe(true)
    expect(p.cameFrom.takeIf(5, hash, 'peer-b')).toBe(false) // once per peer
    expect(p.cameFrom.takeIf(5, hash, 'peer-a')).toBe(true)
    expect(p.cameFrom.takeIf(5, hash, 'peer-a')).toBe(false)
  })

  it('a fact without an entry gets none when it comes again (a catch-up\'s old facts push out no recent one)', () => {
    const p = new FactPeers()
    p.receivedFrom('peer-a', () => { p.appended(5, hash, true) })
    p.receivedFrom('peer-b', () => { p.heldAgain(4, other) }) // held for long, or own: no entry
    p.receivedFrom('peer-b', () => { p.heldAgain(5, other) }) // another fact than the one seq 5 names
    expect(p.cameFrom.takeIf(4, other, 'peer-b')).toBe(false)
    expect(p.cameFrom.takeIf(5, other, 'peer-b')).toBe(false)
    expect(p.cameFrom.takeIf(5, hash, 'peer-a')).toBe(true)
    p.receivedFrom('peer-b', () => { p.heldAgain(5, hash) }) // after peer-a's tail passed it: still recorded
    expect(p.cameFrom.takeIf(5, hash, 'peer-b')).toBe(true)
  })

  it('of two peers, the one with the greater id holds learned facts twice as long', () => {
    const [low, high] = ['12D3KooWA', '12D3KooWB']
    expect(learnedDelayMs(low, high)).toBe(TAIL_DELAY_MS)
    expect(learnedDelayMs(high, low)).toBe(2 * TAIL_DELAY_MS)
  })
})
