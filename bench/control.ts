// A persistent, pipelined control-socket client for benchmarks (the CLI's client opens one connection per call).
import { createConnection, type Socket } from 'node:net'
import { once } from 'node:events'
import { homePaths } from '../daemon/index.js'

export class ControlConnection {
  private next = 1
  private buffer = ''
  private readonly waiting = new Map<number, { resolve: (v: any) => void, reject: (e: Error) => void }>()

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
        const res = JSON.parse(this.buffer.slice(0, nl))
        this.buffer = this.buffer.slice(nl + 1)
        const w = this.waiting.get(res.id)
        this.waiting.delete(res.id)
        if (res.error !== undefined) w?.reject(new Error(`${res.error.code as string}: ${res.error.message as string}`))
        else w?.resolve(res.result)
      }
    })
  }

  static async open (home: string): Promise<ControlConnection> {
    const socket = createConnection(homePaths(home).socket)
    await once(socket, 'connect')
    return new ControlConnection(socket)
  }

  async call<T = any> (method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.socket.destroyed) throw new Error('the control connection is closed')
    const id = this.next++
    return await new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      this.socket.write(JSON.stringify({ id, method, params }) + '\n')
    })
  }

  close (): void {
    this.socket.destroy()
  }
}
