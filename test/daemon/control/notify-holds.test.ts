// A notify call that waits lasts, at 256 outstanding, the whole way to DELIVERED and back. What it holds meanwhile is
// copied by every garbage collection of the young generation: neither its text (and the request line it was cut
// from) nor the request itself may stay on the heap, only what the answer needs. A real daemon, run in this process so
// that its heap can be looked at: a heap snapshot (taken after a full collection) holds only what is still reachable.
import '../../../daemon/runtime/polyfill.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createConnection, type Socket } from 'node:net'
import { getHeapSnapshot } from 'node:v8'
import { Daemon } from '../../../daemon/daemon.js'
import { homePaths } from '../../../daemon/index.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'

const FILL = 'x'.repeat(32)

/** Sends one request line and lets go of it: the only copy left is what the daemon keeps. */
async function send (socket: Socket, marker: string, where: 'text' | 'request' = 'text'): Promise<void> {
  // in the request: a field the route does not read, so that only the request's own object can hold it
  const params = where === 'text' ? { text: marker + FILL.repeat(256) } : { text: 'short', note: marker + FILL.repeat(256) }
  const line = JSON.stringify({ id: 1, method: 'notify', params: { to: 'agent-b', ...params, wait: 'DELIVERED', waitMs: 120_000 } }) + '\n'
  await new Promise<void>((resolve, reject) => socket.write(line, err => (err == null ? resolve() : reject(err))))
}

/** Whether the live heap holds a string that starts with the marker and the fill. */
async function heapHolds (marker: Buffer): Promise<boolean> {
  const chunks: Buffer[] = []
  for await (const chunk of getHeapSnapshot()) chunks.push(chunk as Buffer)
  const snapshot = Buffer.concat(chunks)
  return snapshot.includes(Buffer.concat([marker, Buffer.from(FILL)])) // built only now, after the snapshot
}

describe('notify with wait', () => {
  for (const where of ['text', 'request'] as const) {
    it(`does not hold the ${where} it sent while it waits`, { timeout: 120_000 }, async () => {
      const [a] = await createMesh(2, { start: false }) // agent-b's node stays down: the call waits
      const daemon = new Daemon(a.home)
      await daemon.start()
      onTestFinished(async () => { await daemon.stop() })
      const socket = createConnection(homePaths(a.home).socket)
      onTestFinished(() => { socket.destroy() })
      await new Promise<void>(resolve => socket.once('connect', () => resolve()))
      let answered = false
      socket.once('data', () => { answered = true })

      const marker = Buffer.from(`held-${randomBytes(12).toString('hex')}-`)
      await send(socket, marker.toString(), where)
      await waitFor('the message stored', () => query<{ n: number }>(a.home, 'SELECT count(*) AS n FROM messages WHERE local_from = 1')[0].n, n => n === 1)
      expect(await heapHolds(marker)).toBe(false)
      expect(answered).toBe(false) // the call was still waiting when the heap was looked at
    })
  }
})
