// Flow control on /aios-comm/sync/1: a client asks for a window of pages and acks each page it has applied; the
// server sends no more than the window ahead of the acks. On the real sync server over real libp2p streams (raw
// clients that ack as a test says), and on real daemons: a new member reads a log several times larger than its read
// buffer in one session. Before, the server sent pages as fast as the transport took them; a client slower to apply
// them overran its read buffer, its session ended and the pages it held were sent again a second later.
import '../../../daemon/runtime/polyfill.js'
import { randomBytes } from 'node:crypto'
import { peerIdFromString } from '@libp2p/peer-id'
import { lpStream } from '@libp2p/utils'
import { multiaddr } from '@multiformats/multiaddr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syncAckFromWire, syncAckToWire, syncPageToWire, syncRequestFromWire, type FactData, type SyncPageData } from '../../../proto/index.js'
import { serveSync, MAX_SYNC_WINDOW, SYNC_PAGE_BYTES, SYNC_PROTOCOL, SYNC_WINDOW } from '../../../daemon/sync/index.js'
import { logServer, openSync, pull, stopLogServer, type LogServer } from '../../helpers/log-server.js'
import { createMesh, query, spawnWatchingLog, waitFor } from '../../helpers/mesh.js'
import { rawPeer } from '../../helpers/raw-peer.js'
import { seedHistory } from '../../../bench/resources/seed-history.js'

const FACT_BYTES = 100 * 1024 // five to a page (SYNC_PAGE_BYTES)
const FACTS = 40 // eight pages
const DAY = 86_400_000

type Sync = Awaited<ReturnType<typeof openSync>>

/** A raw client's stream without the tail: the request with `window`; acks and the end of its side by hand. */
async function openWindowed (s: LogServer, since: number, window: number): Promise<Sync & { ack: (pages: number) => Promise<void> }> {
  const sync = await openSync(s, since, false, window)
  return { ...sync, ack: async pages => { await sync.send(syncAckToWire({ pages })) } }
}

/** Every page until the server ends the stream. */
async function rest (sync: Sync): Promise<SyncPageData[]> {
  const pages: SyncPageData[] = []
  for (;;) {
    try {
      pages.push(await sync.read())
    } catch (err) {
      if ((err as Error).name === 'UnexpectedEOFError') return pages
      throw err
    }
  }
}

const seqs = (facts: FactData[]): number[] => facts.map(f => f.seq)

describe('the sync server keeps to the window a client asks for', () => {
  let s: LogServer
  let since: number
  let all: FactData[] // the log after `since`, as a client without a window gets it
  beforeAll(async () => {
    s = await logServer('aios-window-')
    await s.server.handle(SYNC_PROTOCOL, (stream, connection) => { void serveSync(s.core, stream, connection) })
    const store = s.core.store
    since = store.facts.head()
    await store.commit.run(() => { for (let i = 0; i < FACTS; i++) store.facts.append('receipt', new Uint8Array(FACT_BYTES).fill(i), Date.now()) })
    all = await pull(s, since) // no window: every page at once, no acks read (a client from before the window)
    expect(all).toHaveLength(FACTS)
    expect(Math.floor(SYNC_PAGE_BYTES / FACT_BYTES)).toBe(5)
  })
  afterAll(async () => { await stopLogServer(s) })

  it('a client that acks nothing is sent its window, then the stream ends once its side has', async () => {
    const sync = await openWindowed(s, since, 2)
    await sync.close() // its side ends: no ack will come
    const pages = await rest(sync)
    expect(pages.map(p => p.facts.length)).toEqual([5, 5])
    expect(seqs(pages.flatMap(p => p.facts))).toEqual(seqs(all).slice(0, 10))
  })

  it('each ack brings one page more, in order, every page saying the window it keeps', async () => {
    const sync = await openWindowed(s, since, 2)
    const got: FactData[] = []
    for (;;) {
      const page = await sync.read()
      expect(page.window).toBe(2)
      got.push(...page.facts)
      if (page.done) break
      await sync.ack(1)
    }
    expect(seqs(got)).toEqual(seqs(all))
  })

  it('an ack for more pages than were sent owes the client no more than the window', async () => {
    const sync = await openWindowed(s, since, 2)
    const first = [await sync.read(), await sync.read()]
    await sync.ack(1000)
    await sync.close()
    const then = await rest(sync)
    expect([...first, ...then].map(p => p.facts.length)).toEqual([5, 5, 5, 5])
  })

  it(`a window over ${MAX_SYNC_WINDOW} is kept to ${MAX_SYNC_WINDOW}`, async () => {
    const sync = await openWindowed(s, since, 1000)
    await sync.close()
    const pages = await rest(sync)
    expect(pages).toHaveLength(MAX_SYNC_WINDOW)
    expect(pages[0].window).toBe(MAX_SYNC_WINDOW)
  })

  it('an ack that does not decode, or is longer than one can be, ends that session; the server goes on serving', async () => {
    for (const bad of [new Uint8Array([0xff, 0xff, 0xff]), new Uint8Array(40).fill(0x08)]) {
      const sync = await openWindowed(s, since, 1)
      await sync.read()
      await sync.send(bad)
      await expect(rest(sync)).rejects.toThrow()
    }
    expect(seqs(await pull(s, since))).toEqual(seqs(all))
  })
})

