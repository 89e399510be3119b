// The control socket's subscriptions: events follow the answer line in order; a reader that stops reading is
// dropped with one final coded line and the server goes on serving others without waiting for it.
import { describe, expect, it, onTestFinished } from 'vitest'
import { createConnection, type Socket } from 'node:net'
import { join } from 'node:path'
import { ControlServer, type StreamRoute } from '../../../daemon/control/server.js'
import { createLogger } from '../../../daemon/runtime/log.js'
import { subscribe } from '../../../cli/control-client.js'
import { tempDir } from '../../helpers/cli.js'
import { waitFor } from '../../helpers/mesh.js'
import { homePaths } from '../../../daemon/home/paths.js'

/** A stream route whose events the test pushes by hand. */
function pusher (): { route: StreamRoute, push: (e: unknown) => void, subscribers: () => number } {
  const sends = new Set<(e: unknown) => void>()
  return {
    route: (_p, send) => { sends.add(send); return () => { sends.delete(send) } },
    push: e => { for (const s of sends) s(e) },
    subscribers: () => sends.size
  }
}

async function serve (maxSubscriberBytes: number): Promise<{ home: string, push: (e: unknown) => void, subscribers: () => number }> {
  const home = tempDir()
  const p = pusher()
  const server = new ControlServer(homePaths(home).socket, { ping: () => 'pong' }, createLogger('test', 'silent'), { streams: { watch: p.route }, maxSubscriberBytes })
  await server.start()
  onTestFinished(async () => { await server.stop() })
  return { home, push: p.push, subscribers: p.subscribers }
}

describe('control subscriptions', () => {
  it('delivers events in order after the answer; closing unsubscribes', async () => {
    const { home, push, subscribers } = await serve(1 << 20)
    const seen: unknown[] = []
    const sub = await subscribe(home, 'watch', {}, e => seen.push(e))
    for (let i = 0; i < 100; i++) push({ n: i })
    await waitFor('100 events', () => seen.length, n => n === 100)
    expect(seen).toEqual(Array.from({ length: 100 }, (_, n) => ({ n })))
    sub.close()
    await sub.done
    await waitFor('unsubscribed', subscribers, n => n === 0)
  })

  it('drops a reader that stops reading with a final WATCH_TOO_SLOW line, without blocking anyone else', async () => {
    const { home, push, subscribers } = await serve(64 << 10)
    // a raw reader that subscribes and then reads nothing
    const slow: Socket = createConnection(join(homePaths(home).socket))
    onTestFinished(() => { slow.destroy() })
    await new Promise<void>(resolve => slow.once('connect', () => resolve()))
    slow.write(JSON.stringify({ id: 7, method: 'watch', params: {} }) + '\n')
    await waitFor('subscribed', subscribers, n => n === 1)
    slow.pause()
    const fast: unknown[] = []
    const sub = await subscribe(home, 'watch', {}, e => fast.push(e))
    const payload = 'x'.repeat(200)
    const started = Date.now()
    // ~4.5 MB in small bursts (the fast reader lives in this process and reads between them): far beyond the
    // kernel's socket buffer and the limit
    for (let i = 0; i < 20_000; i++) {
      push({ n: i, payload })
      if (i % 50 === 49) await new Promise(resolve => setTimeout(resolve, 0))
    }
    const pushMs = Date.now() - started
    await waitFor('the slow reader dropped', subscribers, n => n === 1)
    await waitFor('the fast reader got everything', () => fast.length, n => n === 20_000)
    // the slow reader, reading at last, finds events in order, then one coded line, then the end
    let text = ''
    slow.setEncoding('utf8')
    slow.on('data', (d: string) => { text += d })
    slow.resume()
    await new Promise<void>(resolve => slow.once('end', () => resolve()))
    const lines = text.trimEnd().split('\n').map(l => JSON.parse(l))
    expect(lines[0]).toEqual({ id: 7, result: { subscribed: 'watch' } })
    const events = lines.slice(1, -1).map(l => l.event.n)
    expect(events).toEqual(Array.from({ length: events.length }, (_, i) => i))
    expect(events.length).toBeLessThan(20_000)
    expect(lines.at(-1)).toMatchObject({ id: 7, error: { code: 'WATCH_TOO_SLOW' } })
    expect(pushMs).toBeLessThan(30_000) // pushing never waited for a reader (generous: only a hang fails this)
    sub.close()
  })
})
