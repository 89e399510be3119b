// A node:http server that listens on loopback only and hands its handler only requests that pass the guard: a
// loopback Host, no foreign Origin, JSON on writes. Shared by the metrics endpoint, the web page and the A2A bridge.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { MeshError } from '../../cards/index.js'
import { LOOPBACK_HOSTS, refusal } from './request-guard.js'

export { LOOPBACK_HOSTS }

/** METRICS_NOT_LOOPBACK, UI_NOT_LOOPBACK, A2A_NOT_LOOPBACK: a local surface never faces a network. */
export function requireLoopback (what: LocalSurface, host: string | undefined): void {
  if (host !== undefined && !LOOPBACK_HOSTS.has(host)) {
    throw new MeshError(`${upper(what)}_NOT_LOOPBACK`, `the ${what} server listens on loopback only (127.0.0.1, ::1 or localhost), not ${host}`)
  }
}

/** The local HTTP surfaces; each names its own codes. */
export type LocalSurface = 'metrics' | 'ui' | 'a2a'

const upper = <S extends string>(s: S): Uppercase<S> => s.toUpperCase() as Uppercase<S> // toUpperCase is typed string

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void

/**
 * Bounds on what any local process may hold of a surface before a check has said anything: a connection is accepted
 * before its Host, Origin or token is read, so each surface takes at most MAX_CONNECTIONS (more are closed as they
 * come) and a request's headers must be in within HEADERS_TIMEOUT_MS, the whole request within REQUEST_TIMEOUT_MS
 * (an event stream's response is not bounded by either). Without them a process opening sockets and sending nothing
 * used up the daemon's file descriptors, and its control socket with them.
 */
export const MAX_CONNECTIONS = 128
export const HEADERS_TIMEOUT_MS = 10_000
export const REQUEST_TIMEOUT_MS = 30_000
const CONNECTIONS_CHECK_MS = 2_000 // how often node:http looks for requests past those times

export class LoopbackHttp {
  private server?: Server
  private starting?: Promise<void>
  private url = ''
  private boundPort = 0

  /** what: 'metrics', 'ui' or 'a2a', the code prefix: a non-loopback host is METRICS_NOT_LOOPBACK, and so on. */
  constructor (private readonly what: LocalSurface, private readonly port: number, private readonly host = '127.0.0.1', private readonly handler: Handler) {
    requireLoopback(what, host)
  }

  async start (): Promise<void> {
    this.starting ??= this.listen()
    await this.starting
  }

  async stop (): Promise<void> {
    const s = this.server
    this.server = undefined
    if (s === undefined) return
    s.closeAllConnections()
    await new Promise<void>(resolve => s.close(() => resolve()))
  }

  get baseUrl (): string {
    return this.url
  }

  private async listen (): Promise<void> {
    const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
      (req, res) => { void this.serve(req, res) })
    server.maxConnections = MAX_CONNECTIONS
    await new Promise<void>((resolve, reject) => {
      server.once('error', err => reject(new MeshError(`${upper(this.what)}_LISTEN_FAILED`, `the ${this.what} server cannot listen on ${this.host}:${this.port}: ${err.message}`, { cause: err })))
      server.listen(this.port, this.host, () => resolve())
    })
    const addr = server.address()
    const port = this.boundPort = typeof addr === 'object' && addr !== null ? addr.port : this.port
    this.url = `http://${this.host.includes(':') ? `[${this.host}]` : this.host}:${port}`
    this.server = server
  }

  private async serve (req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = refusal(req.method, req.headers, this.boundPort)
    if (refused !== undefined) {
      sendJson(res, refused.status, { error: { code: refused.code, message: refused.message } })
      return
    }
    try {
      await this.handler(req, res)
    } catch (err) {
      const code = err instanceof MeshError ? err.code : 'INTERNAL'
      if (!res.headersSent) sendJson(res, code === 'INTERNAL' ? 500 : 400, { error: { code, message: (err as Error).message.split('\n')[0] } })
      else res.destroy()
    }
  }
}

export function sendJson (res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body))
}
