// The bridge as the official @a2a-js/sdk client sees it: blocking SendMessage answered by a seat's ack with the
// artifact (sentence and evidence), the wait bound, returnImmediately, streaming and SubscribeToTask driven by
// receipts, ListTasks, CancelTask, the REST binding, the 0.3 compatibility layer and the A2A-Version header.
// Two daemons serve the file: one with the default wait bound, each test on its own seat; one with an 800 ms bound
// (and the root card), whose tests count only the messages they sent.
import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ListTasksRequest, SendMessageRequest, TaskState, type Task } from '@a2a-js/sdk'
import { ClientFactory, JsonRpcTransportFactory, RestTransportFactory, type Client } from '@a2a-js/sdk/client'
import { LegacyJsonRpcTransport, LegacyRestTransport } from '@a2a-js/sdk/compat/v0_3/client'
import { call } from '../../../cli/control-client.js'
import { MAX_STREAMS } from '../../../daemon/a2a/constants.js'
import { startBridgedHome, type BridgedHome } from '../../helpers/a2a-home.js'
import { query, waitFor } from '../../helpers/mesh.js'

const TRANSCRIPT = process.env.AIOS_TRANSCRIPT === '1'
const say = (line: string): void => { process.stdout.write(`[a2a] ${line}\n`) }

/** Lines of the daemon's stderr that are not one JSON object (its log format). */
const notJson = (text: string): string[] => text.split('\n').filter(l => l.trim() !== '').filter(l => { try { return typeof JSON.parse(l) !== 'object' } catch { return true } })

const abbreviate = (text: string): string => text.replace(/"([A-Za-z0-9+/=_-]{48,})"/g, (_m, s: string) => `"${s.slice(0, 24)}…"`)

/** A fetch that prints each exchange (request and response JSON, long strings cut) when AIOS_TRANSCRIPT=1. */
const transcriptFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const version = new Headers(init?.headers).get('a2a-version')
  if (TRANSCRIPT) say(`→ ${init?.method ?? 'GET'} ${url}${version === null ? '' : ` (A2A-Version: ${version})`}${init?.body === undefined ? '' : `\n${abbreviate(String(init.body))}`}`)
  const res = await fetch(input, init)
  if (!TRANSCRIPT) return res
  const text = await res.text()
  say(`← HTTP ${res.status} ${res.headers.get('content-type') ?? ''}\n${abbreviate(text)}`)
  return new Response(text, { status: res.status, headers: res.headers })
}

/** A JSON-RPC client of the agent at base: the root card, or with a seat, that seat's card. */
async function jsonRpcClient (base: string, seat?: string): Promise<Client> {
  return await new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl: transcriptFetch })] })
    .createFromUrl(seat === undefined ? base : `${base}/a2a/${seat}/.well-known/agent-card.json`, seat === undefined ? undefined : '')
}

const message = (text: string, extra: Record<string, unknown> = {}): SendMessageRequest =>
  SendMessageRequest.fromJSON({ message: { messageId: `m-${randomUUID()}`, role: 'ROLE_USER', parts: [{ text }] }, ...extra })

function asTask (r: unknown): Task {
  if (typeof r !== 'object' || r === null || !('status' in r)) throw new Error('SendMessage answered with a message, not a task')
  return r as Task
}

const stateName = (t: { status?: { state: TaskState } }): string => TaskState[t.status?.state ?? 0]

async function rpc (url: string, method: string, params: unknown, headers: Record<string, string> = { 'a2a-version': '1.0' }): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return await r.json()
}

/** Message rows the home holds: all of them, or those addressed to one seat. */
const messagesHeld = (home: string, seat?: string): number => seat === undefined
  ? query<{ n: number }>(home, 'SELECT count(*) AS n FROM messages')[0].n
  : query<{ n: number }>(home, 'SELECT count(*) AS n FROM messages WHERE to_handle = ?', seat)[0].n

