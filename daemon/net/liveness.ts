// Liveness: every connection is pinged once per PING_INTERVAL_MS and dropped when a ping goes unanswered for
// PING_TIMEOUT_MS, as libp2p's connection monitor does, but each connection at a phase of its own (drawn at random
// when it is first seen) and with one ping at a time. libp2p's monitor pings every connection in the same turn of
// one interval timer: a daemon with 29 peers opened 29 streams at once every 10 s, and daemons started together
// (a machine's boot, the bench's mesh) stayed in step, so all of them did so in the same second and a receipt that
// came then waited behind the whole mesh's pings (docs/DECISIONS.md "Liveness").
import type { Connection } from '@libp2p/interface'
import { byteStream } from '@libp2p/utils'

export const PING_PROTOCOL = '/ipfs/ping/1.0.0'
const PING_BYTES = 32
const TICKS_PER_INTERVAL = 20 // how finely the pings of one interval are spread

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
    let stream
    let start = Date.now()
    try {
      stream = await c.newStream(PING_PROTOCOL, { signal, runOnLimitedConnection: true })
      const bytes = byteStream(stream)
      start = Date.now()
      const payload = crypto.getRandomValues(new Uint8Array(PING_BYTES))
      const [, echo] = await Promise.all([bytes.write(payload, { signal }), bytes.read({ bytes: PING_BYTES, signal })])
      if (Buffer.compare(echo.subarray(), payload) !== 0) throw new Error('the ping came back changed')
      c.rtt = Date.now() - start
      await stream.close({ signal })
    } catch (err) {
      stream?.abort(err as Error)
      if (this.controller.signal.aborted) return // stopping
      if ((err as Error).name === 'UnsupportedProtocolError') {
        c.rtt = (Date.now() - start) / 2 // it answered multistream-select (two round trips): alive
        return
      }
      c.abort(err as Error)
    }
  }
}
