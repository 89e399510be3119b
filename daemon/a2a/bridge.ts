// The A2A 1.0 bridge: a loopback server (LoopbackHttp: loopback Host, no foreign Origin, JSON writes) serving each
// local seat's signed card, and per seat the SDK's JSON-RPC and HTTP+JSON bindings (with the 0.3 compatibility
// layer) over a request handler whose tasks are the seat's obligations. With a token, only callers holding
// a2a.token get past the cards. Every check runs before the SDK sees the request.
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { type Express, type RequestHandler } from 'express'
import { AgentCard } from '@a2a-js/sdk'
import { defaultServerCallContextBuilder, type ServerCallContextBuilder } from '@a2a-js/sdk/server'
import { jsonRpcHandler, restHandler } from '@a2a-js/sdk/server/express'
import { toRestErrorBody } from '@a2a-js/sdk/errors'
import type { CardSecurity } from '../../cards/index.js'
import type { RouteTable } from '../control/index.js'
import { authorize, ensureToken, LoopbackHttp, refuseUnauthorized, sendJson } from '../observe/index.js'
import type { Logger } from '../runtime/log.js'
import type { Store } from '../store/index.js'
import { NODE_CALLER, type Caller } from '../access/index.js'
import {
  DEFAULT_STREAM_MS, DEFAULT_WAIT_MS, JSONRPC_BINDING, LEGACY_PROTOCOL_VERSION, MAX_RPC_BYTES, MAX_STREAMS, PROTOCOL_VERSION, REST_BINDING, REST_SUFFIX,
  TOKEN_FILE, WELL_KNOWN
} from './constants.js'
import { a2aError } from './errors.js'
import { CLOSED_KEY } from './executor.js'
import { SeatRequestHandler } from './handler.js'
import type { Relay, ReceiptWatch } from './relay.js'
import { tokenSecurity } from './security.js'
import { withSdkLog } from '../runtime/sdk-log.js'
import { StreamGate } from './stream-gate.js'
import { TaskSource } from './task-store.js'

export interface BridgeOptions {
  port: number
  host?: string
  /** The seat that sends bridged messages; undefined: the only local seat. */
  as?: string
  /** Require `Authorization: Bearer <a2a.token>` on every call but the cards (off by default). */
  token?: boolean
  /** How long a blocking SendMessage waits for a final state (DEFAULT_WAIT_MS). */
  waitMs?: number
  /** How long a stream follows a task (DEFAULT_STREAM_MS). */
  streamMs?: number
}

export interface BridgeDeps {
  /** The home, where a2a.token lives. */
  home: string
  routes: Pick<RouteTable, 'notify' | 'status' | 'cancel'>
  /** The daemon's observation bus: receipts as they are stored. */
  watch: ReceiptWatch
  /** What the tasks are read from (messages for ListTasks, evidence content for the artifact). */
  store: Pick<Store, 'messages' | 'receipts' | 'evidence'>
  /** The exact signed card JSON of a hosted seat, or undefined when the handle is not hosted here. */
  cardJson: (handle: string) => string | undefined
  /** The hosted seats, for the root well-known card. */
  seats: () => string[]
  log: Logger
}

const SEAT_PATH = /^\/a2a\/([a-z0-9][a-z0-9._-]*)(\/\.well-known\/agent-card\.json|\/rest(?:\/.*)?)?$/

/** The bridge sends as its seat: when that seat is isolated, the A2A client presents its token in this header. */
export const SEAT_TOKEN_HEADER = 'x-aios-seat-token'

/** The SDK's user for one request: carries the caller our control routes check. */
class BridgeUser {
  constructor (readonly caller: Caller, readonly isAuthenticated: boolean) {}
  get userName (): string { return '' } // one scope for all: tasks are obligations, whoever asks
}

interface Served { rpc: RequestHandler, rest: RequestHandler }

export class A2ABridge {
  private readonly http: LoopbackHttp
  private readonly app: Express
  private readonly served = new Map<string, Served>()
  private readonly live = new Set<Relay>()
  private readonly streams = new StreamGate(MAX_STREAMS)
  /**
   * Each request's closed signal, by its headers object: the SDK hands a context builder the request's headers (not
   * the request), so this is how the builder finds the signal of the response it serves.
   */
  private readonly closing = new WeakMap<object, AbortSignal>()
  private token?: string

  /** A2A_NOT_LOOPBACK for a host that is not a loopback name: the bridge never faces a network. */
  constructor (private readonly opts: BridgeOptions, private readonly deps: BridgeDeps) {
    this.http = new LoopbackHttp('a2a', opts.port, opts.host, async (req, res) => await this.handle(req, res))
    this.app = this.expressApp()
  }

  /** Creates a2a.token when the token is on and missing, then listens. */
  async start (): Promise<void> {
    if (this.opts.token === true) this.token ??= ensureToken(this.tokenPath)
    await this.http.start()
  }

