// A2A SendMessage sent twice with one messageId (a client retrying) is one task: the bridge keys notify by it.
import { describe, expect, it } from 'vitest'
import { actorAdd } from '../../../daemon/index.js'
import { call } from '../../../cli/control-client.js'
import { createMesh, withCtx } from '../../helpers/mesh.js'

/** One home with seats agent-a and gateway; its daemon runs the bridge on a free loopback port, sending as gateway. */
async function bridgedHome (): Promise<{ home: string, base: string }> {
  const [a] = await createMesh(1, { start: false, args: () => ['--a2a-port', '0', '--a2a-as', 'gateway'] })
  await withCtx(a.home, async ctx => { await actorAdd(ctx, 'gateway') })
  await a.daemon.start()
  return { home: a.home, base: a.daemon.ready.a2a }
}

async function send (url: string, messageId: string, text: string): Promise<any> {
  const body = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId, role: 'ROLE_USER', parts: [{ text }] }, configuration: { returnImmediately: true } } }
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0' }, body: JSON.stringify(body) })
  return await r.json()
}

describe('A2A bridge: messageId as the idempotency key', () => {
  it('SendMessage retried with the same messageId returns the same task; another text under it is refused', async () => {
    const { home, base } = await bridgedHome()
    const url = `${base}/a2a/agent-a`
    const first = await send(url, 'msg-42', 'please review PR 42')
    const again = await send(url, 'msg-42', 'please review PR 42')
    expect(first.result.task.id).toMatch(/^ob_/)
    expect(again.result.task.id).toBe(first.result.task.id)
    const other = await send(url, 'msg-42', 'please review PR 43')
    expect(other.error.data[0].metadata.code).toBe('IDEMPOTENCY_KEY_REUSED')
    const inbox = await call(home, 'inbox', { as: 'agent-a' })
    expect(inbox.map((m: any) => m.obligation)).toEqual([first.result.task.id])
  }, 30_000)
})
