// A node:http server that listens on loopback only and answers only requests addressed to loopback names (a web
// page elsewhere cannot reach it through DNS rebinding). Shared by the metrics endpoint and the web page.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { MeshError } from '../../cards/index.js'
import { LOOPBACK_HOSTS } from '../a2a/constants.js'

export { LOOPBACK_HOSTS }

/** METRICS_NOT_LOOPBACK, UI_NOT_LOOPBACK: these servers have no authentication for reading, so they never face a network. */
export function requireLoopback (what: string, host: string | undefined): void {
  if (host !== undefined && !LOOPBACK_HOSTS.has(host)) {
    throw new MeshError(`${what.toUpperCase()}_NOT_LOOPBACK`, `the ${what} server listens on loopback only (127.0.0.1, ::1 or localhost), not ${host}`)
  }
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void

export class LoopbackHttp {
  private server?: Server
  private starting?: Promise<void>
  private url = ''

  /** what: 'metrics' or 'ui', the code prefix: a non-loopback host is METRICS_NOT_LOOPBACK or UI_NOT_LOOPBACK. */
  constructor (private readonly what: string, private readonly port: number, private readonly host = '127.0.0.1', private readonly handler: Handler) {
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
    const server = createServer((req, res) => { void this.serve(req, res) })
    await new Promise<void>((resolve, reject) => {
      server.once('error', err => reject(new MeshError(`${this.what.toUpperCase()}_LISTEN_FAILED`, `the ${this.what} server cannot listen on ${this.host}:${this.port}: ${err.message}`, { cause: err })))
      server.listen(this.port, this.host, () => resolve())
    })
    const addr = server.address()
    const port = typeof addr === 'object' && addr !== null ? addr.port : this.port
    this.url = `http://${this.host.includes(':') ? `[${this.host}]` : this.host}:${port}`
    this.server = server
  }

  private async serve (req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1')
    if (!LOOPBACK_HOSTS.has(host)) {
      sendJson(res, 421, { error: { code: 'HOST_NOT_LOOPBACK', message: `requests must be addressed to a loopback name, not ${host}` } })
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