  /** Ends every stream and blocking wait, then closes the server. */
  async stop (): Promise<void> {
    for (const r of this.live) r.stop()
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

  /** The interfaces a seat's card declares while the bridge runs: JSON-RPC and REST in 1.0, and both again in 0.3. */
  interfaces (handle: string): Array<{ url: string, protocolBinding: string, protocolVersion: string }> {
    if (this.baseUrl === '') return []
    const rpc = `${this.baseUrl}/a2a/${handle}`
    const rest = `${rpc}${REST_SUFFIX}`
    return [
      { url: rpc, protocolBinding: JSONRPC_BINDING, protocolVersion: PROTOCOL_VERSION },
      { url: rest, protocolBinding: REST_BINDING, protocolVersion: PROTOCOL_VERSION },
      { url: rpc, protocolBinding: JSONRPC_BINDING, protocolVersion: LEGACY_PROTOCOL_VERSION },
      { url: rest, protocolBinding: REST_BINDING, protocolVersion: LEGACY_PROTOCOL_VERSION }
    ]
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
    const isCard = path === WELL_KNOWN || m?.[2] === WELL_KNOWN
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
    const rest = m?.[2] !== undefined
    if (req.method !== 'GET' && req.method !== 'HEAD' && !(await this.readBody(req, res, rest))) return
    // 'close' comes when the response is done or the client went away; either way nothing follows the task for it
    const closed = new AbortController()
    res.once('close', () => { closed.abort() })
    this.closing.set(req.headers, closed.signal)
    withSdkLog(this.deps.log, () => { this.app(req, res) })
  }

  /**
   * Reads the body (at most MAX_RPC_BYTES) and hands it to the SDK parsed, as express.json would, so that its own
   * parser (smaller limit) skips it. False when it answered: too large, or not JSON.
   */
  private async readBody (req: IncomingMessage, res: ServerResponse, rest: boolean): Promise<boolean> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const c of req) {
      size += (c as Buffer).byteLength
      if (size > MAX_RPC_BYTES) {
        const err = a2aError('MESSAGE_TOO_LARGE', `the request exceeds ${MAX_RPC_BYTES} bytes; send a path to a file instead`)
        sendJson(res, 413, rest ? toRestErrorBody(err, 413) : { jsonrpc: '2.0', id: null, error: { code: -32602, message: err.message, data: [err.toErrorInfo()] } })
        req.destroy()
        return false
      }
      chunks.push(c as Buffer)
    }
    const text = Buffer.concat(chunks).toString('utf8')
    try {
      (req as IncomingMessage & { body?: unknown }).body = text === '' ? {} : JSON.parse(text)
      return true
    } catch {
      const err = a2aError('PARSE_ERROR', 'the body is not JSON')
      sendJson(res, rest ? 400 : 200, rest ? toRestErrorBody(err, 400) : { jsonrpc: '2.0', id: null, error: { code: -32700, message: err.message, data: [err.toErrorInfo()] } })
      return false
    }
  }

  private expressApp (): Express {
    const app = express()
    app.disable('x-powered-by')
    app.use(`/a2a/:seat${REST_SUFFIX}`, (req, res, next) => { void this.seat(req.params.seat as string).rest(req, res, next) })
    app.use('/a2a/:seat', (req, res, next) => { void this.seat(req.params.seat as string).rpc(req, res, next) })
    app.use((req, res) => { sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `${req.method} ${req.originalUrl} is not an A2A route of this bridge` } }) })
    return app
  }

  /** The SDK's handlers for a hosted seat, made on its first request. */
  private seat (handle: string): Served {
    let s = this.served.get(handle)
    if (s !== undefined) return s
    let parsed: { json: string, card: AgentCard } | undefined
    const card = (): AgentCard => {
      const json = this.deps.cardJson(handle) ?? '{}'
      if (parsed?.json !== json) parsed = { json, card: AgentCard.fromJSON(JSON.parse(json)) }
      return parsed.card
    }
    const source = new TaskSource(handle, { routes: this.deps.routes, store: this.deps.store, sender: this.opts.as })
    const requestHandler = new SeatRequestHandler({
      seat: handle, as: this.opts.as, routes: this.deps.routes, card, source, watch: this.deps.watch,
      waitMs: this.opts.waitMs ?? DEFAULT_WAIT_MS, streamMs: this.opts.streamMs ?? DEFAULT_STREAM_MS, live: this.live, streams: this.streams
    })
    const userBuilder = async (req: express.Request): Promise<BridgeUser> => new BridgeUser(callerOf(req), this.token !== undefined)
    const contextBuilder: ServerCallContextBuilder = o => {
      const context = defaultServerCallContextBuilder(o)
      const closed = this.closing.get(o.headers)
      if (closed !== undefined) context.state.set(CLOSED_KEY, closed)
      return context
    }
    s = {
      rpc: jsonRpcHandler({ requestHandler, userBuilder, contextBuilder, legacyCompat: { enabled: true } }),
      rest: restHandler({ requestHandler, userBuilder, contextBuilder, legacyCompat: { enabled: true } })
    }
    this.served.set(handle, s)
    return s
  }
}

function callerOf (req: IncomingMessage): Caller {
  const token = req.headers[SEAT_TOKEN_HEADER]
  return typeof token === 'string' && token !== '' ? { via: 'node', seatToken: token } : NODE_CALLER
}
