// The bench's control client: a prepared call writes, byte for byte, the request line `call` writes for the same
// method and params, each with its own id, and every answer reaches the call it belongs to.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ControlConnection } from '../../bench/control.js'
import { homePaths } from '../../daemon/index.js'

interface Listener { server: Server, home: string, lines: string[] }

/** A socket at a home's control path that keeps every request line and answers each, in reverse order, per batch of `batch`; a line that is not JSON closes it. */
async function listen (batch: number): Promise<Listener> {
  const home = mkdtempSync(join(tmpdir(), 'aios-bench-control-'))
  const lines: string[] = []
  const server = createServer((socket: Socket) => {
    let rest = ''
    let held: Array<{ id: number, method: string }> = []
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n')
      rest = parts.pop() ?? ''
      for (const line of parts) {
        lines.push(line)
        let req: { id: number, method: string }
        try {
          req = JSON.parse(line)
        } catch {
          socket.destroy() // every waiting call then fails at once
          return
        }
        held.push(req)
        if (held.length < batch) continue
        for (const r of held.reverse()) socket.write(JSON.stringify({ id: r.id, result: { echo: r.id, method: r.method } }) + '\n')
        held = []
      }
    })
  })
  server.listen(homePaths(home).socket)
  await new Promise(resolve => server.once('listening', resolve))
  return { server, home, lines }
}

let open: Listener | undefined
afterEach(async () => {
  if (open === undefined) return
  await new Promise(resolve => open?.server.close(resolve))
  rmSync(open.home, { recursive: true, force: true })
  open = undefined
})

describe('the bench control client', () => {
  it('writes the same line for a prepared call as for a call, and routes each answer to its call', async () => {
    const l = open = await listen(8)
    const c = await ControlConnection.open(l.home)
    const params = { to: 'bob@example', text: 'x"\\\n\u00e9'.repeat(20_000), require: 'DELIVERED', wait: 'DELIVERED', waitMs: 300_000 }
    const notify = c.prepared('notify', params)
    const calls = await Promise.all([
      c.call('notify', params),
      ...Array.from({ length: 15 }, async () => await notify())
    ]) as unknown as Array<{ echo: number, method: string }>
    c.close()
    expect(calls.map(a => a.echo)).toEqual(Array.from({ length: 16 }, (_, k) => k + 1))
    expect(l.lines).toHaveLength(16)
    for (const [k, line] of l.lines.entries()) expect(line).toBe(JSON.stringify({ id: k + 1, method: 'notify', params }))
  })
})
