// Liveness pings (daemon/net/liveness.ts) on real libp2p nodes: each connection is pinged at a phase of its own, not
// all in one turn; a connection has one ping at a time, so a late answer inside the timeout keeps it open; a peer that
// never answers loses its connection once the timeout has passed; a connection pings on one stream while the other
// end keeps it, and takes a new one when the other end ends it. Short intervals here; the daemon's are constants.
import '../../../daemon/runtime/polyfill.js'
import { afterEach, describe, expect, it } from 'vitest'
import { byteStream } from '@libp2p/utils'
import type { Connection, Stream } from '@libp2p/interface'
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { tls } from '@libp2p/tls'
import { yamux } from '@libp2p/yamux'
import { ping } from '@libp2p/ping'
import { Liveness, PING_PROTOCOL } from '../../../daemon/net/liveness.js'

const INTERVAL_MS = 1000
const TIMEOUT_MS = 3000

let nodes: Libp2p[] = []
let monitors: Liveness[] = []
afterEach(async () => {
  for (const m of monitors) m.stop()
  await Promise.all(nodes.map(async n => await n.stop()))
  nodes = []
  monitors = []
})

/** A libp2p node with ping and nothing else that pings (no DHT, no connection monitor), so every ping counted is the monitor's. */
async function node (): Promise<Libp2p> {
  const n = await createLibp2p({
    addresses: { listen: ['/ip4/127.0.0.1/tcp/0'] },
    transports: [tcp()],
    connectionEncrypters: [tls()],
    streamMuxers: [yamux()],
    services: { ping: ping({ maxInboundStreams: 8 }) },
    connectionMonitor: { enabled: false }
  })
  nodes.push(n)
  return n
}

/** `a` connected to each of `peers`, and a monitor with the test's interval on `a`. */
async function pinging (a: Libp2p, peers: Libp2p[]): Promise<Connection[]> {
  const conns = await Promise.all(peers.map(async p => await a.dial(p.getMultiaddrs()[0])))
  const m = new Liveness({ connectionManager: { getConnections: () => a.getConnections() } }, { intervalMs: INTERVAL_MS, timeoutMs: TIMEOUT_MS })
  m.start()
  monitors.push(m)
  return conns
}

/** Replaces `p`'s ping handler with `answer`, which gets each ping stream. */
async function answering (p: Libp2p, answer: (s: Stream) => Promise<void>): Promise<void> {
  await p.unhandle(PING_PROTOCOL)
  await p.handle(PING_PROTOCOL, stream => { void answer(stream).catch(() => {}) }, { maxInboundStreams: 8 })
}

async function echo (stream: Stream, delayMs = 0): Promise<void> {
  const bytes = byteStream(stream)
  const payload = (await bytes.read({ bytes: 32 })).subarray()
  if (delayMs > 0) await new Promise(resolve => setTimeout(resolve, delayMs))
  await bytes.write(payload)
  await stream.close()
}

