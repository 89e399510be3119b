// The @a2a-js/sdk client against the daemon's A2A bridge: card and signature, SendMessage to a seat, GetTask until
// COMPLETED; what a web page could send (foreign Origin, text/plain, a rebound Host) is refused, and the optional token
// (on the JSON-RPC, REST and SSE routes); a retried messageId is one task. Two daemons serve the file, one with the
// token; the tests sharing one count only the messages they made.
import { randomUUID } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GetTaskRequest, SendMessageRequest, TaskState, verifyAgentCardSignature } from '@a2a-js/sdk'
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client'
import { b64url, parseKeyText, verifyCardJson } from '../../../cards/index.js'
import { call } from '../../../cli/control-client.js'
import { startBridgedHome, type BridgedHome } from '../../helpers/a2a-home.js'
import { cli, errorCode } from '../../helpers/cli.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'

const EXT = 'urn:aios-comm:a2a:mesh:v1'
const say = (line: string): void => { process.stdout.write(`[a2a] ${line}\n`) }

async function rpc (url: string, method: string, params: unknown): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return await r.json()
}

// each message its own messageId: a client that reuses one is asking for the same task again
const sendBody = (text: string): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: `m-${randomUUID()}`, role: 'ROLE_USER', parts: [{ text }] }, configuration: { returnImmediately: true } } })

