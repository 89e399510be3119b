// The MCP tools as a model sees them, with the official SDK client over stdio against two real daemons: every
// tool's real output validates against its advertised outputSchema, refusals come back as tool results with
// isError and our code, and reply, thread, outbox and whoami answer with the right data; a send, read, ack and
// COMPLETE across two nodes with the new-message notice. One two-node mesh and one lone node (whose peers are none)
// serve the file, started together; each test speaks through its own seats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { mcpClient, mcpErrorOf } from '../helpers/mcp.js'
import { waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { startSharedMesh, type SharedMesh } from '../helpers/shared-mesh.js'
import { ok } from '../helpers/cli.js'

const say = (line: string): void => { process.stdout.write(`[mcp-tools] ${line}\n`) }

/** Every tool result seen, by tool: checked against the tool's outputSchema at the end. */
type Seen = Map<string, Array<Record<string, unknown>>>

async function run (client: Client, seen: Seen, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await client.callTool({ name, arguments: args }) // the SDK client validates structuredContent itself
  seen.set(name, [...(seen.get(name) ?? []), r.structuredContent as Record<string, unknown>])
  return r
}

async function tool (client: Client, seen: Seen, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await run(client, seen, name, args)
  expect(r.isError, JSON.stringify(r.content)).not.toBe(true)
  return r.structuredContent
}

async function refused (client: Client, seen: Seen, name: string, args: Record<string, unknown>): Promise<string> {
  const r = await run(client, seen, name, args)
  expect(r.isError).toBe(true)
  const text = (r.content as Array<{ text: string }>)[0].text
  const code = (r.structuredContent as { error: { code: string, message: string } }).error.code
  expect(text.startsWith(`${code}: `)).toBe(true)
  say(`${name} ${JSON.stringify(args).slice(0, 60)} → isError ${text.slice(0, 100)}`)
  return code
}

let pair: SharedMesh
let lone: SharedMesh
let a: MeshNodeHandle
let b: MeshNodeHandle
let solo: MeshNodeHandle
beforeAll(async () => {
  [pair, lone] = await Promise.all([startSharedMesh([['tools-a', 'hello-a'], ['tools-b', 'hello-b']]), startSharedMesh([['refuse-a', 'bad-a']])])
  ;[a, b] = pair.nodes
  ;[solo] = lone.nodes
}, 60_000)
afterAll(async () => { await Promise.all([pair?.close(), lone?.close()]) })

async function connect (home: string, as: string): Promise<{ client: Client, notes: unknown[] }> {
  const notes: unknown[] = []
  const client = await mcpClient(home, as, { setup: c => c.setNotificationHandler(LoggingMessageNotificationSchema, n => { if ((n.params.data as { event?: string }).event === 'message') notes.push(n.params.data) }) })
  return { client, notes }
}

async function plain (client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await client.callTool({ name, arguments: args })
  expect(r.isError).not.toBe(true)
  return r.structuredContent
}

describe('aios-comm mcp', () => {
  it('sends from A, reads and acks at B, and A sees COMPLETE', async () => {
    const A = await connect(a.home, 'hello-a')
    const B = await connect(b.home, 'hello-b')

    const tools = (await A.client.listTools()).tools.map(t => t.name)
    say(`A tools/list → ${tools.join(', ')}`)
    expect(tools).toEqual(['send', 'reply', 'wait_for_message', 'wait_for_state', 'cancel', 'inbox', 'claim', 'renew', 'release', 'read', 'consume', 'ack', 'audit', 'reject', 'status', 'thread', 'outbox', 'whoami', 'where', 'find_seats', 'peers'])

    const sent = await plain(A.client, 'send', { to: 'hello-b', text: 'please summarise the build log' })
    say(`A send {to: hello-b} → ${sent.obligation as string} ${sent.state as string}`)
    expect(sent.state).toBe('DELIVERY_PENDING')

    const inbox = await waitFor('the message at B', async () => await plain(B.client, 'inbox'), r => r.messages.some((m: any) => m.obligation === sent.obligation))
    say(`B inbox → ${inbox.messages.map((m: any) => `${m.obligation as string} from ${m.from as string} ${m.state as string}`).join('; ')}`)
    const note = await waitFor('a new-message notification at B', () => B.notes, n => n.length > 0, 10_000)
    say(`B notification → ${JSON.stringify(note[0])}`)
    expect(note[0]).toMatchObject({ event: 'message', obligation: sent.obligation, from: 'hello-a' })

    const read = await plain(B.client, 'read', { obligation: sent.obligation })
    say(`B read → ${read.state as string} body ${JSON.stringify(read.body)}`)
    expect(read.body).toBe('please summarise the build log')
    const acked = await plain(B.client, 'ack', { obligation: sent.obligation, sentence: 'summarised in notes/build.md' })
    say(`B ack → ${acked.state as string} evidence sha256 ${String(acked.evidence.sha256).slice(0, 16)}…`)

    const done = await waitFor('COMPLETE at A', async () => await plain(A.client, 'status', { obligation: sent.obligation }), s => s.state === 'COMPLETE')
    say(`A status → ${done.state as string}; receipts ${done.receipts.map((r: any) => `${r.state as string}(${r.actor as string}${r.verified === true ? ', verified' : ''})`).join(' → ')}`)
    expect(done.receipts.map((r: any) => r.state)).toContain('COMPLETE')
  }, 45_000)

  it('answers bad input with tool results that carry isError and our codes, and leaves the daemon running', async () => {
    const A = await connect(solo.home, 'bad-a')
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['wrong argument types', 'send', { to: 7, text: ['x'] }],
      ['unknown seat', 'send', { to: 'agent-zz', text: 'hi' }],
      ['oversized message', 'send', { to: 'bad-a', text: 'x'.repeat(600 * 1024) }]
    ]
    const codes: string[] = []
    for (const [what, name, args] of cases) {
      const r = await A.client.callTool({ name, arguments: args })
      const text = (r.content as Array<{ text: string }>)[0].text
      say(`${what} → isError ${String(r.isError)} ${text.slice(0, 90)}`)
      expect(r.isError).toBe(true)
      codes.push((r.structuredContent as { error: { code: string } }).error.code)
    }
    const unknown = await mcpErrorOf(A.client.callTool({ name: 'launch', arguments: {} }))
    say(`unknown tool → JSON-RPC ${unknown.rpc} ${unknown.message.replace(/^(MCP error -?\d+: )+/, '').slice(0, 90)}`)
    codes.push(unknown.code)
    expect(codes).toEqual(['BAD_REQUEST', 'RECIPIENT_UNKNOWN', 'MESSAGE_TOO_LARGE', 'TOOL_UNKNOWN'])
    expect(solo.daemon.running).toBe(true)
    expect((await plain(A.client, 'peers')).peers).toEqual([])
  }, 30_000)
})

