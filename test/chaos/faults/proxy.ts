// A loopback TCP proxy that stands between a daemon and its peers (the daemon announces the proxy's port), and
// can cut (reset every connection and refuse new ones), blackhole (stall every byte both ways, as a silent
// network does; nothing is dropped, TCP would retransmit) or heal.
import { createConnection, createServer, type Server, type Socket } from 'node:net'

export type ProxyMode = 'open' | 'cut' | 'blackhole'

interface Pair { client: Socket, upstream?: Socket }

export class TcpProxy {
  mode: ProxyMode = 'open'
  private readonly pairs = new Set<Pair>()
  private server?: Server
  port = 0

  constructor (readonly targetPort: number, readonly host = '127.0.0.1') {}

  async listen (port = 0): Promise<number> {
    const server = this.server = createServer(client => this.accept(client))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, this.host, () => resolve())
    })
    this.port = (server.address() as { port: number }).port
    return this.port
  }

  private accept (client: Socket): void {
    if (this.mode === 'cut') {
      client.resetAndDestroy()
      return
    }
    const pair: Pair = { client }
    this.pairs.add(pair)
    const drop = (): void => {
      this.pairs.delete(pair)
      client.destroy()
      pair.upstream?.destroy()
    }
    client.on('error', drop).on('close', drop)
    if (this.mode === 'blackhole') client.pause()
    else this.connect(pair, drop)
  }

  private connect (pair: Pair, drop: () => void): void {
    const upstream = pair.upstream = createConnection(this.targetPort, this.host)
    upstream.on('error', drop).on('close', drop)
    pair.client.pipe(upstream)
    upstream.pipe(pair.client)
    pair.client.resume()
  }

  /** Every connection reset, every new one refused, until heal(). */
  cut (): void {
    this.mode = 'cut'
    for (const p of this.pairs) {
      p.client.resetAndDestroy()
      p.upstream?.resetAndDestroy()
    }
    this.pairs.clear()
  }

  /** The client side of each connection held now: a test waits for a dialer's to arrive, or to end. */
  clients (): Socket[] {
    return [...this.pairs].map(p => p.client)
  }

  /** Every byte held where it is (no reads), new connections accepted but not answered, until heal(). */
  blackhole (): void {
    this.mode = 'blackhole'
    for (const p of this.pairs) {
      p.client.pause()
      p.upstream?.pause()
    }
  }

  heal (): void {
    const was = this.mode
    this.mode = 'open'
    if (was !== 'blackhole') return
    for (const p of this.pairs) {
      if (p.upstream === undefined) {
        this.connect(p, () => {
          this.pairs.delete(p)
          p.client.destroy()
          p.upstream?.destroy()
        })
      } else {
        p.client.resume()
        p.upstream.resume()
      }
    }
  }

  async close (): Promise<void> {
    this.cut()
    await new Promise<void>(resolve => this.server?.close(() => resolve()) ?? resolve())
  }
}
