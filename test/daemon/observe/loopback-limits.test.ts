// A local process that opens sockets to the daemon's HTTP surfaces and sends nothing holds no more than a bounded
// number of them, and not for long: the daemon, run with 512 file descriptors, keeps answering its control socket
// while 600 idle connections are tried against its metrics port, and the idle ones are closed after the headers'
// time runs out.
import { connect, type Socket } from 'node:net'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MAX_CONNECTIONS } from '../../../daemon/observe/loopback-http.js'
import { createMesh, waitFor } from '../../helpers/mesh.js'

const FDS = 512
const IDLE = 600

describe('the loopback HTTP surfaces', () => {
  it('hold at most their bound of idle connections, so the control socket goes on answering', async () => {
    const [a] = await createMesh(1, { args: () => ['--metrics-port', '0'], prefix: () => ['prlimit', `--nofile=${FDS}:${FDS}`] })
    const { port } = new URL(a.daemon.ready.metrics as string)
    const pid = a.daemon.child?.pid as number
    const fds = (): number => readdirSync(`/proc/${pid}/fd`).length
    const before = fds()
    const sockets: Socket[] = []
    try {
      await Promise.all(Array.from({ length: IDLE }, async () => await new Promise<void>(resolve => {
        const s = connect(Number(port), '127.0.0.1', () => resolve())
        s.on('error', () => resolve()) // refused or reset once the daemon has no room, or past the bound
        s.on('close', () => resolve())
        sockets.push(s)
      })))
      expect(fds()).toBeLessThan(before + MAX_CONNECTIONS + 16)
      expect((await a.daemon.call('node.status')).peerId).toBe(a.daemon.peerId)
      // the idle ones are closed once their headers' time has run out
      await waitFor('the idle connections closed', fds, n => n < before + 16, 30_000)
    } finally {
      for (const s of sockets) s.destroy()
    }
  })
})