/** An SSE request over a real HTTP connection that the test can drop; the response once its headers are in. */
async function openStream (url: string, method: string, params: unknown): Promise<{ res: Response, drop: () => void }> {
  const ac = new AbortController()
  const res = await fetch(url, {
    method: 'POST', signal: ac.signal, headers: { 'content-type': 'application/json', 'a2a-version': '1.0', accept: 'text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  })
  return { res, drop: () => { ac.abort() } }
}

const isStream = (r: Response): boolean => (r.headers.get('content-type') ?? '').startsWith('text/event-stream')

/** Listeners on the daemon's observation bus, as its metrics say. */
async function busListeners (metricsUrl: string): Promise<number> {
  const m = /^aios_comm_event_listeners (\S+)$/m.exec(await (await fetch(metricsUrl)).text())
  if (m === null) throw new Error('no aios_comm_event_listeners in the metrics')
  return Number(m[1])
}

/** Waits until the obligation reaches the seat's inbox, then acks it as that seat. */
async function ackWhenArrived (home: string, seat: string, obligation: () => string | undefined, sentence: string): Promise<void> {
  await waitFor(`the message at ${seat}`, async () => (await call(home, 'inbox', { as: seat })).map((m: any) => m.obligation as string), l => obligation() !== undefined && l.includes(obligation() as string))
  await call(home, 'ack', { obligation: obligation() as string, sentence, as: seat })
}

describe('A2A bridge on the SDK server', () => {
  // the default wait bound; every test its own seat (agent-a, the one in the transcript, for the blocking send)
  let main: BridgedHome
  // a short wait bound, and the root card (agent-a is its only seat besides gateway)
  let short: BridgedHome
  beforeAll(async () => {
    [main, short] = await Promise.all([
      startBridgedHome({ seats: ['agent-retry', 'agent-stream', 'agent-list', 'agent-cancel', 'agent-drop'], args: ['--metrics-port', '0'] }),
      startBridgedHome({ args: ['--a2a-wait-ms', '800'] })
    ])
  })
  afterAll(async () => { await Promise.all([main?.close(), short?.close()]) })

  it('blocking SendMessage returns the completed task with the ack sentence and the evidence when the seat acks in time', async () => {
    const { home, base } = main
    const client = await jsonRpcClient(base, 'agent-a')
    // the recipient acks as soon as the message arrives; the sender's blocking call waits for it
    const sentence = 'reviewed: two comments left on PR 42'
    const firstInbox = waitFor('a message at agent-a', async () => await call(home, 'inbox', { as: 'agent-a' }), l => l.length > 0)
      .then(async l => { await call(home, 'ack', { obligation: l[0].obligation, sentence, as: 'agent-a' }) })
    const done = asTask(await client.sendMessage(message('please review PR 42', { configuration: { returnImmediately: false } })))
    await firstInbox
    say(`blocking SendMessage → task ${done.id} ${stateName(done)}`)
    expect(done.id).toMatch(/^ob_/)
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    const artifact = done.artifacts[0]
    const texts = artifact.parts.filter(p => p.content?.$case === 'text').map(p => p.content?.value)
    expect(texts).toEqual([sentence])
    const file = artifact.parts.find(p => p.content?.$case === 'raw')
    expect(file?.filename).toBe(`${done.id}.receipt.md`)
    expect(file?.mediaType).toBe('text/markdown')
    const bytes = file?.content?.value as Buffer
    expect(bytes.toString('utf8')).toContain(sentence)
    expect(file?.metadata?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    say(`artifact: "${String(texts[0])}" + ${String(file?.filename)} (${String(file?.mediaType)}, sha256 ${String(file?.metadata?.sha256).slice(0, 16)}…, ${bytes.byteLength} bytes inline)`)
  }, 30_000)

  it('blocking SendMessage returns the task as it stands when the wait bound passes; returnImmediately returns it submitted', async () => {
    const { home, base } = short
    const client = await jsonRpcClient(base)
    const held = messagesHeld(home)
    const t0 = Date.now()
    const waited = asTask(await client.sendMessage(message('nobody answers this in time')))
    const tookMs = Date.now() - t0
    say(`blocking SendMessage, no ack → ${stateName(waited)} after ${tookMs} ms (bound 800 ms)`)
    expect(tookMs).toBeGreaterThanOrEqual(700)
    expect([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING]).toContain(waited.status?.state)
    const quick = asTask(await client.sendMessage(message('returnImmediately', { configuration: { returnImmediately: true } })))
    say(`returnImmediately → ${stateName(quick)}`)
    expect(quick.status?.state).toBe(TaskState.TASK_STATE_SUBMITTED)
    expect(messagesHeld(home) - held).toBe(2)
  }, 30_000)

  it('a retried messageId is one obligation per client; another text under it is refused with our code in error.data', async () => {
    const { home, base } = main
    const seat = 'agent-retry'
    const url = `${base}/a2a/${seat}`
    const params = { message: { messageId: 'msg-42', role: 'ROLE_USER', parts: [{ text: 'please review PR 42' }] }, configuration: { returnImmediately: true } }
    const first = await rpc(url, 'SendMessage', params)
    const again = await rpc(url, 'SendMessage', params)
    expect(first.result.task.id).toMatch(/^ob_/)
    expect(again.result.task.id).toBe(first.result.task.id)
    expect(messagesHeld(home, seat)).toBe(1)
    const other = await rpc(url, 'SendMessage', { ...params, message: { ...params.message, parts: [{ text: 'please review PR 43' }] } })
    say(`same messageId, other text → ${other.error.code as number} ${JSON.stringify(other.error.data)}`)
    expect(other.error.code).toBe(-32602)
    expect(other.error.data[0].metadata.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(messagesHeld(home, seat)).toBe(1)
  }, 30_000)

  it('SendStreamingMessage streams submitted → working → completed from the receipts; SubscribeToTask follows another task', async () => {
    const { home, base } = main
    const seat = 'agent-stream'
    const client = await jsonRpcClient(base, seat)
    let ob: string | undefined
    const seen: string[] = []
    for await (const e of client.sendMessageStream(message('stream me'))) {
      const p = e.payload
      if (p?.$case === 'task') { ob = p.value.id; seen.push(`task:${stateName(p.value)}`); void ackWhenArrived(home, seat, () => ob, 'streamed and done') }
      if (p?.$case === 'statusUpdate') seen.push(`status:${stateName(p.value)}`)
      if (p?.$case === 'artifactUpdate') seen.push('artifact')
    }
    say(`stream → ${seen.join(' → ')}`)
    expect(seen).toEqual(['task:TASK_STATE_SUBMITTED', 'status:TASK_STATE_WORKING', 'artifact', 'status:TASK_STATE_COMPLETED'])

    const open = asTask(await client.sendMessage(message('subscribe to me', { configuration: { returnImmediately: true } })))
    const events: string[] = []
    const sub = (async () => {
      for await (const e of client.resubscribeTask({ id: open.id, tenant: '' } as any)) {
        const p = e.payload
        if (p?.$case === 'task') events.push(`task:${stateName(p.value)}`)
        if (p?.$case === 'statusUpdate') events.push(`status:${stateName(p.value)}`)
        if (p?.$case === 'artifactUpdate') events.push('artifact')
        if (events.length === 1) await call(home, 'reject', { obligation: open.id, reason: 'not mine to review', as: seat })
      }
    })()
    await sub
    say(`SubscribeToTask → ${events.join(' → ')}`)
    expect(events[0]).toBe('task:TASK_STATE_SUBMITTED')
    expect(events.at(-1)).toBe('status:TASK_STATE_REJECTED')
    const rejected = await client.getTask({ id: open.id, tenant: '' } as any)
    const reason = rejected.status?.message?.parts.map(p => p.content?.value).join('')
    say(`GetTask → ${stateName(rejected)}: "${String(reason)}"`)
    expect(reason).toBe('not mine to review')
  }, 30_000)

  it('ListTasks lists what the bridge sent to the seat, newest first, in pages', async () => {
    const { base } = main
    const seat = 'agent-list'
    const client = await jsonRpcClient(base, seat)
    const ids: string[] = []
    for (const text of ['one', 'two', 'three']) ids.push(asTask(await client.sendMessage(message(text, { configuration: { returnImmediately: true } }))).id)
    const page1 = await client.listTasks(ListTasksRequest.fromJSON({ pageSize: 2 }))
    const page2 = await client.listTasks(ListTasksRequest.fromJSON({ pageSize: 2, pageToken: page1.nextPageToken }))
    say(`ListTasks pageSize 2 → [${page1.tasks.map(t => t.id).join(', ')}] then [${page2.tasks.map(t => t.id).join(', ')}], total ${page1.totalSize}`)
    expect([...page1.tasks, ...page2.tasks].map(t => t.id)).toEqual(ids.reverse())
    expect(page1.totalSize).toBe(3)
    expect(page2.nextPageToken).toBe('')
    const filtered = await rpc(`${base}/a2a/${seat}`, 'ListTasks', { contextId: 'review-42' })
    say(`ListTasks by contextId → ${filtered.error.code as number} ${filtered.error.message as string}`)
    expect([filtered.error.code, filtered.error.data[0].metadata.code]).toEqual([-32004, 'A2A_FILTER_UNSUPPORTED'])
  }, 30_000)

  it('CancelTask withdraws an open task (a signed CANCELED, the subscriber sees it); a completed task is TaskNotCancelable', async () => {
    const { home, base } = main
    const seat = 'agent-cancel'
    const url = `${base}/a2a/${seat}`
    const client = await jsonRpcClient(base, seat)
    const open = asTask(await client.sendMessage(message('withdraw me', { configuration: { returnImmediately: true } })))
    await waitFor(`the message at ${seat}`, async () => await call(home, 'inbox', { as: seat }), l => l.some((m: any) => m.obligation === open.id))
    const events: string[] = []
    let subscribed!: () => void
    const ready = new Promise<void>(resolve => { subscribed = resolve })
    const sub = (async () => {
      for await (const e of client.resubscribeTask({ id: open.id, tenant: '' } as any)) {
        const p = e.payload
        if (p?.$case === 'task') { events.push(`task:${stateName(p.value)}`); subscribed() }
        if (p?.$case === 'statusUpdate') events.push(`status:${stateName(p.value)}`)
      }
    })()
    await ready
    const canceled = await client.cancelTask({ id: open.id, tenant: '', metadata: { reason: 'no longer needed' } } as any)
    await sub
    say(`CancelTask on an open task → ${stateName(canceled)} "${String(canceled.status?.message?.parts.map(p => p.content?.value).join(''))}"; the subscriber saw ${events.join(' → ')}`)
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED)
    expect(canceled.status?.message?.parts[0].content?.value).toBe('no longer needed')
    expect(events).toEqual(['task:TASK_STATE_SUBMITTED', 'status:TASK_STATE_CANCELED'])
    const states = query<{ state: string }>(home, `SELECT state FROM receipts WHERE message_id = x'${open.id.slice(3)}' ORDER BY at_ms`).map(r => r.state)
    expect(states).toContain('CANCELED')
    const again = await client.cancelTask({ id: open.id, tenant: '' } as any)
    expect(again.status?.state).toBe(TaskState.TASK_STATE_CANCELED) // canceling twice answers with the canceled task

    const t = asTask(await client.sendMessage(message('finish me', { configuration: { returnImmediately: true } })))
    await ackWhenArrived(home, seat, () => t.id, 'finished')
    await waitFor('COMPLETED', async () => await client.getTask({ id: t.id, tenant: '' } as any), x => x.status?.state === TaskState.TASK_STATE_COMPLETED)
    const cancel = await rpc(url, 'CancelTask', { id: t.id })
    say(`CancelTask on a completed task → ${cancel.error.code as number} ${cancel.error.message as string}`)
    expect(cancel.error.code).toBe(-32002)
    const unknown = await rpc(url, 'GetTask', { id: 'ob_' + '0'.repeat(32) })
    say(`GetTask unknown → ${unknown.error.code as number} ${JSON.stringify(unknown.error.data)}`)
    expect(unknown.error.code).toBe(-32001)
    expect(unknown.error.data[0].metadata.code).toBe('OBLIGATION_UNKNOWN')
    const noText = await rpc(url, 'SendMessage', { message: { messageId: 'm-data', role: 'ROLE_USER', parts: [{ data: { x: 1 } }] } })
    expect([noText.error.code, noText.error.data[0].metadata.code]).toEqual([-32005, 'A2A_NO_TEXT'])
    expect(messagesHeld(home, seat)).toBe(2)
  }, 30_000)

  it('the REST binding sends and gets; the card declares it; A2A-Version 0.3 goes through the compat layer, an unknown version is -32009', async () => {
    const { home, base, daemon } = short
    const held = messagesHeld(home)
    const card = await (await fetch(`${base}/.well-known/agent-card.json`)).json()
    const ifaces = card.supportedInterfaces.map((i: any) => `${i.protocolBinding as string} ${i.protocolVersion as string} ${i.url as string}`)
    say(`card interfaces: ${ifaces.join('; ')}; capabilities.streaming ${String(card.capabilities.streaming)}`)
    expect(card.supportedInterfaces).toEqual(expect.arrayContaining([
      { url: `${base}/a2a/agent-a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/a2a/agent-a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: `${base}/a2a/agent-a`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' }
    ]))
    expect(card.capabilities.streaming).toBe(true)
    expect(card.capabilities.pushNotifications).toBeUndefined()

    const rest = await new ClientFactory({ transports: [new RestTransportFactory({ fetchImpl: transcriptFetch })], preferredTransports: ['HTTP+JSON'] }).createFromUrl(base)
    const sent = asTask(await rest.sendMessage(message('over REST', { configuration: { returnImmediately: true } })))
    const got = await rest.getTask({ id: sent.id, tenant: '' } as any)
    say(`REST message:send → ${sent.id} ${stateName(sent)}; REST GET task → ${stateName(got)}`)
    expect(got.id).toBe(sent.id)

    const legacy = new LegacyJsonRpcTransport({ endpoint: `${base}/a2a/agent-a` })
    const old = asTask(await legacy.sendMessage(message('from a 0.3 client', { configuration: { returnImmediately: true } })))
    say(`0.3 client message/send → ${old.id} ${stateName(old)}`)
    expect(old.id).toMatch(/^ob_/)
    const oldRest = new LegacyRestTransport({ endpoint: `${base}/a2a/agent-a/rest` })
    const viaOldRest = await oldRest.getTask({ id: old.id, tenant: '' } as any)
    say(`0.3 REST client GET task → ${viaOldRest.id} ${stateName(viaOldRest)}`)
    expect(viaOldRest.id).toBe(old.id)
    const future = await rpc(`${base}/a2a/agent-a`, 'SendMessage', { message: { messageId: 'm-v2', role: 'ROLE_USER', parts: [{ text: 'v2' }] } }, { 'a2a-version': '2.0' })
    say(`A2A-Version 2.0 → ${future.error.code as number} ${future.error.message as string}`)
    expect(future.error.code).toBe(-32009)
    expect(messagesHeld(home) - held).toBe(2)
    expect(notJson(daemon.stderr)).toEqual([]) // what the SDK prints about a refusal goes to the daemon's JSON log
  }, 30_000)

  it('a stream whose client goes away stops following its task at once; at most MAX_STREAMS streams are open at a time', async () => {
    const { base, daemon } = main
    const seat = 'agent-drop'
    const url = `${base}/a2a/${seat}`
    const metrics = daemon.ready.metrics as string
    const listeners = async (): Promise<number> => await busListeners(metrics)
    const client = await jsonRpcClient(base, seat)
    const open = asTask(await client.sendMessage(message('nobody answers this', { configuration: { returnImmediately: true } })))
    const idle = await listeners()

    // streams of both kinds, then every client goes away while the task is still open
    const send = (i: number): unknown => ({ message: { messageId: `m-drop-${i}`, role: 'ROLE_USER', parts: [{ text: `stream ${i}` }] } })
    const streams = await Promise.all(Array.from({ length: 8 }, async (_, i) =>
      await openStream(url, i % 2 === 0 ? 'SendStreamingMessage' : 'SubscribeToTask', i % 2 === 0 ? send(i) : { id: open.id })))
    expect(streams.map(s => isStream(s.res))).toEqual(Array(8).fill(true))
    await waitFor('a bus listener per stream', listeners, n => n === idle + 8)
    for (const s of streams) s.drop()
    const after = await waitFor('the listeners of the dropped streams gone', listeners, n => n === idle, 10_000).catch(async () => await listeners())
    say(`8 streams → ${idle + 8} bus listeners; clients gone → ${after} (idle ${idle})`)
    expect(after).toBe(idle)

    // MAX_STREAMS at once; one more is refused with our code and sends nothing; a slot frees when a client leaves
    const full = await Promise.all(Array.from({ length: MAX_STREAMS }, async () => await openStream(url, 'SubscribeToTask', { id: open.id })))
    expect(full.every(s => isStream(s.res))).toBe(true)
    const held = messagesHeld(main.home, seat)
    const extra = [await openStream(url, 'SubscribeToTask', { id: open.id }), await openStream(url, 'SendStreamingMessage', send(100))]
    const refused = await Promise.all(extra.map(async s => { if (isStream(s.res)) { s.drop(); return 'a stream' } return (await s.res.json()).error?.data?.[0]?.metadata?.code }))
    say(`${MAX_STREAMS} streams open; one more → ${refused.join(', ')}`)
    expect(refused).toEqual(['A2A_TOO_MANY_STREAMS', 'A2A_TOO_MANY_STREAMS'])
    expect(messagesHeld(main.home, seat)).toBe(held)
    full[0].drop()
    const again = await waitFor('a slot free again', async () => await openStream(url, 'SubscribeToTask', { id: open.id }), s => isStream(s.res), 10_000)
    for (const s of [...full, again]) s.drop()
    await waitFor('every listener gone', listeners, n => n === idle, 10_000)
  }, 60_000)
})
