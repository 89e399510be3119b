// The A2A 1.0 bridge: a loopback server (LoopbackHttp: loopback Host, no foreign Origin, JSON writes) serving each
// local seat's signed card and a JSON-RPC endpoint per seat; with a token, only callers holding a2a.token get in.
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { MeshError, type CardSecurity } from '../../cards/index.js'
import type { RouteTable } from '../control/index.js'
import { authorize, ensureToken, LoopbackHttp, refuseUnauthorized, sendJson } from '../observe/index.js'
import type { Logger } from '../runtime/log.js'
import { JSONRPC_BINDING, MAX_RPC_BYTES, RPC, TOKEN_FILE, WELL_KNOWN } from './constants.js'
import { dispatch } from './rpc.js'
import { tokenSecurity } from './security.js'
import { NODE_CALLER, type Caller } from '../access/index.js'

export interface BridgeOptions {
  port: number
  host?: string
  /** The seat that sends bridged messages; undefined: the only local seat. */
  as?: string
  /** Require `Authorization: Bearer <a2a.token>` on every JSON-RPC call (off by default). */
  token?: boolean
}

export interface BridgeDeps {
  /** The home, where a2a.token lives. */
  home: string
  routes: Pick<RouteTable, 'notify' | 'status'>
  /** The exact signed card JSON of a hosted seat, or undefined when the handle is not hosted here. */
  cardJson: (handle: string) => string | undefined
  /** The hosted seats, for the root well-known card. */
  seats: () => string[]
  log: Logger
}

const SEAT_PATH = /^\/a2a\/([a-z0-9][a-z0-9._-]*)(\/\.well-known\/agent-card\.json)?$/

export class A2ABridge {
  private readonly http: LoopbackHttp
  private token?: string

  /** A2A_NOT_LOOPBACK for a host that is not a loopback name: the bridge never faces a network. */
  constructor (private readonly opts: BridgeOptions, private readonly deps: BridgeDeps) {
    this.http = new LoopbackHttp('a2a', opts.port, opts.host, async (req, res) => await this.handle(req, res))
  }

  /** Creates a2a.token when the token is on and missing, then listens. */
  async start (): Promise<void> {
    if (this.opts.token === true) this.token ??= ensureToken(this.tokenPath)
    await this.http.start()
  }

  async stop (): Promise<void> {
    await this.http.stop()
  }

  /** The base URL it listens on, e.g. http://127.0.0.1:7734. */
  get baseUrl (): string {
    return this.http.baseUrl
  }

  /** The token file when the token is required. */
  get tokenPath (): string {
    return join(this.deps.home, TOKEN_FILE)
  }

  /** The extra interface a seat's card declares while the bridge runs. */
  interfaces (handle: string): Array<{ url: string, protocolBinding: string }> {
    return this.baseUrl === '' ? [] : [{ url: `${this.baseUrl}/a2a/${handle}`, protocolBinding: JSONRPC_BINDING }]
  }

  /** What a seat's card declares about authentication while the bridge runs: the token scheme when it is on. */
  security (): CardSecurity | undefined {
    return this.baseUrl === '' || this.token === undefined ? undefined : tokenSecurity()
  }

  /** The seat behind the root well-known card: the only seat, or the only one besides the bridge's sender. */
  private rootSeat (seats: string[]): string | undefined {
    const others = seats.filter(s => s !== this.opts.as)
    return others.length === 1 ? others[0] : seats.length === 1 ? seats[0] : undefined
  }

  private async handle (req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const m = SEAT_PATH.exec(path)
    const isCard = path === WELL_KNOWN || m?.[2] !== undefined
    // cards are public (a client reads the security scheme there); everything else needs the token when it is on
    if (!isCard && this.token !== undefined && refuseUnauthorized(res, authorize(req.headers.authorization, this.token), 'A2A', TOKEN_FILE)) return
    const seats = this.deps.seats()
    const seat = path === WELL_KNOWN ? this.rootSeat(seats) : m?.[1]
    const card = seat === undefined ? undefined : this.deps.cardJson(seat)
    if (card === undefined || seat === undefined) {
      const known = seats.map(s => `/a2a/${s}${WELL_KNOWN}`).join(', ')
      return sendJson(res, 404, { error: { code: 'ACTOR_NOT_LOCAL', message: `no seat is served at ${path}; cards: ${known}` } })
    }
    if (isCard) {
      if (req.method !== 'GET') return sendJson(res, 405, { error: { code: 'BAD_REQUEST', message: 'GET the card' } })
      res.writeHead(200, { 'content-type': 'application/json' }).end(card) // the exact signed bytes
      return
    }
    if (req.method !== 'POST') return sendJson(res, 405, { error: { code: 'BAD_REQUEST', message: 'POST a JSON-RPC request' } })
    let body: unknown
    try {
      body = JSON.parse(await readBody(req))
    } catch (err) {
      const big = err instanceof MeshError
      return sendJson(res, big ? 413 : 200, { jsonrpc: '2.0', id: null, error: { code: big ? RPC.invalidRequest : RPC.parse, message: big ? `${err.code}: ${err.message}` : 'PARSE_ERROR: the body is not JSON', data: { code: big ? err.code : 'PARSE_ERROR' } } })
    }
    const answer = await dispatch({ routes: this.deps.routes, as: this.opts.as, caller: callerOf(req) }, seat, body)
    if ('error' in answer) this.deps.log.info('a2a request refused', { seat, error: (answer.error as { message: string }).message })
    sendJson(res, 200, answer)
  }
}

/** The bridge sends as its seat: when that seat is isolated, the A2A client presents its token in this header. */
export const SEAT_TOKEN_HEADER = 'x-aios-seat-token'

function callerOf (req: IncomingMessage): Caller {
  const token = req.headers[SEAT_TOKEN_HEADER]
  return typeof token === 'string' && token !== '' ? { via: 'node', seatToken: token } : NODE_CALLER
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
