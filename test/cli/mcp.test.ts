// The official MCP client over stdio drives `aios-comm mcp` at two seats on two real daemons.
import { describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { mcpClient, mcpErrorOf } from '../helpers/mcp.js'
import { createMesh, waitFor } from '../helpers/mesh.js'

const say = (line: string): void => { process.stdout.write(`[mcp] ${line}\n`) }

async function connect (home: string, as: string): Promise<{ client: Client, notes: unknown[] }> {
  const notes: unknown[] = []
  const client = await mcpClient(home, as, { setup: c => c.setNotificationHandler(LoggingMessageNotificationSchema, n => { if ((n.params.data as { event?: string }).event === 'message') notes.push(n.params.data) }) })
  return { client, notes }
}

async function tool (client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await client.callTool({ name, arguments: args })
  expect(r.isError).not.toBe(true)
  return r.structuredContent
}

describe('aios-comm mcp', () => {
  it('sends from A, reads and acks at B, and A sees COMPLETE', async () => {
    const [a, b] = await createMesh(2)
    const A = await connect(a.home, 'agent-a')
    const B = await connect(b.home, 'agent-b')

    const tools = (await A.client.listTools()).tools.map(t => t.name)
    say(`A tools/list → ${tools.join(', ')}`)
    expect(tools).toEqual(['send', 'reply', 'wait_for_message', 'wait_for_state', 'cancel', 'inbox', 'read', 'consume', 'ack', 'reject', 'status', 'thread', 'outbox', 'whoami', 'where', 'peers'])

    const sent = await tool(A.client, 'send', { to: 'agent-b', text: 'please summarise the build log' })
    say(`A send {to: agent-b} → ${sent.obligation as string} ${sent.state as string}`)
    expect(sent.state).toBe('DELIVERY_PENDING')

    const inbox = await waitFor('the message at B', async () => await tool(B.client, 'inbox'), r => r.messages.some((m: any) => m.obligation === sent.obligation))
    say(`B inbox → ${inbox.messages.map((m: any) => `${m.obligation as string} from ${m.from as string} ${m.state as string}`).join('; ')}`)
    const note = await waitFor('a new-message notification at B', () => B.notes, n => n.length > 0, 10_000)
    say(`B notification → ${JSON.stringify(note[0])}`)
    expect(note[0]).toMatchObject({ event: 'message', obligation: sent.obligation, from: 'agent-a' })

    const read = await tool(B.client, 'read', { obligation: sent.obligation })
    say(`B read → ${read.state as string} body ${JSON.stringify(read.body)}`)
    expect(read.body).toBe('please summarise the build log')
    const acked = await tool(B.client, 'ack', { obligation: sent.obligation, sentence: 'summarised in notes/build.md' })
    say(`B ack → ${acked.state as string} evidence sha256 ${String(acked.evidence.sha256).slice(0, 16)}…`)

    const done = await waitFor('COMPLETE at A', async () => await tool(A.client, 'status', { obligation: sent.obligation }), s => s.state === 'COMPLETE')
    say(`A status → ${done.state as string}; receipts ${done.receipts.map((r: any) => `${r.state as string}(${r.actor as string}${r.verified === true ? ', verified' : ''})`).join(' → ')}`)
    expect(done.receipts.map((r: any) => r.state)).toContain('COMPLETE')
  }, 45_000)

  it('answers bad input with tool results that carry isError and our codes, and leaves the daemon running', async () => {
    const [a] = await createMesh(1)
    const A = await connect(a.home, 'agent-a')
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['wrong argument types', 'send', { to: 7, text: ['x'] }],
      ['unknown seat', 'send', { to: 'agent-zz', text: 'hi' }],
      ['oversized message', 'send', { to: 'agent-a', text: 'x'.repeat(600 * 1024) }]
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
    expect(a.daemon.running).toBe(true)
    expect((await tool(A.client, 'peers')).peers).toEqual([])
  }, 30_000)
})
