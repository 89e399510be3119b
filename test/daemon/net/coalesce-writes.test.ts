// Between two daemon nodes each length-prefixed frame a stream writes travels as one TLS record (one socket write),
// not one record for the yamux header, one for the length prefix and one for the body; and a frame received is not
// answered with a yamux window update of its own (one goes once half the window is used).
import '../../../daemon/runtime/polyfill.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createServer, connect, type Socket } from 'node:net'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream } from '@libp2p/utils'
import { createNode, type MeshNode } from '../../../daemon/net/node.js'

const PROTOCOL = '/aios-comm/test-echo/1'
const EXCHANGES = 20
const WINDOW_EXCHANGES = 100 // enough that the connection's own new streams (each opens with a header-only frame) stay few beside them
const TLS_APPLICATION_DATA = 23
const TLS_RECORD_OVERHEAD = 17 // TLS 1.3: the inner content type and the AEAD tag
const YAMUX_HEADER = 12
const CLIENT_HELLO = Buffer.from([22, 3, 1]) // a handshake record, legacy version TLS 1.0

/** Lets the event loop finish what is under way (the socket writes of the last answer's window update). */
async function idle (): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise(resolve => setImmediate(resolve))
}

async function daemonNode (): Promise<MeshNode> {
  const node = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true })
  await node.start()
  onTestFinished(async () => { await node.stop() })
  return node
}

/** Records the length of each TLS application-data record that crosses a TCP proxy from the dialer to the listener. */
class RecordCounter {
  /** The length of each application-data record, in order. */
  readonly sizes: number[] = []
  private pending = Buffer.alloc(0)
  private started = false
  add (chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk])
    if (!this.started) {
      // multistream-select speaks first in the clear; TLS starts at the ClientHello's record header
      const at = this.pending.indexOf(CLIENT_HELLO)
      if (at < 0) return
      this.pending = this.pending.subarray(at)
      this.started = true
    }
    while (this.pending.length >= 5) {
      const length = this.pending.readUInt16BE(3)
      if (this.pending.length < 5 + length) break
      const type = this.pending[0]
      if (type === TLS_APPLICATION_DATA) this.sizes.push(length)
      this.pending = this.pending.subarray(5 + length)
    }
  }
}

async function proxyTo (port: number, counter: RecordCounter): Promise<number> {
  const sockets: Socket[] = []
  const server = createServer(inbound => {
    const out = connect(port, '127.0.0.1')
    sockets.push(inbound, out)
    inbound.on('data', (b: Buffer) => { counter.add(b); out.write(b) })
    out.on('data', (b: Buffer) => inbound.write(b))
    inbound.on('close', () => out.destroy())
    out.on('close', () => inbound.destroy())
    inbound.on('error', () => {})
    out.on('error', () => {})
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => { for (const s of sockets) s.destroy(); server.close() })
  return (server.address() as { port: number }).port
}

/** Two daemon nodes, the dialer's records to the listener counted, and an echo stream open between them. */
async function echoPair (): Promise<{ counter: RecordCounter, lp: ReturnType<typeof lpStream> }> {
  const a = await daemonNode()
  const b = await daemonNode()
  await b.handle(PROTOCOL, stream => {
    const lp = lpStream(stream)
    void (async () => {
      try {
        for (;;) await lp.write((await lp.read()).subarray())
      } catch {}
    })()
  })
  const counter = new RecordCounter()
  const port = await proxyTo(Number(/\/tcp\/(\d+)/.exec(b.getMultiaddrs()[0].toString())?.[1]), counter)
  const conn = await a.dial(multiaddr(`/ip4/127.0.0.1/tcp/${port}/p2p/${b.peerId.toString()}`), { signal: AbortSignal.timeout(10_000) })
  expect(conn.encryption).toBe('/tls/1.0.0')
  const stream = await a.dialProtocol(b.peerId, PROTOCOL, { signal: AbortSignal.timeout(10_000) })
  return { counter, lp: lpStream(stream) }
}

describe('socket writes per frame', () => {
  it('a frame received is not answered with a window update; one goes once half the window is used', async () => {
    const { counter, lp } = await echoPair()
    const frame = randomBytes(1000)
    await lp.write(frame)
    expect(Buffer.from((await lp.read()).subarray()).equals(frame)).toBe(true)
    const updates = (from: number): number => counter.sizes.slice(from).filter(n => n === YAMUX_HEADER + TLS_RECORD_OVERHEAD).length
    const before = counter.sizes.length
    for (let i = 0; i < WINDOW_EXCHANGES; i++) {
      await idle()
      await lp.write(frame)
      expect(Buffer.from((await lp.read()).subarray()).equals(frame)).toBe(true)
    }
    await idle()
    // js-yamux alone sent one window update (a header-only frame, its own record) for every answer the dialer read
    // (22 for 20 exchanges); a stream the connection opens meanwhile (a ping, identify) opens with one of its own
    expect(updates(before)).toBeLessThan(WINDOW_EXCHANGES / 4)
    // answers of 100 KB each: the dialer's window (256 KiB) is half used by the second, and it says so
    const big = randomBytes(100_000)
    const beforeBig = counter.sizes.length
    for (let i = 0; i < 3; i++) {
      await lp.write(big)
      expect(Buffer.from((await lp.read()).subarray()).equals(big)).toBe(true)
    }
    await idle()
    expect(updates(beforeBig)).toBeGreaterThanOrEqual(1)
  }, 30_000)

  it('a length-prefixed frame and its answer each cross a TLS connection as one record', async () => {
    const { counter, lp } = await echoPair()
    const frame = randomBytes(1000)
    await lp.write(frame)
    expect(Buffer.from((await lp.read()).subarray()).equals(frame)).toBe(true) // the stream is open both ways; count from here
    const before = counter.sizes.length
    for (let i = 0; i < EXCHANGES; i++) {
      await idle() // as a daemon writes a frame: later, with no earlier write of the socket still under way
      await lp.write(frame)
      expect(Buffer.from((await lp.read()).subarray()).equals(frame)).toBe(true)
    }
    // every frame crossed as one record holding yamux's header, the length prefix and the body; without
    // coalescing the header went in a record of its own (and the socket wrote twice)
    const whole = YAMUX_HEADER + 2 + frame.length + TLS_RECORD_OVERHEAD
    expect(counter.sizes.slice(before).filter(n => n === whole)).toHaveLength(EXCHANGES)
  }, 30_000)
})