describe('a catch-up larger than the read buffer', () => {
  it('a new member reads the whole log in one session', { timeout: 180_000 }, async () => {
    const [a, b, c] = await createMesh(3, { start: false, env: { AIOS_COMM_LOG: 'debug' } })
    const now = Date.now()
    seedHistory(a, b, { count: 4000, firstMs: now - 300 * DAY, stepMs: 3_600_000, bodyBytes: 200, final: () => 'COMPLETE' })
    const logBytes = query(a.home, 'SELECT sum(length(bytes)) AS n FROM facts')[0].n as number
    expect(logBytes).toBeGreaterThan(2 * 4 * 1024 * 1024) // twice the 4 MiB read buffer a stream has by default
    const head = query(a.home, 'SELECT max(seq) AS s FROM facts')[0].s as number
    await a.daemon.start()
    const ended: string[] = [] // c's sync sessions with a that ended, by c's log
    spawnWatchingLog(c, l => { if (l.includes('"msg":"sync session ended"') && l.includes(a.daemon.peerId)) ended.push(l) })
    await waitFor('c has read a\'s log to its head', () => query(c.home, 'SELECT seq FROM peer_checkpoints WHERE peer_id = ?', a.daemon.peerId)[0]?.seq ?? 0, s => s >= head, 150_000)
    expect(ended).toEqual([])
    const sync = (await c.daemon.call('peers')).find((p: { peerId: string }) => p.peerId === a.daemon.peerId)?.sync
    expect(sync?.caughtUpAt).toEqual(expect.any(String))
    expect(sync?.ended, 'sessions with a that ended').toBeUndefined()
    expect(query(c.home, "SELECT count(*) AS n FROM facts WHERE kind = 'receipt'")[0].n).toBe(query(a.home, "SELECT count(*) AS n FROM facts WHERE kind = 'receipt'")[0].n)
  })
})

describe('a server from before the window', () => {
  it('is sent no acks, while a page that says the server keeps a window is acked', async () => {
    const [a, b] = await createMesh(2)
    await b.daemon.stop()
    const rogue = await rawPeer(b.home) // b's node key: a trusts it and pulls its fact log
    const rogueId = rogue.peerId.toString()
    const pages = (): number => a.daemon.stderr.split('\n').filter(l => l.includes(rogueId) && l.includes('"msg":"facts refused"')).length
    const bad = (seq: number): FactData => ({ seq, kind: 'receipt', envelope: new Uint8Array(randomBytes(64)) }) // refused: a page a applied
    const served = new Promise<{ window?: number, acks: number }>((resolve, reject) => {
      void rogue.handle(SYNC_PROTOCOL, stream => {
        void (async () => {
          const lp = lpStream(stream)
          const req = syncRequestFromWire((await lp.read()).subarray())
          await lp.write(syncPageToWire({ facts: [bad(1)], head: 2, done: false })) // no window: a server that reads no acks
          await waitFor('a applied the first page', pages, n => n >= 1)
          await lp.write(syncPageToWire({ facts: [bad(2)], head: 2, done: true, window: SYNC_WINDOW }))
          syncAckFromWire((await lp.read()).subarray()) // the first frame after the request: an ack
          await stream.close() // a reads to the end and ends its session: anything it sent before is read below
          let acks = 1
          try {
            for (;;) {
              syncAckFromWire((await lp.read()).subarray())
              acks++
            }
          } catch {}
          resolve({ window: req.window, acks })
        })().catch(reject)
      })
    })
    const pid = peerIdFromString(a.daemon.peerId)
    await rogue.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${a.port}`)] })
    await rogue.dial(pid)
    expect(await served).toEqual({ window: SYNC_WINDOW, acks: 1 })
    // the session that ended (the rogue closed its side) is counted in the peer's sync figures, with how it ended
    const sync = async (): Promise<{ ended?: number, lastEnd?: { error: string } } | undefined> => (await a.daemon.call('peers')).find((p: { peerId: string }) => p.peerId === rogueId)?.sync
    await waitFor('a counts the session that ended', async () => (await sync())?.ended ?? 0, n => n >= 1)
    expect((await sync())?.lastEnd?.error).toMatch(/EOF/)
  }, 60_000)
})
