// The control API server: a unix socket (the home's control.sock is mode 0600), one JSON request per line, one
// JSON answer per line. A malformed request gets a coded error on its connection; the daemon keeps serving. Each
// request is admitted first: who asks (the Caller) goes to its route beside the params.
import { createServer, type Server, type Socket } from 'node:net'
import { chmodSync, chownSync, existsSync, unlinkSync } from 'node:fs'
import { socketIsLive } from '../home/socket.js'
import { MeshError, isErrorCode } from '../../cards/index.js'
import type { Logger } from '../runtime/log.js'
import { MAX_REQUEST_BYTES, type ControlRequest, type ControlResponse } from './protocol.js'
import { NODE_CALLER, type Caller } from '../access/index.js'
import { LineReader, parseRequest } from './framing.js'
import type { Params } from './params.js'
import { BoundedWriter } from '../observe/bounded.js'
import { MAX_SUBSCRIBER_BUFFER_BYTES } from '../observe/constants.js'
import { SLOW_READER_CODE } from './protocol.js'

/** Any route, as the server dispatches it by name (each is typed by its entry in methods.ts). */
export type Route = (params: Params, caller?: Caller) => Promise<unknown> | unknown

/** Any subscription, as the server dispatches it by name. */
export type StreamRoute = (params: Params, send: (event: unknown) => void, caller?: Caller) => () => void

/** Who sent a request, or a coded refusal (thrown) before any route runs. */
export type Admit = (req: ControlRequest) => Caller

/** The control socket's rule: its user is the node's, and acts as an isolated seat with the token it presents. */
export const nodeAdmit: Admit = req => (req.seatToken === undefined ? NODE_CALLER : { via: 'node', seatToken: req.seatToken })

export interface ControlServerOptions {
  streams?: Record<string, StreamRoute>
  /** A subscriber's unread bytes before it is dropped. */
  maxSubscriberBytes?: number
  /** Who a request is from (default nodeAdmit). */
  admit?: Admit
  /** The socket file's mode (default 0600) and, when set, its group id. */
  mode?: number
  group?: number
}

function errorAnswer (id: number, err: unknown, log: Logger, method: string): ControlResponse {
  // a code of the set, also from an error made by another copy of this module (a MeshError that fails instanceof)
  const code = isErrorCode((err as MeshError | undefined)?.code) ? (err as MeshError).code : 'INTERNAL'
  if (code === 'INTERNAL') log.error('control request failed', { method, error: (err as Error)?.stack })
  return { id, error: { code, message: ((err as Error)?.message ?? String(err)).split('\n')[0] } }
}

/** One request line → its answer: a result, or an error with a stable code (INTERNAL only for a bug, logged). */
export async function answerLine (routes: Record<string, Route>, line: string, log: Logger, admit: Admit = nodeAdmit): Promise<ControlResponse> {
  const parsed = parseRequest(line)
  if (!parsed.ok) return { id: 0, error: { code: parsed.code, message: parsed.message } }
  return await answerRequest(routes, parsed.req, log, admit)
}

/**
 * A request's answer. Not an async function: a call that waits (notify with wait) would keep its suspended frame, and
 * with it the whole request and its params, on the heap for as long as it waits; the continuations below hold only the
 * id and the method.
 */
function answerRequest (routes: Record<string, Route>, req: ControlRequest, log: Logger, admit: Admit): Promise<ControlResponse> {
  const { id, method } = req
  const failed = (err: unknown): ControlResponse => errorAnswer(id, err, log, method)
  let pending: unknown
  try {
    const caller = admit(req)
    const route = Object.hasOwn(routes, method) ? routes[method] : undefined
    if (route === undefined) return Promise.resolve({ id, error: { code: 'UNKNOWN_METHOD', message: `no such control method: ${method}` } })
    pending = route(req.params ?? {}, caller)
  } catch (err) {
    return Promise.resolve(failed(err))
  }
  return Promise.resolve(pending).then(result => ({ id, result: result ?? null }), failed)
}

export class ControlServer {
  private server?: Server
  private readonly sockets = new Set<Socket>()
  /** Answers made in this turn, per connection: written together (one write each) once the turn's work is done. */
  private readonly unsent = new Map<Socket, string[]>()

  constructor (private readonly path: string, private readonly routes: Record<string, Route>, private readonly log: Logger, private readonly opts: ControlServerOptions = {}) {}

