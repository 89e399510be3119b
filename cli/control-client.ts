// The typed client of the daemon's control socket: one request, one answer, errors carried by their codes.
import { createConnection } from 'node:net'
import { MeshError } from '../cards/index.js'
import { homePaths } from '../daemon/home/paths.js'
import type { ControlResponse } from '../daemon/control/protocol.js'

export async function call<T = any> (home: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const path = homePaths(home).socket
  return await new Promise<T>((resolve, reject) => {
    const socket = createConnection(path)
    let buffer = ''
    socket.setEncoding('utf8')
    socket.once('connect', () => socket.write(JSON.stringify({ id: 1, method, params }) + '\n'))
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
      if ('error' in res) reject(new MeshError(res.error.code, res.error.message))
      else resolve(res.result as T)
    })
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') {
        reject(new MeshError('DAEMON_NOT_RUNNING', `no daemon is running for ${home}; start it with aios-comm daemon (or aios-comm service install)`))
      } else reject(new MeshError('DAEMON_UNREACHABLE', `cannot talk to the daemon at ${path}: ${err.message}`))
    })
    socket.once('close', () => reject(new MeshError('DAEMON_PROTOCOL', 'the daemon closed the connection without an answer')))
  })
}