describe('mcp tools', () => {
  it('reply answers in the same thread; thread, outbox and whoami show the seat\'s side; every output fits its schema', async () => {
    const A = await mcpClient(a.home, 'tools-a')
    const B = await mcpClient(b.home, 'tools-b')
    const listed = (await A.listTools()).tools
    await B.listTools() // the SDK client validates outputs only for tools it has listed
    const seen: Seen = new Map()

    const s1 = await tool(A, seen, 'send', { to: 'tools-b', text: 'review PR 7' })
    expect((await tool(B, seen, 'wait_for_message', { timeoutMs: 20_000 })).message.obligation).toBe(s1.obligation)
    await tool(B, seen, 'inbox')
    await tool(B, seen, 'read', { obligation: s1.obligation })
    const r1 = await tool(B, seen, 'reply', { obligation: s1.obligation, text: 'on it' })
    say(`B reply to ${s1.obligation as string} → ${r1.obligation as string} to ${r1.to as string} in thread ${r1.thread as string}`)
    expect(r1).toMatchObject({ to: 'tools-a', from: 'tools-b', state: 'DELIVERY_PENDING', thread: s1.obligation })
    const back = await tool(A, seen, 'wait_for_message', { from: 'tools-b', timeoutMs: 20_000 })
    expect(back.message).toMatchObject({ obligation: r1.obligation, thread: s1.obligation, preview: 'on it' })

    // a thread named by the sender: the reply keeps it
    const s2 = await tool(A, seen, 'send', { to: 'tools-b', text: 'tag the release', thread: 'release-3' })
    await waitFor('s2 at B', async () => await tool(B, seen, 'inbox'), r => r.messages.some((m: any) => m.obligation === s2.obligation))
    await tool(B, seen, 'read', { obligation: s2.obligation })
    const r2 = await tool(B, seen, 'reply', { obligation: s2.obligation, text: 'tagged v3.0.0' })
    expect(r2.thread).toBe('release-3')

    // the conversation from both sides, oldest first; by the opening obligation id or by the thread id
    const atA = await tool(A, seen, 'thread', { thread: s1.obligation })
    expect(atA.messages.map((m: any) => [m.obligation, m.direction])).toEqual([[s1.obligation, 'out'], [r1.obligation, 'in']])
    const atB = await tool(B, seen, 'thread', { thread: r1.thread })
    expect(atB.messages.map((m: any) => [m.obligation, m.direction, m.preview])).toEqual([[s1.obligation, 'in', 'review PR 7'], [r1.obligation, 'out', 'on it']])
    expect((await tool(B, seen, 'thread', { thread: 'release-3' })).messages.map((m: any) => m.obligation)).toEqual([s2.obligation, r2.obligation])
    expect((await tool(A, seen, 'thread', { thread: 'nothing-here' })).messages).toEqual([])

    await tool(B, seen, 'consume', { obligation: s1.obligation })
    await tool(B, seen, 'ack', { obligation: s1.obligation, sentence: 'reviewed PR 7, two comments' })
    expect((await tool(A, seen, 'wait_for_state', { obligation: s1.obligation, timeoutMs: 20_000 })).state).toBe('COMPLETE')
    await tool(A, seen, 'status', { obligation: s1.obligation })
    await tool(A, seen, 'reject', { obligation: r1.obligation, reason: 'no reply needed' })

    // outbox: this seat's sent obligations, newest first, open only unless all
    const open = await tool(A, seen, 'outbox')
    expect(open.obligations.map((o: any) => o.obligation)).toEqual([s2.obligation])
    const all = await tool(A, seen, 'outbox', { all: true })
    expect(all.obligations.map((o: any) => [o.obligation, o.state, o.to])).toEqual([[s2.obligation, expect.any(String), 'tools-b'], [s1.obligation, 'COMPLETE', 'tools-b']])
    expect(all.obligations[0].thread).toBe('release-3')
    const fromB = await tool(B, seen, 'outbox', { all: true })
    expect(fromB.obligations.map((o: any) => o.obligation).sort()).toEqual([r1.obligation, r2.obligation].sort())

    const me = await tool(A, seen, 'whoami')
    const mesh = await ok(a.home, ['mesh', 'show', '--json'])
    say(`A whoami → ${JSON.stringify(me)}`)
    expect(me).toMatchObject({ handle: 'tools-a', peerId: a.daemon.peerId, carrier: expect.any(String), isolated: false, meshKey: mesh.meshKey, cardSeq: expect.any(Number) })
    expect((await tool(B, seen, 'whoami')).handle).toBe('tools-b')
    await tool(A, seen, 'where', { handle: 'tools-b' })
    expect(await tool(A, seen, 'find_seats', { skill: 'code-review' })).toEqual({ query: { skill: 'code-review' }, seats: [] })
    await ok(b.home, ['actor', 'add', 'tools-b', '--skill', 'code-review:reviews changes', '--tag', 'typescript'])
    await waitFor('tools-b found at A', async () => (await A.callTool({ name: 'find_seats', arguments: { tag: 'typescript' } })).structuredContent as any,
      r => r.seats.length === 1, 20_000)
    expect((await tool(A, seen, 'find_seats', { skill: 'code-review', tag: 'typescript' })).seats).toMatchObject([{ handle: 'tools-b', local: false, healthy: true, skills: ['code-review'], tools: [] }])
    await tool(A, seen, 'peers')

    // the sender withdraws: the recipient's wait hears it (state CANCELED) until it reads it; its ack is refused
    const s3 = await tool(A, seen, 'send', { to: 'tools-b', text: 'migrate the database' })
    expect((await tool(B, seen, 'wait_for_message', { timeoutMs: 20_000 })).message.obligation).toBe(s3.obligation)
    await tool(B, seen, 'read', { obligation: s3.obligation })
    const gone = tool(A, seen, 'wait_for_state', { obligation: s3.obligation, timeoutMs: 20_000 })
    expect(await tool(A, seen, 'cancel', { obligation: s3.obligation, reason: 'done by hand' })).toEqual({ obligation: s3.obligation, state: 'CANCELED', issued: ['CANCELED'] })
    expect(await gone).toMatchObject({ state: 'CANCELED', reached: true })
    const heard = await tool(B, seen, 'wait_for_message', { timeoutMs: 20_000 })
    say(`B wait after A's cancel → ${JSON.stringify(heard.message)}`)
    expect(heard.message).toMatchObject({ obligation: s3.obligation, state: 'CANCELED' })
    expect(await refused(B, seen, 'ack', { obligation: s3.obligation, sentence: 'migrated' })).toBe('OBLIGATION_CANCELED')
    await tool(B, seen, 'read', { obligation: s3.obligation })
    expect(await tool(B, seen, 'wait_for_message', { timeoutMs: 200 })).toEqual({ timedOut: true, unread: 0 })
    expect(await refused(B, seen, 'cancel', { obligation: s2.obligation })).toBe('OBLIGATION_NOT_SENDER')

    // refusals fit the schemas too
    await refused(A, seen, 'ack', { obligation: s2.obligation, sentence: 'not mine to ack' })
    // leases are for role work only (test/cli/mcp-roles.test.ts takes one)
    for (const name of ['claim', 'renew', 'release']) expect(await refused(B, seen, name, { obligation: s2.obligation })).toBe('NOT_ROLE_WORK')

    // an audited obligation: the sender names itself as auditor and judges the recipient's COMPLETE
    const s4 = await tool(A, seen, 'send', { to: 'tools-b', text: 'write the changelog', auditor: 'tools-a' })
    await waitFor('s4 at B', async () => await tool(B, seen, 'inbox'), r => r.messages.some((m: any) => m.obligation === s4.obligation))
    await tool(B, seen, 'ack', { obligation: s4.obligation, sentence: 'changelog written' })
    await waitFor('s4 to audit at A', async () => await tool(A, seen, 'inbox'), r => r.toAudit.some((m: any) => m.obligation === s4.obligation))
    // the auditor hears of it as news; a wait for AUDITED is not over at the COMPLETE that waits for its verdict
    expect((await tool(A, seen, 'wait_for_message', { from: 'tools-a', timeoutMs: 5_000 })).message).toMatchObject({ obligation: s4.obligation, audit: { auditor: 'tools-a' } })
    expect(await tool(A, seen, 'wait_for_state', { obligation: s4.obligation, state: 'AUDITED', timeoutMs: 1_000 })).toMatchObject({ state: 'COMPLETE', reached: false, timedOut: true })
    expect(await tool(A, seen, 'audit', { obligation: s4.obligation, verdict: 'pass', sentence: 'read the changelog' })).toMatchObject({ verdict: 'PASS', state: 'AUDITED' })
    expect((await tool(A, seen, 'status', { obligation: s4.obligation })).auditor).toBe('tools-a')

    // every tool was called, and each answer fits the schema tools/list advertised (the SDK's own validator)
    const ajv = new AjvJsonSchemaValidator()
    for (const t of listed) {
      expect(t.outputSchema, t.name).toBeDefined()
      expect(t.title, t.name).toBeTruthy()
      expect(typeof t.annotations?.readOnlyHint, t.name).toBe('boolean')
      const outputs = seen.get(t.name) ?? []
      expect(outputs.length, `${t.name} was called`).toBeGreaterThan(0)
      const check = ajv.getValidator(t.outputSchema as any)
      for (const o of outputs) expect(check(o).valid, `${t.name}: ${JSON.stringify(o).slice(0, 200)}`).toBe(true)
      expect(check({ ...outputs[0], unexpected: 1 }).valid, `${t.name}'s schema admits unknown fields`).toBe(false)
    }
  }, 90_000)

  it('answers refusals as tool results with isError and our code; an unknown tool stays a protocol error', async () => {
    const A = await mcpClient(solo.home, 'refuse-a')
    await A.listTools()
    const seen: Seen = new Map()
    const mine = await tool(A, seen, 'send', { to: 'refuse-a', text: 'to myself' })
    const codes = [
      await refused(A, seen, 'send', { to: 7, text: ['x'] }),
      await refused(A, seen, 'send', { to: 'agent-zz', text: 'hi' }),
      await refused(A, seen, 'send', { to: 'refuse-a', text: 'x'.repeat(600 * 1024) }),
      await refused(A, seen, 'status', { obligation: 'ob_' + '0'.repeat(32) }),
      await refused(A, seen, 'read', { obligation: 'not-an-id' }),
      await refused(A, seen, 'wait_for_message', { timeoutMs: 3_600_000 }),
      await refused(A, seen, 'wait_for_state', { obligation: mine.obligation, state: 'DONE' }),
      await refused(A, seen, 'thread', { thread: '' }),
      await refused(A, seen, 'reply', { obligation: 'ob_' + '0'.repeat(32), text: 'hi' })
    ]
    expect(codes).toEqual(['BAD_REQUEST', 'RECIPIENT_UNKNOWN', 'MESSAGE_TOO_LARGE', 'OBLIGATION_UNKNOWN', 'BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST', 'OBLIGATION_UNKNOWN'])

    const nobody = await mcpClient(solo.home, 'nobody')
    await nobody.listTools()
    expect(await refused(nobody, seen, 'inbox', {})).toBe('ACTOR_NOT_LOCAL')
    expect(await refused(nobody, seen, 'wait_for_message', { timeoutMs: 100 })).toBe('ACTOR_NOT_LOCAL')

    const e = await mcpErrorOf(A.callTool({ name: 'launch', arguments: {} }))
    expect([e.rpc, e.code]).toEqual([-32602, 'TOOL_UNKNOWN'])
    expect(solo.daemon.running).toBe(true)
  }, 45_000)
})