  async start (): Promise<void> {
    if (await socketIsLive(this.path)) throw new MeshError('DAEMON_ALREADY_RUNNING', `a daemon already answers on ${this.path}`)
    if (existsSync(this.path)) unlinkSync(this.path) // left behind by a daemon that was killed
    const server = createServer(socket => this.serve(socket))
    const mode = this.opts.mode ?? 0o600
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      // the socket is created with the process umask; make it no wider than wanted before anyone can connect
      const umask = process.umask(0o777 & ~mode)
      server.listen(this.path, () => { process.umask(umask); resolve() })
    })
    try {
      if (this.opts.group !== undefined) chownSync(this.path, -1, this.opts.group)
      chmodSync(this.path, mode)
    } catch (err) {
      await new Promise<void>(resolve => server.close(() => resolve()))
      throw new MeshError('SOCKET_MODE_FAILED', `cannot set the owner or mode of ${this.path}: ${(err as Error).message}`, { cause: err })
    }
    this.server = server
  }

  async stop (): Promise<void> {
    const server = this.server
    if (server === undefined) return
    this.server = undefined
    for (const s of this.sockets) s.destroy()
    await new Promise<void>(resolve => server.close(() => resolve()))
    if (existsSync(this.path)) unlinkSync(this.path)
  }

  private serve (socket: Socket): void {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    const reader = new LineReader()
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      const { lines, tooLarge } = reader.push(chunk)
      for (const line of lines) this.dispatch(socket, line)
      if (tooLarge) {
        this.answer(socket, { id: 0, error: { code: 'REQUEST_TOO_LARGE', message: `a request may have at most ${MAX_REQUEST_BYTES} bytes` } })
        this.flush(socket)
        socket.end()
      }
    })
  }

  private dispatch (socket: Socket, line: string): void {
    const parsed = parseRequest(line)
    if (!parsed.ok) {
      this.answer(socket, { id: 0, error: { code: parsed.code, message: parsed.message } })
      return
    }
    const req = parsed.req
    const admit = this.opts.admit ?? nodeAdmit
    const streams = this.opts.streams
    if (streams !== undefined && Object.hasOwn(streams, req.method)) {
      let caller: Caller
      try {
        caller = admit(req)
      } catch (err) {
        this.answer(socket, errorAnswer(req.id, err, this.log, req.method))
        return
      }
      this.subscribe(socket, req.id, req.method, streams[req.method], req.params ?? {}, caller)
      return
    }
    void answerRequest(this.routes, req, this.log, admit).then(res => this.answer(socket, res))
  }

  /** One subscription per connection: the answer, then events; a reader that falls behind gets a coded last line. */
  private subscribe (socket: Socket, id: number, method: string, stream: StreamRoute, params: Params, caller: Caller): void {
    const max = this.opts.maxSubscriberBytes ?? MAX_SUBSCRIBER_BUFFER_BYTES
    let stop = (): void => {}
    const last = (): string => JSON.stringify({ id, error: { code: SLOW_READER_CODE, message: `the reader fell more than ${max} bytes behind; events were dropped, subscribe again` } }) + '\n'
    const out = new BoundedWriter(socket, last, () => { stop(); this.log.warn('slow subscriber dropped', { method }) }, max)
    const early: unknown[] = [] // events sent before the answer line is written wait for it
    let answered = false
    const send = (event: unknown): void => {
      if (!answered) early.push(event)
      else out.write(JSON.stringify({ id, event }) + '\n')
    }
    try {
      stop = stream(params, send, caller)
    } catch (err) {
      const code = err instanceof MeshError ? err.code : 'INTERNAL'
      this.answer(socket, { id, error: { code, message: ((err as Error)?.message ?? String(err)).split('\n')[0] } })
      return
    }
    socket.once('close', () => stop())
    this.flush(socket) // answers before it go first
    out.write(JSON.stringify({ id, result: { subscribed: method } }) + '\n')
    answered = true
    for (const e of early.splice(0)) send(e)
  }

  private answer (socket: Socket, res: ControlResponse): void {
    if (socket.destroyed) return
    let text: string
    try {
      text = JSON.stringify(res)
    } catch (err) {
      this.log.error('control answer has no JSON form', { error: (err as Error).message })
      text = JSON.stringify({ id: res.id, error: { code: 'INTERNAL', message: 'the answer could not be encoded' } })
    }
    const queued = this.unsent.get(socket)
    if (queued !== undefined) {
      queued.push(text)
      return
    }
    this.unsent.set(socket, [text])
    // after every promise settled in this turn (a group commit settles hundreds of calls at once): one write for all
    if (this.unsent.size === 1) process.nextTick(() => { for (const s of [...this.unsent.keys()]) this.flush(s) })
  }

  /** Writes a connection's waiting answers, one line each, in one write. */
  private flush (socket: Socket): void {
    const queued = this.unsent.get(socket)
    if (queued === undefined) return
    this.unsent.delete(socket)
    if (socket.writable) socket.write(queued.join('\n') + '\n')
  }
}
