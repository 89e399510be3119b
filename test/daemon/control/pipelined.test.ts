// Answers of one turn are written together: a client that sends hundreds of requests in one write gets every answer,
// once, each under its own id, and a request over the limit is still refused with its code before the connection
// ends. One real daemon on its real control socket.
import { createConnection } from 'node:net'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createMesh } from '../../helpers/mesh.js'
import { homePaths } from '../../../daemon/index.js'
import { MAX_REQUEST_BYTES } from '../../../daemon/control/protocol.js'

/** Sends `text` in one write and collects answer lines until `count` have come (or the daemon closes). */
async function exchange (path: string, text: string, count: number): Promise<any[]> {
  const s = createConnection(path)
  await once(s, 'connect')
  s.setEncoding('utf8')
  let buf = ''
  const answers: any[] = []
  const done = new Promise<void>(resolve => {
    s.on('data', (d: string) => {
      buf += d
      let nl
      while ((nl = buf.indexOf('\n')) >= 0) { answers.push(JSON.parse(buf.slice(0, nl))); buf = buf.slice(nl + 1) }
      if (answers.length >= count) resolve()
    })
    s.once('close', () => resolve())
  })
  s.write(text)
  await done
  s.destroy()
  return answers
}

describe('control answers written together', () => {
  it('hundreds of pipelined calls each get their one answer', async () => {
    const [a] = await createMesh(1)
    const path = homePaths(a.home).socket
    const n = 300
    const lines = Array.from({ length: n }, (_, i) => JSON.stringify({ id: i + 1, method: i % 3 === 0 ? 'no.such' : i % 3 === 1 ? 'whoami' : 'outbox', params: {} }) + '\n').join('')
    const answers = await exchange(path, lines, n)
    expect(answers.map(r => r.id).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1))
    for (const r of answers) {
      if ((r.id - 1) % 3 === 0) expect(r.error.code).toBe('UNKNOWN_METHOD')
      else expect(r.result).toBeDefined()
    }
    // after answers still queued: the refusal of a line too long arrives, then the connection ends
    const tooLong = await exchange(path, JSON.stringify({ id: 1, method: 'outbox', params: {} }) + '\n' + 'x'.repeat(MAX_REQUEST_BYTES + 2) + '\n', 2)
    expect(tooLong.map(r => r.error?.code ?? 'ok').sort()).toEqual(['REQUEST_TOO_LARGE', 'ok'].sort())
  })
})
