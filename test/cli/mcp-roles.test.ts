// Role work through the MCP server, with the official SDK client over stdio against real daemons: agent-a (no
// role) sends to role:reviewer; agent-b and agent-c are reviewers on two other nodes, each with its own MCP server.
// The work shows apart from the seat's own mail, is refused before a claim, is taken by one seat only, and the
// lease history, where role:NAME and wait_for_message answer for it. Every result fits its advertised outputSchema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { mcpClient } from '../helpers/mcp.js'
import { createSharedMesh, waitFor, type MeshNodeHandle, type SharedMesh } from '../helpers/mesh.js'

const WAIT_MS = 20_000
const say = (line: string): void => { process.stdout.write(`[mcp-roles] ${line}\n`) }

const ajv = new AjvJsonSchemaValidator()

/** An MCP client of the seat; tools/list first, so its outputSchemas are known to the checks below. */
async function connect (home: string, as: string): Promise<Client> {
  const client = await mcpClient(home, as)
  schemas.set(client, new Map((await client.listTools()).tools.map(t => [t.name, t.outputSchema])))
  return client
}
const schemas = new Map<Client, Map<string, unknown>>()

/** A tool call that succeeds; its structuredContent fits the outputSchema tools/list advertised (the SDK's validator). */
async function tool (client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await client.callTool({ name, arguments: args })
  expect(r.isError, JSON.stringify(r.content)).not.toBe(true)
  const check = ajv.getValidator(schemas.get(client)?.get(name) as any)
  expect(check(r.structuredContent).valid, `${name} output fits its schema: ${JSON.stringify(r.structuredContent).slice(0, 300)}`).toBe(true)
  return r.structuredContent
}

async function refused (client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const r = await client.callTool({ name, arguments: args })
  expect(r.isError, JSON.stringify(r.content)).toBe(true)
  const text = (r.content as Array<{ text: string }>)[0].text
  const code = (r.structuredContent as { error: { code: string } }).error.code
  expect(text.startsWith(`${code}: `)).toBe(true)
  say(`${name} → isError ${text.slice(0, 120)}`)
  return code
}

