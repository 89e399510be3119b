// The A2A 1.0 bridge: a node:http server on loopback serving each local seat's signed card and a JSON-RPC endpoint per seat.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { MeshError } from '../../cards/index.js'
import type { Route } from '../control/server.js'
import type { Logger } from '../runtime/log.js'
import { JSONRPC_BINDING, LOOPBACK_HOSTS, MAX_RPC_BYTES, RPC, WELL_KNOWN } from './constants.js'
import { dispatch } from './rpc.js'
import { NODE_CALLER, type Caller } from '../access/index.js'

export interface BridgeOptions {
  port: number
  host?: string
  /** The seat that sends bridged messages; undefined: the only local seat. */
  as?: string
}

export interface BridgeDeps {
  routes: Record<string, Route>
  /** The exact signed card JSON of a hosted seat, or undefined when the handle is not hosted here. */
  cardJson: (handle: string) => string | undefined
  /** The hosted seats, for the root well-known card. */
  seats: () => string[]
  log: Logger
}

const SEAT_PATH = /^\/a2a\/([a-z0-9][a-z0-9._-]*)(\/\.well-known\/agent-card\.json)?$/

export class A2ABridge {
  private server?: Server
  private starting?: Promise<void>
  private url = ''

  constructor (private readonly opts: BridgeOptions, private readonly deps: BridgeDeps) {
    const host = opts.host ?? '127.0.0.1'
    if (!LOOPBACK_HOSTS.has(host)) throw new MeshError('A2A_NOT_LOOPBACK', `the A2A bridge listens on loopback only (127.0.0.1, ::1 or localhost), not ${host}; it has no authentication`)
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

  /** The base URL it listens on, e.g. http://127.0.0.1:7734. */
  get baseUrl (): string {
    return this.url
  }

  /** The extra interface a seat's card declares while the bridge runs. */
  interfaces (handle: string): Array<{ url: string, protocolBinding: string }> {
    return this.url === '' ? [] : [{ url: `${this.url}/a2a/${handle}`, protocolBinding: JSONRPC_BINDING }]
  }

  private async listen (): Promise<void> {
    const host = this.opts.host ?? '127.0.0.1'
    const server = createServer((req, res) => { void this.handle(req, res) })
    await new Promise<void>((resolve, reject) => {
      server.once('error', err => reject(new MeshError('A2A_LISTEN_FAILED', `the A2A bridge cannot listen on ${host}:${this.opts.port}: ${err.message}`, { cause: err })))
      server.listen(this.opts.port, host, () => resolve())
    })
    const addr = server.address()
    const port = typeof addr === 'object' && addr !== null ? addr.port : this.opts.port
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    this.server = server
  }

  /** The seat behind the root well-known card: the only seat, or the only one besides the bridge's sender. */
  private rootSeat (seats: string[]): string | undefined {
    const others = seats.filter(s => s !== this.opts.as)
    return others.length === 1 ? others[0] : seats.length === 1 ? seats[0] : undefined
  }

  private async handle (req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const seats = this.deps.seats()
    const m = SEAT_PATH.exec(path)
    const seat = path === WELL_KNOWN ? this.rootSeat(seats) : m?.[1]
    const card = seat === undefined ? undefined : this.deps.cardJson(seat)
    if (card === undefined || seat === undefined) {
      const known = seats.map(s => `/a2a/${s}${WELL_KNOWN}`).join(', ')
      return send(res, 404, { error: { code: 'ACTOR_NOT_LOCAL', message: `no seat is served at ${path}; cards: ${known}` } })
    }
    if (path === WELL_KNOWN || m?.[2] !== undefined) {
      if (req.method !== 'GET') return send(res, 405, { error: { code: 'BAD_REQUEST', message: 'GET the card' } })
      res.writeHead(200, { 'content-type': 'application/json' }).end(card) // the exact signed bytes
      return
    }
    if (req.method !== 'POST') return send(res, 405, { error: { code: 'BAD_REQUEST', message: 'POST a JSON-RPC request' } })
    let body: unknown
    try {
      body = JSON.parse(await readBody(req))
    } catch (err) {
      const big = err instanceof MeshError
      return send(res, big ? 413 : 200, { jsonrpc: '2.0', id: null, error: { code: big ? RPC.invalidRequest : RPC.parse, message: big ? `${err.code}: ${err.message}` : 'PARSE_ERROR: the body is not JSON', data: { code: big ? err.code : 'PARSE_ERROR' } } })
    }
    const answer = await dispatch({ routes: this.deps.routes, as: this.opts.as, caller: callerOf(req) }, seat, body)
    if ('error' in answer) this.deps.log.info('a2a request refused', { seat, error: (answer.error as { message: string }).message })
    send(res, 200, answer)
  }
}

/** The bridge sends as its seat: when that seat is isolated, the A2A client presents its token in this header. */
export const SEAT_TOKEN_HEADER = 'x-aios-seat-token'

function callerOf (req: IncomingMessage): Caller {
  const token = req.headers[SEAT_TOKEN_HEADER]
  return typeof token === 'string' && token !== '' ? { via: 'node', seatToken: token } : NODE_CALLER
}

function send (res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody (req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const c of req) {
    size += (c as Buffer).byteLength
    if (size > MAX_RPC_BYTES) throw new MeshError('MESSAGE_TOO_LARGE', `the request exceeds ${MAX_RPC_BYTES} bytes; send a path to a file instead`)
    chunks.push(c as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
