// A persistent, pipelined control-socket client for benchmarks (the CLI's client opens one connection per call).
import { createConnection, type Socket } from 'node:net'
import { once } from 'node:events'
import { homePaths } from '../daemon/index.js'
import type { ControlResponse } from '../daemon/control/protocol.js'
import type { Method, ParamsOf, ResultOf } from '../daemon/control/methods.js'

export class ControlConnection {
  private next = 1
  private buffer = ''
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void, reject: (e: Error) => void }>()

  private constructor (private readonly socket: Socket) {
    const fail = (err: Error): void => {
      for (const w of this.waiting.values()) w.reject(err)
      this.waiting.clear()
    }
    socket.on('error', err => fail(err))
    socket.on('close', () => fail(new Error('the control connection closed')))
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => {
      this.buffer += d
      let nl
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const res = JSON.parse(this.buffer.slice(0, nl)) as ControlResponse
        this.buffer = this.buffer.slice(nl + 1)
        const w = this.waiting.get(res.id)
        this.waiting.delete(res.id)
        if ('error' in res) w?.reject(new Error(`${res.error.code}: ${res.error.message}`))
        else w?.resolve(res.result)
      }
    })
  }

  static async open (home: string): Promise<ControlConnection> {
    const socket = createConnection(homePaths(home).socket)
    await once(socket, 'connect')
    return new ControlConnection(socket)
  }

  async call<M extends Method> (method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    return await this.send(id => [JSON.stringify({ id, method, params }) + '\n'])
  }

  /**
   * The same request with its params encoded once, for a load that sends them many times: each call writes the same
   * bytes a `call` would, the params by reference (no 64 KB string made, encoded and collected per message in this
   * process, which shares the machine with the daemons it measures).
   */
  prepared<M extends Method> (method: M, params: ParamsOf<M>): () => Promise<ResultOf<M>> {
    const head = `,"method":${JSON.stringify(method)},"params":`
    const body = Buffer.from(JSON.stringify(params) + '}\n')
    return async () => await this.send(id => [Buffer.from(`{"id":${id}${head}`), body])
  }

  private async send<R> (frame: (id: number) => Array<string | Buffer>): Promise<R> {
    if (this.socket.destroyed) throw new Error('the control connection is closed')
    const id = this.next++
    return await new Promise<R>((resolve, reject) => {
      this.waiting.set(id, { resolve: v => resolve(v as R), reject }) // the daemon answers by the same table
      const parts = frame(id)
      if (parts.length > 1) this.socket.cork()
      for (const p of parts) this.socket.write(p)
      if (parts.length > 1) this.socket.uncork()
    })
  }

  close (): void {
    this.socket.destroy()
  }
}