describe('role work over MCP', () => {
  let mesh: SharedMesh
  let a: MeshNodeHandle
  let b: MeshNodeHandle
  let c: MeshNodeHandle
  beforeAll(async () => {
    mesh = await createSharedMesh(3, { roles: i => i === 0 ? undefined : ['reviewer'] })
    ;[a, b, c] = mesh.nodes
  })
  afterAll(async () => { await mesh?.close() })

  it('offered apart from own mail, refused before claim, claimed by one seat, read and acked; where role: lists the seats', async () => {
    const B = await connect(b.home, 'agent-b')
    const C = await connect(c.home, 'agent-c')
    // C waits before anything is sent: the offer wakes it (role work is news for the seat while nobody holds it)
    const waiting = tool(C, 'wait_for_message', { from: 'agent-a', timeoutMs: WAIT_MS })
    const own = (await a.daemon.call('notify', { to: 'agent-b', text: 'just for b' })).obligation as string
    const { obligation } = await a.daemon.call('notify', { to: 'role:reviewer', text: 'review PR 7' })
    const waited = await waiting
    say(`C wait_for_message → ${JSON.stringify(waited)}`)
    expect(waited).toMatchObject({ timedOut: false, message: { obligation, to: 'role:reviewer', role: {} } })

    const inbox = await waitFor('both at B', async () => await tool(B, 'inbox'),
      r => r.messages.some((m: any) => m.obligation === own) && r.offered.some((m: any) => m.obligation === obligation))
    say(`B inbox → ${JSON.stringify(inbox)}`)
    expect(inbox.messages.map((m: any) => m.obligation)).toEqual([own])
    expect(inbox.offered).toEqual([expect.objectContaining({ obligation, from: 'agent-a', to: 'role:reviewer', role: {} })])

    expect(await refused(B, 'read', { obligation })).toBe('LEASE_REQUIRED')
    const lease = await tool(B, 'claim', { obligation, leaseMs: 60_000 })
    say(`B claim → ${JSON.stringify(lease)}`)
    expect(lease).toMatchObject({ obligation, holder: 'agent-b', fence: 1, state: 'GRANTED' })
    expect(Date.parse(lease.expiresAt) - Date.parse(lease.at)).toBe(60_000)
    expect(await refused(C, 'claim', { obligation })).toBe('LEASE_HELD')
    expect(await refused(B, 'claim', { obligation, leaseMs: 10 })).toBe('BAD_REQUEST') // below a second: the schema refuses it

    const held = (await tool(B, 'inbox')).offered.find((m: any) => m.obligation === obligation)
    expect(held.role).toEqual({ holder: 'agent-b', fence: 1, until: lease.expiresAt })
    const renewed = await tool(B, 'renew', { obligation, leaseMs: 120_000 })
    expect(renewed).toMatchObject({ holder: 'agent-b', fence: 1, state: 'GRANTED' })

    const read = await tool(B, 'read', { obligation })
    expect(read).toMatchObject({ body: 'review PR 7', issued: ['READ'] })
    await tool(B, 'ack', { obligation, sentence: 'Reviewed: approved.' })
    const status = await waitFor('COMPLETE at B', async () => await tool(B, 'status', { obligation }), s => s.state === 'COMPLETE')
    say(`B status → leases ${JSON.stringify(status.leases)}`)
    expect(status.leases).toEqual([expect.objectContaining({ holder: 'agent-b', fence: 1, end: 'live' })])

    const where = await tool(C, 'where', { handle: 'role:reviewer' })
    say(`C where role:reviewer → ${JSON.stringify(where)}`)
    expect(where.role).toBe('reviewer')
    expect(where.seats.map((s: any) => s.handle).sort()).toEqual(['agent-b', 'agent-c'])
    expect(await refused(C, 'where', { handle: 'role:' })).toBe('ROLE_INVALID')
  })

  it('release gives the work back: the other seat\'s wait hears it, and it claims with a higher fence', async () => {
    const B = await connect(b.home, 'agent-b')
    const C = await connect(c.home, 'agent-c')
    const { obligation } = await a.daemon.call('notify', { to: 'role:reviewer', text: 'review PR 8', thread: 'pr-8' })
    await waitFor('offered at B', async () => await tool(B, 'inbox'), r => r.offered.some((m: any) => m.obligation === obligation))
    // the inbox resource splits the same way
    const res = JSON.parse((await B.readResource({ uri: 'aios://inbox' })).contents[0].text as string)
    expect(res.messages.some((m: any) => m.obligation === obligation)).toBe(false)
    expect(res.offered.find((m: any) => m.obligation === obligation)).toMatchObject({ to: 'role:reviewer', role: {}, uri: `aios://message/${obligation}` })
    await tool(B, 'claim', { obligation })
    // work another seat holds is no news for C: its wait answers when B gives the work back
    await waitFor('C hears of B\'s lease', async () => await tool(C, 'inbox'), r => r.offered.find((m: any) => m.obligation === obligation)?.role.holder === 'agent-b')
    expect(await tool(C, 'wait_for_message', { thread: 'pr-8', timeoutMs: 200 })).toEqual({ timedOut: true, unread: 0 })
    const waiting = tool(C, 'wait_for_message', { thread: 'pr-8', timeoutMs: WAIT_MS })
    const released = await tool(B, 'release', { obligation })
    expect(released).toMatchObject({ holder: 'agent-b', fence: 1, state: 'RELEASED' })
    expect(await waiting).toMatchObject({ timedOut: false, message: { obligation, role: {} } })
    expect(await tool(C, 'claim', { obligation })).toMatchObject({ holder: 'agent-c', fence: 2 })
    expect(await refused(B, 'renew', { obligation })).toBe('LEASE_HELD')
  })
})
