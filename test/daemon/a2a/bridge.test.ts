// The @a2a-js/sdk client against the daemon's A2A bridge: card and signature, SendMessage to a seat, GetTask until COMPLETED.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it, onTestFinished } from 'vitest'
import { GetTaskRequest, SendMessageRequest, TaskState, verifyAgentCardSignature } from '@a2a-js/sdk'
import { ClientFactory } from '@a2a-js/sdk/client'
import { b64url, parseKeyText } from '../../../cards/index.js'
import { actorAdd } from '../../../daemon/index.js'
import { call } from '../../../cli/control-client.js'
import { CLI, cli, errorCode } from '../../helpers/cli.js'
import { createMesh, waitFor, withCtx } from '../../helpers/mesh.js'

const EXT = 'urn:aios-comm:a2a:mesh:v1'
const say = (line: string): void => { process.stdout.write(`[a2a] ${line}\n`) }

/** One home with seats agent-a and gateway; its daemon runs the bridge on a free loopback port, sending as gateway. */
async function bridgedHome (): Promise<{ home: string, base: string }> {
  const [a] = await createMesh(1, { start: false })
  await withCtx(a.home, async ctx => { await actorAdd(ctx, 'gateway') })
  const child = spawn(process.execPath, [CLI, '--home', a.home, 'daemon', '--a2a-port', '0', '--a2a-as', 'gateway'], {
    env: { ...process.env, AIOS_COMM_LOG: 'warn' }, stdio: ['ignore', 'pipe', 'pipe']
  })
  onTestFinished(async () => { if (child.exitCode === null) { const gone = once(child, 'exit'); child.kill('SIGTERM'); await gone } })
  let out = ''
  const ready = await new Promise<any>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d
      const line = out.split('\n').find(l => l.includes('"event":"ready"'))
      if (line !== undefined) resolve(JSON.parse(line))
    })
    child.once('exit', code => reject(new Error(`daemon exited ${String(code)}`)))
  })
  return { home: a.home, base: ready.a2a }
}

async function rpc (url: string, method: string, params: unknown): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return await r.json()
}

describe('A2A bridge', () => {
  it('serves a signed card, bridges SendMessage to a seat and reports COMPLETED after its ack', async () => {
    const { home, base } = await bridgedHome()
    const raw = await (await fetch(`${base}/.well-known/agent-card.json`)).json()
    const ext = raw.capabilities.extensions.find((e: any) => e.params?.actorKey !== undefined)
    const jwk = { kty: 'OKP', crv: 'Ed25519', x: b64url(parseKeyText(ext.params.actorKey)) }
    await verifyAgentCardSignature(async () => jwk)(raw)
    const jsonrpc = raw.supportedInterfaces.find((i: any) => i.protocolBinding === 'JSONRPC')
    say(`GET ${base}/.well-known/agent-card.json → ${raw.name as string}, signature verified by @a2a-js/sdk; JSONRPC at ${jsonrpc.url as string}`)
    expect(jsonrpc.url).toBe(`${base}/a2a/agent-a`)
    const perSeat = await (await fetch(`${base}/a2a/agent-a/.well-known/agent-card.json`)).json()
    expect(perSeat).toEqual(raw)

    const client = await new ClientFactory().createFromUrl(base)
    const sent = await client.sendMessage(SendMessageRequest.fromJSON({
      message: { messageId: 'm-1', role: 'ROLE_USER', contextId: 'review-42', parts: [{ text: 'please review PR 42' }] }
    }))
    if (!('status' in sent)) throw new Error('SendMessage answered with a message, not a task')
    say(`SendMessage "please review PR 42" → task ${sent.id} ${TaskState[sent.status!.state]}`)
    expect(sent.id).toMatch(/^ob_/)
    expect(sent.status!.state).toBe(TaskState.TASK_STATE_SUBMITTED)

    const read = await waitFor('the message at agent-a', async () => await call(home, 'inbox', { as: 'agent-a' }), r => r.some((m: any) => m.obligation === sent.id))
    say(`agent-a inbox → ${read.map((m: any) => `${m.obligation as string} from ${m.from as string}`).join('; ')}`)
    const body = await call(home, 'read', { obligation: sent.id, as: 'agent-a' })
    expect(body.body).toBe('please review PR 42')
    const working = await client.getTask(GetTaskRequest.fromJSON({ id: sent.id }))
    say(`agent-a read; GetTask → ${TaskState[working.status!.state]}`)
    expect(working.status!.state).toBe(TaskState.TASK_STATE_WORKING)
    await call(home, 'ack', { obligation: sent.id, sentence: 'reviewed: two comments left on PR 42', as: 'agent-a' })

    const done = await waitFor('COMPLETED', async () => await client.getTask(GetTaskRequest.fromJSON({ id: sent.id })), t => t.status?.state === TaskState.TASK_STATE_COMPLETED)
    const meta = done.metadata?.[EXT]
    say(`agent-a ack; GetTask → ${TaskState[done.status!.state]}; ${EXT} receipts ${meta.receipts.map((r: any) => `${r.state as string}(${r.actor as string})`).join(' → ')}`)
    expect(meta.from).toBe('gateway')
    expect(meta.receipts.map((r: any) => r.state)).toContain('COMPLETE')
  }, 30_000)

  it('answers bad requests with A2A errors carrying our codes and keeps serving', async () => {
    const { home, base } = await bridgedHome()
    const url = `${base}/a2a/agent-a`
    const cases: Array<[string, any]> = [
      ['unknown method', await rpc(url, 'CancelTask', { id: 'ob_1' })],
      ['unknown task', await rpc(url, 'GetTask', { id: 'ob_' + '0'.repeat(32) })],
      ['no text part', await rpc(url, 'SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ data: { x: 1 } }] } })],
      ['oversized message', await rpc(url, 'SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x'.repeat(600 * 1024) }] } })]
    ]
    const seen: Array<[number, string]> = []
    for (const [what, r] of cases) {
      say(`${what} → JSON-RPC ${r.error.code as number} ${String(r.error.message).slice(0, 90)}`)
      seen.push([r.error.code, r.error.data.code])
    }
    expect(seen).toEqual([[-32601, 'A2A_METHOD_UNKNOWN'], [-32001, 'OBLIGATION_UNKNOWN'], [-32005, 'A2A_NO_TEXT'], [-32602, 'MESSAGE_TOO_LARGE']])
    const unknownSeat = await fetch(`${base}/a2a/nobody`, { method: 'POST', body: '{}' })
    const unknownBody = await unknownSeat.json()
    say(`POST /a2a/nobody → HTTP ${unknownSeat.status} ${JSON.stringify(unknownBody).slice(0, 80)}`)
    expect([unknownSeat.status, unknownBody.error.code]).toEqual([404, 'ACTOR_NOT_LOCAL'])
    expect((await call(home, 'inbox', { as: 'agent-a' }))).toEqual([])
  }, 30_000)

  it('refuses to listen beyond loopback (the bridge has no authentication)', async () => {
    const [a] = await createMesh(1, { start: false })
    const r = await cli(a.home, ['daemon', '--a2a-port', '0', '--a2a-host', '0.0.0.0'], { AIOS_COMM_LOG: 'error' })
    say(`daemon --a2a-host 0.0.0.0 → exit ${r.code}: ${r.stderr.trim().slice(0, 100)}`)
    expect(errorCode(r)).toBe('A2A_NOT_LOOPBACK')
  }, 20_000)
})
