// The typed client of the daemon's control socket: one request, one answer, errors carried by their codes.
import { createConnection } from 'node:net'
import { MeshError, wireError } from '../cards/errors.js'
import { homePaths } from '../daemon/home/paths.js'
import type { ControlEvent, ControlResponse } from '../daemon/control/protocol.js'
import type { EventOf, Method, ParamsOf, ResultOf, StreamMethod, StreamParamsOf } from '../daemon/control/methods.js'

/** A promise with its settle functions (Promise.withResolvers is not in Node 20). */
function deferred (): { promise: Promise<void>, resolve: () => void, reject: (err: Error) => void } {
  let resolve!: () => void
  let reject!: (err: Error) => void
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej })
  return { promise, resolve, reject }
}

/** How a request reaches the daemon: another socket than the home's (the seat socket), and a seat token. */
export interface CallOptions {
  socket?: string
  seatToken?: string
}

function requestLine (method: string, params: object, o: CallOptions): string {
  return JSON.stringify({ id: 1, method, params, ...(o.seatToken !== undefined ? { seatToken: o.seatToken } : {}) }) + '\n'
}

/** The error a failed connection to the control socket maps to. */
function connectError (home: string, path: string, err: NodeJS.ErrnoException): MeshError {
  if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') {
    return new MeshError('DAEMON_NOT_RUNNING', `no daemon is running for ${home}; start it with aios-comm daemon (or aios-comm service install)`)
  }
  return new MeshError('DAEMON_UNREACHABLE', `cannot talk to the daemon at ${path}: ${err.message}`)
}

/**
 * A subscription (e.g. `watch`): resolves once the daemon accepted it, then calls onEvent per event line. `done`
 * settles when the stream ends: rejected with the daemon's code (a reader too slow is dropped) or DAEMON_STOPPED.
 */
export async function subscribe<S extends StreamMethod> (home: string, method: S, params: StreamParamsOf<S>, onEvent: (event: EventOf<S>) => void, o: CallOptions = {}): Promise<{ done: Promise<void>, close: () => void }> {
  const path = o.socket ?? homePaths(home).socket
  const socket = createConnection(path)
  const ready = deferred()
  const done = deferred()
  done.promise.catch(() => {}) // a caller that never awaits it must not see an unhandled rejection
  let ended = false
  const end = (err?: MeshError): void => {
    if (ended) return
    ended = true
    socket.destroy()
    if (err === undefined) done.resolve()
    else done.reject(err)
    ready.reject(err ?? new MeshError('DAEMON_STOPPED', 'the stream ended before it began')) // no-op once accepted
  }
  let buffer = ''
  socket.setEncoding('utf8')
  socket.once('connect', () => socket.write(requestLine(method, params, o)))
  socket.on('data', (chunk: string) => {
    buffer += chunk
    let nl
    while (!ended && (nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl)
      buffer = buffer.slice(nl + 1)
      let res: Partial<ControlEvent> & { result?: unknown, error?: { code: unknown, message: string } }
      try {
        res = JSON.parse(line)
      } catch {
        end(new MeshError('DAEMON_PROTOCOL', 'the daemon sent a line that is not JSON'))
        return
      }
      if (res.error !== undefined) end(wireError(res.error.code, res.error.message, 'DAEMON_PROTOCOL'))
      else if (res.result !== undefined) ready.resolve()
      else if (res.event !== undefined) onEvent(res.event as EventOf<S>) // the daemon's events are typed by the same table
    }
  })
  socket.once('error', (err: NodeJS.ErrnoException) => end(connectError(home, path, err)))
  socket.once('close', () => end(new MeshError('DAEMON_STOPPED', 'the daemon closed the stream')))
  await ready.promise
  return { done: done.promise, close: () => end() }
}

/**
 * The connection broke after the request was sent and before its answer came: the daemon may or may not have acted
 * (it crashed, was killed or stopped). A caller may repeat the request only when repeating is safe (a notify with
 * an idempotency key).
 */
export class ConnectionLostError extends MeshError {
  constructor (path: string, cause?: unknown) {
    super('DAEMON_CONNECTION_LOST', `the connection to the daemon at ${path} broke before it answered; the request may or may not have been carried out`, { cause })
  }
}

/** One request, one answer: the method's params in, its result out (both from the table in methods.ts). */
export async function call<M extends Method> (home: string, method: M, params: ParamsOf<M>, o: CallOptions = {}): Promise<ResultOf<M>> {
  const path = o.socket ?? homePaths(home).socket
  return await new Promise<ResultOf<M>>((resolve, reject) => {
    const socket = createConnection(path)
    let buffer = ''
    let connected = false
    socket.setEncoding('utf8')
    socket.once('connect', () => {
      connected = true
      socket.write(requestLine(method, params, o))
    })
    socket.on('data', (chunk: string) => {
      buffer += chunk
      const nl = buffer.indexOf('\n')
      if (nl < 0) return
      socket.destroy()
      let res: ControlResponse
      try {
        res = JSON.parse(buffer.slice(0, nl))
      } catch {
        reject(new MeshError('DAEMON_PROTOCOL', 'the daemon answered with something that is not JSON'))
        return
      }
      if ('error' in res) reject(wireError(res.error.code, res.error.message, 'DAEMON_PROTOCOL'))
      else resolve(res.result as ResultOf<M>) // the daemon answers by the same table
    })
    socket.once('error', (err: NodeJS.ErrnoException) => reject(connected ? new ConnectionLostError(path, err) : connectError(home, path, err)))
    socket.once('close', () => reject(new ConnectionLostError(path)))
  })
}
