// Liveness: every connection is pinged once per PING_INTERVAL_MS and dropped when a ping goes unanswered for
// PING_TIMEOUT_MS, as libp2p's connection monitor does, but each connection at a phase of its own (drawn at random
// when it is first seen) and with one ping at a time. libp2p's monitor pings every connection in the same turn of
// one interval timer: a daemon with 29 peers opened 29 streams at once every 10 s, and daemons started together
// (a machine's boot, the bench's mesh) stayed in step, so all of them did so in the same second and a receipt that
// came then waited behind the whole mesh's pings (docs/DECISIONS.md "Liveness"). A connection keeps its ping stream
// from one ping to the next while the other end keeps it open (the ping protocol echoes every 32 bytes a stream
// carries): a new stream costs a multistream-select exchange and a peer store merge at each end, which made an idle
// daemon's pings most of its CPU.
import type { Connection, Stream } from '@libp2p/interface'
import { byteStream, type ByteStream } from '@libp2p/utils'

export const PING_PROTOCOL = '/ipfs/ping/1.0.0'
const PING_BYTES = 32
const TICKS_PER_INTERVAL = 20 // how finely the pings of one interval are spread

interface Held { stream: Stream, bytes: ByteStream<Stream> }

export interface LivenessComponents {
  connectionManager: { getConnections: () => Connection[] }
}

export interface LivenessInit {
  intervalMs: number
  timeoutMs: number
}

export class Liveness {
  private timer?: NodeJS.Timeout
  private readonly due = new WeakMap<Connection, number>()
  private readonly inFlight = new WeakSet<Connection>()
  /** Each connection's ping stream between its pings. */
  private readonly held = new WeakMap<Connection, Held>()
  private readonly controller = new AbortController()

  constructor (private readonly components: LivenessComponents, private readonly init: LivenessInit) {}

  readonly [Symbol.toStringTag] = 'aios-comm/liveness'

  start (): void {
    this.timer = setInterval(() => { this.tick() }, Math.max(1, Math.floor(this.init.intervalMs / TICKS_PER_INTERVAL)))
    this.timer.unref()
  }

  stop (): void {
    clearInterval(this.timer)
    this.controller.abort()
  }

  /** Pings the connections whose turn has come; a connection seen for the first time gets its phase. */
  private tick (): void {
    const now = performance.now()
    for (const c of this.components.connectionManager.getConnections()) {
      const due = this.due.get(c)
      if (due === undefined) {
        this.due.set(c, now + Math.random() * this.init.intervalMs)
        continue
      }
      if (now < due || this.inFlight.has(c) || c.status !== 'open') continue
      this.due.set(c, due + this.init.intervalMs * Math.max(1, Math.ceil((now - due) / this.init.intervalMs)))
      this.inFlight.add(c)
      void this.ping(c).finally(() => this.inFlight.delete(c))
    }
  }

  private async ping (c: Connection): Promise<void> {
    const signal = AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.init.timeoutMs)])
    const kept = this.held.get(c)
    this.held.delete(c)
    let fresh: Held | undefined
    let start = Date.now()
    try {
      if (kept !== undefined && usable(kept.stream)) {
        try {
          await this.echo(c, kept, signal)
          return
        } catch (err) {
          kept.stream.abort(err as Error)
          if (signal.aborted) throw err // unanswered within the timeout, or stopping: as any failed ping
          // the other end ended it as this ping began (a ping handler gives each stream a lifetime): a new one is asked
        }
      } else {
        // ended at the other end: dropped here too, or it would count against the outbound streams ping allows
        kept?.stream.abort(new Error('the other end closed this ping stream'))
      }
      const stream = await c.newStream(PING_PROTOCOL, { signal, runOnLimitedConnection: true })
      // the other end is done with it (one ping per stream, or its lifetime is over): closed here too, at once
      stream.addEventListener('remoteCloseWrite', () => { void stream.close().catch(() => {}) }, { once: true })
      fresh = { stream, bytes: byteStream(stream) }
      start = Date.now()
      await this.echo(c, fresh, signal)
    } catch (err) {
      fresh?.stream.abort(err as Error)
      if (this.controller.signal.aborted) return // stopping
      if ((err as Error).name === 'UnsupportedProtocolError') {
        c.rtt = (Date.now() - start) / 2 // it answered multistream-select (two round trips): alive
        return
      }
      c.abort(err as Error)
    }
  }

  /** One ping on `h`: 32 random bytes, the same 32 back; the stream is kept for the next ping. */
  private async echo (c: Connection, h: Held, signal: AbortSignal): Promise<void> {
    const start = Date.now()
    const payload = crypto.getRandomValues(new Uint8Array(PING_BYTES))
    const [, back] = await Promise.all([h.bytes.write(payload, { signal }), h.bytes.read({ bytes: PING_BYTES, signal })])
    if (Buffer.compare(back.subarray(), payload) !== 0) throw new Error('the ping came back changed')
    c.rtt = Date.now() - start
    if (!this.controller.signal.aborted) this.held.set(c, h)
  }
}

/** A ping stream is used again while both of its ends are open for writing. */
function usable (s: Stream): boolean {
  return s.status === 'open' && s.writeStatus === 'writable' && s.remoteWriteStatus === 'writable'
}