/** A raw HTTP/1.1 request with exactly the headers given (fetch would not let a test set Host). */
async function raw (url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number, json: any }> {
  return await new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, res => {
      let text = ''
      res.setEncoding('utf8').on('data', (d: string) => { text += d }).on('end', () => {
        let json: any
        try { json = JSON.parse(text) } catch { json = text }
        resolve({ status: res.statusCode ?? 0, json })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Every message row the home holds, sent or received: a refused request must leave this untouched. */
const stored = (home: string): number => query<{ n: number }>(home, 'SELECT count(*) AS n FROM messages')[0].n

/** agent-a's inbox, its obligations only: what a test finds there is compared with what was there before it. */
const inboxOf = async (home: string): Promise<string[]> => (await call(home, 'inbox', { as: 'agent-a' })).map((m: any) => m.obligation as string)

/** What `now` holds that `before` did not. */
const added = (before: string[], now: string[]): string[] => now.filter(x => !before.includes(x))

describe('A2A bridge', () => {
  // seats agent-a and gateway only, so that the root well-known card is agent-a's
  let open: BridgedHome
  let tokened: BridgedHome
  beforeAll(async () => {
    [open, tokened] = await Promise.all([startBridgedHome(), startBridgedHome({ args: ['--a2a-token'] })])
  })
  afterAll(async () => { await Promise.all([open?.close(), tokened?.close()]) })

  it('serves a signed card, bridges SendMessage to a seat and reports COMPLETED after its ack', async () => {
    const { home, base } = open
    const raw = await (await fetch(`${base}/.well-known/agent-card.json`)).json()
    const ext = raw.capabilities.extensions.find((e: any) => e.params?.actorKey !== undefined)
    const jwk = { kty: 'OKP', crv: 'Ed25519', x: b64url(parseKeyText(ext.params.actorKey) as Uint8Array) }
    await verifyAgentCardSignature(async () => jwk)(raw)
    const jsonrpc = raw.supportedInterfaces.find((i: any) => i.protocolBinding === 'JSONRPC')
    say(`GET ${base}/.well-known/agent-card.json → ${raw.name as string}, signature verified by @a2a-js/sdk; JSONRPC at ${jsonrpc.url as string}`)
    expect(jsonrpc.url).toBe(`${base}/a2a/agent-a`)
    const perSeat = await (await fetch(`${base}/a2a/agent-a/.well-known/agent-card.json`)).json()
    expect(perSeat).toEqual(raw)

    const client = await new ClientFactory().createFromUrl(base)
    const sent = await client.sendMessage(SendMessageRequest.fromJSON({
      message: { messageId: 'm-1', role: 'ROLE_USER', contextId: 'review-42', parts: [{ text: 'please review PR 42' }] },
      configuration: { returnImmediately: true }
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
    const { home, base } = open
    const url = `${base}/a2a/agent-a`
    const before = await inboxOf(home)
    const cases: Array<[string, any]> = [
      ['unknown method', await rpc(url, 'FetchWeather', { id: 'ob_1' })],
      ['unknown task', await rpc(url, 'GetTask', { id: 'ob_' + '0'.repeat(32) })],
      ['no text part', await rpc(url, 'SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ data: { x: 1 } }] } })],
      ['oversized message', await rpc(url, 'SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x'.repeat(600 * 1024) }] } })]
    ]
    const seen: Array<[number, string]> = []
    for (const [what, r] of cases) {
      say(`${what} → JSON-RPC ${r.error.code as number} ${String(r.error.message).slice(0, 90)}`)
      seen.push([r.error.code, r.error.data?.[0]?.metadata?.code])
    }
    expect(seen).toEqual([[-32601, undefined], [-32001, 'OBLIGATION_UNKNOWN'], [-32005, 'A2A_NO_TEXT'], [-32602, 'MESSAGE_TOO_LARGE']])
    const unknownSeat = await fetch(`${base}/a2a/nobody`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    const unknownBody = await unknownSeat.json()
    say(`POST /a2a/nobody → HTTP ${unknownSeat.status} ${JSON.stringify(unknownBody).slice(0, 80)}`)
    expect([unknownSeat.status, unknownBody.error.code]).toEqual([404, 'ACTOR_NOT_LOCAL'])
    expect(await inboxOf(home)).toEqual(before)
  }, 30_000)

  it('refuses what a web page could send: a foreign Origin, a text/plain body, a rebound Host; a plain JSON POST still works', async () => {
    const { home, base } = open
    const url = `${base}/a2a/agent-a`
    const port = new URL(base).port
    const [before, held] = [await inboxOf(home), stored(home)]
    // what a form or a no-cors fetch on http://evil.example sends: no preflight, so the browser delivers it
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ['text/plain from a foreign Origin', { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://evil.example' }, 403, 'ORIGIN_REFUSED'],
      ['JSON from a foreign Origin', { 'content-type': 'application/json', origin: 'http://evil.example' }, 403, 'ORIGIN_REFUSED'],
      ['JSON from another loopback port', { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' }, 403, 'ORIGIN_REFUSED'],
      ['JSON from an opaque Origin', { 'content-type': 'application/json', origin: 'null' }, 403, 'ORIGIN_REFUSED'],
      ['text/plain with no Origin', { 'content-type': 'text/plain' }, 415, 'CONTENT_TYPE_REFUSED'],
      ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 415, 'CONTENT_TYPE_REFUSED'],
      ['no content type', {}, 415, 'CONTENT_TYPE_REFUSED'],
      ['DNS rebinding: Host evil.example', { 'content-type': 'application/json', host: `evil.example:${port}` }, 421, 'HOST_NOT_LOOPBACK']
    ]
    const seen: Array<[string, number, string, number]> = []
    for (const [what, headers] of cases) {
      const r = await raw(url, 'POST', headers, sendBody(`from ${what}`))
      say(`${what} → HTTP ${r.status} ${String(r.json?.error?.code)}`)
      seen.push([what, r.status, r.json?.error?.code, stored(home) - held]) // messages stored by this test so far
    }
    expect(seen).toEqual(cases.map(([what, , status, code]) => [what, status, code, 0]))
    // a rebound Host cannot read the card either
    expect((await raw(`${base}/.well-known/agent-card.json`, 'GET', { host: `evil.example:${port}` })).status).toBe(421)

    // a JSON POST with no Origin (any non-browser client), and one from the bridge's own origin, still go through
    const plain = await raw(url, 'POST', { 'content-type': 'application/json', 'a2a-version': '1.0' }, sendBody('from a local script'))
    expect(plain.json.result.task.id).toMatch(/^ob_/)
    const own = await raw(url, 'POST', { 'content-type': 'application/json', 'a2a-version': '1.0', origin: base }, sendBody('from the bridge origin'))
    expect(own.json.result.task.id).toMatch(/^ob_/)
    const inbox = await waitFor('both at agent-a', async () => added(before, await inboxOf(home)), l => l.length === 2)
    expect(inbox.sort()).toEqual([plain.json.result.task.id, own.json.result.task.id].sort())
    expect(stored(home) - held).toBe(2)
  }, 30_000)

  it('--a2a-token: the card declares a bearer scheme and still verifies; requests without the token get 401 and queue nothing', async () => {
    const { home, base } = tokened
    const [before, held] = [await inboxOf(home), stored(home)]
    const file = join(home, 'a2a.token')
    const token = readFileSync(file, 'utf8').trim()
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)

    // the card is public (clients need it to learn the scheme) and declares the scheme and the requirement
    const text = await (await fetch(`${base}/.well-known/agent-card.json`)).text()
    const card = JSON.parse(text)
    const [name, scheme] = Object.entries(card.securitySchemes ?? {})[0] ?? []
    expect(scheme).toMatchObject({ httpAuthSecurityScheme: { scheme: 'Bearer' } })
    expect(card.securityRequirements).toEqual([{ schemes: { [name as string]: { list: expect.any(Array) } } }])
    const ext = card.capabilities.extensions.find((e: any) => e.params?.actorKey !== undefined)
    await verifyAgentCardSignature(async () => ({ kty: 'OKP', crv: 'Ed25519', x: b64url(parseKeyText(ext.params.actorKey) as Uint8Array) }))(card)
    expect(verifyCardJson(text).ok).toBe(true)
    say(`card declares ${name as string}: ${JSON.stringify(scheme)}; verified by @a2a-js/sdk and by verifyCardJson`)

    const url = `${base}/a2a/agent-a`
    const none = await raw(url, 'POST', { 'content-type': 'application/json' }, sendBody('no token'))
    const wrong = await raw(url, 'POST', { 'content-type': 'application/json', authorization: `Bearer ${'0'.repeat(64)}` }, sendBody('wrong token'))
    say(`no token → HTTP ${none.status} ${String(none.json?.error?.code)}; wrong token → HTTP ${wrong.status} ${String(wrong.json?.error?.code)}`)
    expect([none.status, none.json?.error?.code]).toEqual([401, 'A2A_TOKEN_REQUIRED'])
    expect([wrong.status, wrong.json?.error?.code]).toEqual([401, 'A2A_TOKEN_INVALID'])
    expect(stored(home) - held).toBe(0)

    // the SDK client with the token in every request
    const withToken: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('authorization', `Bearer ${token}`)
      return await fetch(input, { ...init, headers })
    }
    const client = await new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl: withToken })] }).createFromUrl(base)
    const sent = await client.sendMessage(SendMessageRequest.fromJSON({ message: { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'with the token' }] }, configuration: { returnImmediately: true } }))
    if (!('status' in sent)) throw new Error('SendMessage answered with a message, not a task')
    expect(sent.id).toMatch(/^ob_/)
    await waitFor('the message at agent-a', async () => added(before, await inboxOf(home)), l => l.length === 1 && l[0] === sent.id)
    expect((await client.getTask(GetTaskRequest.fromJSON({ id: sent.id }))).id).toBe(sent.id)
    expect(stored(home) - held).toBe(1)
  }, 30_000)

  it('Host, Origin, content type and token are checked on the REST and SSE routes too', async () => {
    const { home, base } = tokened
    const port = new URL(base).port
    const held = stored(home)
    const body = JSON.stringify({ message: { messageId: 'm-rest', role: 'ROLE_USER', parts: [{ text: 'x' }] } })
    const restSend = `${base}/a2a/agent-a/rest/message:send`
    const restStream = `${base}/a2a/agent-a/rest/message:stream`
    const subscribe = `${base}/a2a/agent-a/rest/tasks/ob_${'0'.repeat(32)}:subscribe`
    const json = { 'content-type': 'application/json', 'a2a-version': '1.0' }
    const cases: Array<[string, string, string, Record<string, string>, number, string]> = [
      ['REST send, no token', restSend, 'POST', json, 401, 'A2A_TOKEN_REQUIRED'],
      ['REST stream, no token', restStream, 'POST', json, 401, 'A2A_TOKEN_REQUIRED'],
      ['SSE subscribe, no token', subscribe, 'GET', { 'a2a-version': '1.0' }, 401, 'A2A_TOKEN_REQUIRED'],
      ['REST send, foreign Origin', restSend, 'POST', { ...json, origin: 'http://evil.example' }, 403, 'ORIGIN_REFUSED'],
      ['SSE subscribe, foreign Origin', subscribe, 'GET', { origin: 'http://evil.example' }, 403, 'ORIGIN_REFUSED'],
      ['REST send, text/plain', restSend, 'POST', { 'content-type': 'text/plain' }, 415, 'CONTENT_TYPE_REFUSED'],
      ['REST stream, rebound Host', restStream, 'POST', { ...json, host: `evil.example:${port}` }, 421, 'HOST_NOT_LOOPBACK'],
      ['SSE subscribe, rebound Host', subscribe, 'GET', { host: `evil.example:${port}` }, 421, 'HOST_NOT_LOOPBACK']
    ]
    const seen: Array<[string, number, string]> = []
    for (const [what, url, method, headers] of cases) {
      const r = await raw(url, method, headers, method === 'POST' ? body : undefined)
      say(`${what} → HTTP ${r.status} ${String(r.json?.error?.code)}`)
      seen.push([what, r.status, r.json?.error?.code])
    }
    expect(seen).toEqual(cases.map(([what, , , , status, code]) => [what, status, code]))
    expect(stored(home) - held).toBe(0)
  }, 30_000)

  it('SendMessage retried with the same messageId returns the same task; another text under it is refused', async () => {
    const { home, base } = open
    const url = `${base}/a2a/agent-a`
    const before = await inboxOf(home)
    const send = async (messageId: string, text: string): Promise<any> =>
      await rpc(url, 'SendMessage', { message: { messageId, role: 'ROLE_USER', parts: [{ text }] }, configuration: { returnImmediately: true } })
    const first = await send('msg-42', 'please review PR 42')
    const again = await send('msg-42', 'please review PR 42')
    expect(first.result.task.id).toMatch(/^ob_/)
    expect(again.result.task.id).toBe(first.result.task.id)
    const other = await send('msg-42', 'please review PR 43')
    expect(other.error.data[0].metadata.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(added(before, await inboxOf(home))).toEqual([first.result.task.id])
  }, 30_000)

  it('refuses to listen beyond loopback', async () => {
    const [a] = await createMesh(1, { start: false })
    const r = await cli(a.home, ['daemon', '--a2a-port', '0', '--a2a-host', '0.0.0.0'], { AIOS_COMM_LOG: 'error' })
    say(`daemon --a2a-host 0.0.0.0 → exit ${r.code}: ${r.stderr.trim().slice(0, 100)}`)
    expect(errorCode(r)).toBe('A2A_NOT_LOOPBACK')
  }, 20_000)
})
