// The live sync tail does not send a peer the facts that came from it; it sends every other fact, a catch-up sends
// everything, and a seq that a rolled-back write gave out names the fact that got it next, not the one taken back.
// On real SQLite and the real sync server, over a real libp2p stream.
import '../../../daemon/runtime/polyfill.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utf8 } from '../../../cards/index.js'
import type { FactData } from '../../../proto/index.js'
import { serveSync, SYNC_PROTOCOL } from '../../../daemon/sync/index.js'
import { waitFor } from '../../../cli/harness/index.js'
import { logServer, openSync, pull, stopLogServer, type LogServer } from '../../helpers/log-server.js'

const OTHER_PEER = '12D3KooWGzxzKZYveHXtpG6AsrUJBcWxHBFS2HsEoGTxrPSn3x8m' // a peer that is not the client

const text = (f: FactData): string => Buffer.from(f.envelope).toString('utf8')

describe('the live tail and the peer a fact came from', () => {
  let s: LogServer
  beforeAll(async () => { s = await logServer('aios-tail-origin-') })
  afterAll(async () => { await stopLogServer(s) })

  it('passes over the client\'s own facts, sends the rest, and a catch-up sends them all', async () => {
    await s.server.handle(SYNC_PROTOCOL, (stream, connection) => { void serveSync(s.core, stream, connection) })
    const facts = s.core.store.facts
    const client = s.client.peerId.toString()
    const learn = async (from: string, body: string): Promise<number | undefined> =>
      await s.core.store.commit.run(() => facts.peers.receivedFrom(from, () => facts.learning(() => facts.append('receipt', utf8(body), Date.now()))))
    const start = facts.head()
    const sync = await openSync(s, start, true)
    expect((await sync.read()).done).toBe(true) // caught up: what follows is the live tail
    const got: FactData[] = []
    void (async () => {
      for (;;) {
        const page = await sync.read().catch(() => undefined)
        if (page === undefined) return
        got.push(...page.facts)
      }
    })()

    await learn(client, 'from the client')
    await learn(OTHER_PEER, 'from another peer')
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
    sync.abort()
    // a catch-up (a peer whose store went back in time) gets the client's facts too, also one no tail has passed yet
    await learn(client, 'later, from the client')
    expect((await pull(s, start)).map(text)).toEqual(['from the client', 'from another peer', 'of the node itself', 'later, from the client'])
  })
})