describe('liveness pings', () => {
  it('each connection is pinged at a phase of its own, and its RTT is known after', async () => {
    const a = await node()
    const peers = await Promise.all(Array.from({ length: 8 }, async () => await node()))
    const first = new Map<number, number>() // peer index → when its first ping came
    let all!: () => void
    const done = new Promise<void>(resolve => { all = resolve })
    await Promise.all(peers.map(async (p, i) => await answering(p, async s => {
      if (!first.has(i)) first.set(i, performance.now())
      if (first.size === peers.length) all()
      await echo(s)
    })))
    const conns = await pinging(a, peers)
    await done
    const times = [...first.values()]
    // at random phases over a 1 s interval, 8 first pings within a quarter of it of each other: p ≈ 0.0005
    expect(Math.max(...times) - Math.min(...times), 'spread of the first pings (ms)').toBeGreaterThan(INTERVAL_MS / 4)
    await expect.poll(() => conns.filter(c => typeof c.rtt === 'number').length, { timeout: 3 * INTERVAL_MS }).toBe(conns.length)
    expect(conns.every(c => c.status === 'open')).toBe(true)
  })

  it('one ping at a time: an answer later than the interval, inside the timeout, keeps the connection', async () => {
    const [a, b] = [await node(), await node()]
    let open = 0
    let most = 0
    let answered = 0
    await answering(b, async s => {
      most = Math.max(most, ++open)
      try {
        await echo(s, 1.5 * INTERVAL_MS)
        answered++
      } finally {
        open--
      }
    })
    const [conn] = await pinging(a, [b])
    await expect.poll(() => answered, { timeout: 4 * TIMEOUT_MS }).toBeGreaterThanOrEqual(2)
    expect(most, 'ping streams open at once').toBe(1)
    expect(conn.status).toBe('open')
  })

  it('a peer that never answers loses its connection once the timeout has passed', async () => {
    const [a, b] = [await node(), await node()]
    let asked = 0
    await answering(b, async s => {
      asked++
      await byteStream(s).read({ bytes: 32 }) // and nothing back
    })
    const [conn] = await pinging(a, [b])
    const closed = new Promise<number>(resolve => { conn.addEventListener('close', () => { resolve(performance.now()) }, { once: true }) })
    const pinged = await expect.poll(() => asked, { timeout: 2 * INTERVAL_MS + 1000 }).toBeGreaterThan(0).then(() => performance.now())
    const at = await closed
    expect(at - pinged, 'closed after the ping timed out').toBeGreaterThanOrEqual(TIMEOUT_MS - 100)
    expect(a.getConnections(b.peerId).length).toBe(0)
  })

  it('a connection pings on one stream while the other end keeps it open', async () => {
    const [a, b] = [await node(), await node()]
    let streams = 0
    let answered = 0
    await answering(b, async s => {
      streams++
      const bytes = byteStream(s)
      for (;;) {
        const payload = await bytes.read({ bytes: 32 }) // throws once the stream ends
        await bytes.write(payload)
        answered++
      }
    })
    const [conn] = await pinging(a, [b])
    await expect.poll(() => answered, { timeout: 6 * INTERVAL_MS }).toBeGreaterThanOrEqual(4)
    expect(streams, 'ping streams opened for 4 pings').toBe(1)
    expect(conn.status).toBe('open')
  })

  it('libp2p\'s own ping handler answers every ping of a kept stream', async () => {
    const [a, b] = [await node(), await node()]
    const [conn] = await pinging(a, [b])
    // counted on the real connection: the streams it opens for ping, and each RTT that a ping sets
    let opened = 0
    let pings = 0
    const newStream = conn.newStream.bind(conn)
    conn.newStream = async (...args: Parameters<Connection['newStream']>) => {
      if (args[0] === PING_PROTOCOL) opened++
      return await newStream(...args)
    }
    let rtt: number | undefined
    Object.defineProperty(conn, 'rtt', { get: () => rtt, set: (v: number) => { rtt = v; pings++ } })
    await expect.poll(() => pings, { timeout: 6 * INTERVAL_MS }).toBeGreaterThanOrEqual(4)
    expect(opened, 'ping streams opened for 4 pings (libp2p\'s handler keeps one for 10 s)').toBe(1)
    expect(conn.streams.filter(s => s.protocol === PING_PROTOCOL).length).toBe(1)
    expect(conn.status).toBe('open')
  })

  it('a kept stream that the other end resets at the next ping is replaced, and the connection stays', async () => {
    const [a, b] = [await node(), await node()]
    let streams = 0
    let answered = 0
    await answering(b, async s => {
      streams++
      const bytes = byteStream(s)
      await bytes.write(await bytes.read({ bytes: 32 }))
      answered++
      await bytes.read({ bytes: 32 }) // the next ping on this stream: reset instead of an answer
      s.abort(new Error('this end ends its ping streams after one ping'))
    })
    const [conn] = await pinging(a, [b])
    await expect.poll(() => answered, { timeout: 6 * INTERVAL_MS }).toBeGreaterThanOrEqual(3)
    expect(streams).toBeGreaterThanOrEqual(3)
    expect(conn.status).toBe('open')
    expect(a.getConnections(b.peerId).length).toBe(1)
  })
})
