// The MCP waits over stdio with the official SDK client against real daemons: wait_for_message woken by a message
// from another node (an event, not a poll), no message missed between two waits, timeouts, the client's
// cancellation closing the daemon's watch stream, and wait_for_state answered by the recipient's ack. One two-node
// mesh serves the file; each test speaks through its own seats.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { mcpClient } from '../helpers/mcp.js'
import { McpNotes, isNotice } from '../helpers/mcp-notes.js'
import { waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { startSharedMesh, type SharedMesh } from '../helpers/shared-mesh.js'
import { CLI, ok } from '../helpers/cli.js'

const say = (line: string): void => { process.stdout.write(`[mcp-wait] ${line}\n`) }

async function tool (client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await client.callTool({ name, arguments: args })
  expect(r.isError, JSON.stringify(r.content)).not.toBe(true)
  return r.structuredContent
}

/**
 * An MCP client whose server has opened its own watch stream (for its notices) before the test counts the daemon's
 * listeners: a wait's stream is then the only one that comes and goes.
 */
async function watchingClient (home: string, as: string, opts: { env?: Record<string, string> } = {}): Promise<Client> {
  const notes = new McpNotes()
  const client = await mcpClient(home, as, { ...opts, setup: c => notes.attach(c) })
  await notes.next(`${as}'s server watching the daemon`, isNotice('watching'))
  return client
}

/** AIOS_TRANSCRIPT=1: print the JSON-RPC exchange (abbreviated) of the clients made with `transcribed`. */
const TRANSCRIPT = process.env.AIOS_TRANSCRIPT === '1'
const started = performance.now()

/** Long strings and lists cut short, so a frame fits a line or two. */
function abbreviate (m: JSONRPCMessage): string {
  return JSON.stringify(m, (key, v) => {
    if (key === 'tools' && Array.isArray(v)) return v.map((t: { name: string }) => t.name)
    if (key === 'instructions' && typeof v === 'string') return `${v.split('\n')[0].slice(0, 80)}… (${v.split('\n').length} lines)`
    if (typeof v === 'string' && v.length > 160) return `${v.slice(0, 157)}...`
    return v
  })
}

/** An MCP client as `as`; with AIOS_TRANSCRIPT=1 every frame it sends and receives is printed, tagged with `tag`. */
async function transcribed (home: string, as: string, tag: string): Promise<Client> {
  if (!TRANSCRIPT) return await watchingClient(home, as)
  const env = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && k !== 'AIOS_ACTOR' && k !== 'AIOS_SEAT_TOKEN')) as Record<string, string>
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, '--home', home, 'mcp', '--as', as, '--no-watch'], env, stderr: 'pipe' })
  const line = (dir: string, m: JSONRPCMessage): void => { process.stdout.write(`${((performance.now() - started) / 1000).toFixed(3).padStart(8)}s ${tag} ${dir} ${abbreviate(m)}\n`) }
  const send = transport.send.bind(transport)
  transport.send = async (m: JSONRPCMessage) => { line('→', m); await send(m) }
  let receive: ((m: JSONRPCMessage) => void) | undefined
  Object.defineProperty(transport, 'onmessage', { get: () => receive, set: (fn: (m: JSONRPCMessage) => void) => { receive = m => { line('←', m); fn(m) } } })
  const client = new Client({ name: 'aios-comm-transcript', version: '1.0.0' })
  await client.connect(transport)
  onTestFinished(async () => { await client.close() })
  return client
}

/** The daemon's open event listeners (watch streams among them), read from its metrics. */
async function listeners (metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text()
  const m = /^aios_comm_event_listeners (\d+)$/m.exec(text)
  if (m === null) throw new Error('no aios_comm_event_listeners in the metrics')
  return Number(m[1])
}

// seats by test: the first node's, then the second's
const SEATS = [['wait-a', 'cancel-a', 'iso-sender', 'state-a'], ['wait-b', 'state-b']]
let mesh: SharedMesh
let a: MeshNodeHandle
let b: MeshNodeHandle
/** Each node's event listeners with no client connected. */
const base = new Map<string, number>()

/** Waits until the streams of the tests before have closed: the daemon's listeners are back to none of a client's. */
async function quiet (metrics: string): Promise<void> {
  await waitFor('the streams of earlier tests closed', async () => await listeners(metrics), n => n === base.get(metrics))
}

beforeAll(async () => {
  mesh = await startSharedMesh(SEATS, { args: () => ['--metrics-port', '0'] })
  ;[a, b] = mesh.nodes
  for (const n of mesh.nodes) base.set(n.daemon.ready.metrics as string, await listeners(n.daemon.ready.metrics as string))
}, 60_000)
afterAll(async () => { await mesh?.close() })

describe('mcp wait_for_message', () => {
  it('answers within a second of a notify on another node, and misses nothing that arrives between two waits', async () => {
    const metrics = b.daemon.ready.metrics as string
    await quiet(metrics)
    const A = await transcribed(a.home, 'wait-a', 'node A (wait-a)')
    const B = await transcribed(b.home, 'wait-b', 'node B (wait-b)')
    const idle = await listeners(metrics)

    // the first message connects the nodes; the second is timed from A's send to B's answer
    const first = await tool(A, 'send', { to: 'wait-b', text: 'warm up' })
    const got1 = await tool(B, 'wait_for_message', { timeoutMs: 20_000 })
    expect(got1).toMatchObject({ timedOut: false, unread: 1, message: { obligation: first.obligation, from: 'wait-a', preview: 'warm up' } })
    await tool(B, 'ack', { obligation: first.obligation, sentence: 'warmed up' })

    const waiting = tool(B, 'wait_for_message', { timeoutMs: 20_000 })
    await waitFor('B\'s wait subscribed to its daemon', async () => await listeners(metrics), n => n === idle + 1)
    const t0 = performance.now()
    const sent = await tool(A, 'send', { to: 'wait-b', text: 'the build is red, please look', thread: 'build-42' })
    const got2 = await waiting
    const ms = performance.now() - t0
    say(`notify on node A → wait_for_message answered on node B in ${ms.toFixed(0)} ms`)
    expect(got2).toMatchObject({ timedOut: false, message: { obligation: sent.obligation, from: 'wait-a', to: 'wait-b', thread: 'build-42', state: 'DELIVERED' } })
    expect(ms).toBeLessThan(1000)
    await waitFor('B\'s watch stream closed', async () => await listeners(metrics), n => n === idle)

    // two messages arrive while B works on the second: each following wait returns one, oldest first
    const m3 = await tool(A, 'send', { to: 'wait-b', text: 'third' })
    const m4 = await tool(A, 'send', { to: 'wait-b', text: 'fourth' })
    await waitFor('both at B', async () => await tool(B, 'inbox'), r => r.messages.length === 3)
    await tool(B, 'ack', { obligation: sent.obligation, sentence: 'looked at the build' })
    const next = await tool(B, 'wait_for_message', { timeoutMs: 5000 })
    expect(next).toMatchObject({ timedOut: false, unread: 2, message: { obligation: m3.obligation } })
    await tool(B, 'read', { obligation: m3.obligation })
    expect(await tool(B, 'wait_for_message', { timeoutMs: 5000 })).toMatchObject({ unread: 1, message: { obligation: m4.obligation } })
    // filters: nothing from agent-c, nothing in another thread; the unread fourth message still waits
    expect(await tool(B, 'wait_for_message', { from: 'agent-c', timeoutMs: 200 })).toEqual({ timedOut: true, unread: 0 })
    expect(await tool(B, 'wait_for_message', { thread: 'build-42', timeoutMs: 200 })).toEqual({ timedOut: true, unread: 0 })
    await tool(B, 'read', { obligation: m4.obligation })
    expect(await tool(B, 'wait_for_message', { timeoutMs: 300 })).toEqual({ timedOut: true, unread: 0 })
    // the last wait's watch stream closes just after its answer: none of them is left listening (a leak never gets back)
    await waitFor('every watch stream of B\'s waits closed', async () => await listeners(metrics), n => n === idle)
  }, 60_000)

  it('closes its watch stream when the client cancels the call', async () => {
    const metrics = a.daemon.ready.metrics as string
    await quiet(metrics)
    const A = await watchingClient(a.home, 'cancel-a')
    const idle = await listeners(metrics)
    const abort = new AbortController()
    const call = A.callTool({ name: 'wait_for_message', arguments: { timeoutMs: 60_000 } }, undefined, { signal: abort.signal })
    await waitFor('the wait subscribed', async () => await listeners(metrics), n => n === idle + 1)
    abort.abort('the user pressed Esc')
    await expect(call).rejects.toThrow()
    await waitFor('the watch stream closed', async () => await listeners(metrics), n => n === idle, 5000)
    // the server keeps serving
    expect(await tool(A, 'wait_for_message', { timeoutMs: 50 })).toEqual({ timedOut: true, unread: 0 })
  }, 30_000)
})

describe('mcp wait_for_message for an isolated seat on the seat socket', () => {
  it('is woken by a message and by its withdrawal, both seen only through the seat\'s own watch stream', async () => {
    const metrics = a.daemon.ready.metrics as string
    await quiet(metrics)
    await ok(a.home, ['actor', 'add', 'iso', '--isolated'])
    const seatSock = join(a.home, 'seat.sock')
    await waitFor('the seat socket', () => existsSync(seatSock), open => open)
    const token = readFileSync(join(a.home, 'seat-tokens', 'iso.token'), 'utf8').trim()
    const I = await watchingClient(a.home, 'iso', { env: { AIOS_SEAT_TOKEN: token, AIOS_COMM_SOCKET: seatSock } })
    const idle = await listeners(metrics)

    const job = await a.daemon.call('notify', { as: 'iso-sender', to: 'iso', text: 'compact the archive' })
    expect((await tool(I, 'wait_for_message', { timeoutMs: 20_000 })).message).toMatchObject({ obligation: job.obligation, from: 'iso-sender', state: 'DELIVERED' })
    await tool(I, 'read', { obligation: job.obligation })

    const waiting = tool(I, 'wait_for_message', { timeoutMs: 15_000 })
    await waitFor('the seat\'s wait subscribed', async () => await listeners(metrics), n => n === idle + 1)
    const t0 = performance.now()
    await a.daemon.call('cancel', { as: 'iso-sender', obligation: job.obligation, reason: 'not needed' })
    const heard = await waiting
    const ms = performance.now() - t0
    say(`cancel by iso-sender → the isolated seat's wait answered in ${ms.toFixed(0)} ms`)
    expect(heard.message).toMatchObject({ obligation: job.obligation, state: 'CANCELED' })
    expect(ms).toBeLessThan(1000)
  }, 45_000)
})

describe('mcp wait_for_state', () => {
  it('returns when the recipient acks on the other node, and times out with the state as it stands', async () => {
    const A = await mcpClient(a.home, 'state-a')
    const B = await mcpClient(b.home, 'state-b')
    const sent = await tool(A, 'send', { to: 'state-b', text: 'rotate the logs' })
    expect(await tool(A, 'wait_for_state', { obligation: sent.obligation, state: 'DELIVERED', timeoutMs: 20_000 })).toEqual({ obligation: sent.obligation, state: 'DELIVERED', reached: true, timedOut: false })
    expect(await tool(A, 'wait_for_state', { obligation: sent.obligation, timeoutMs: 200 })).toEqual({ obligation: sent.obligation, state: 'DELIVERED', reached: false, timedOut: true })

    const done = tool(A, 'wait_for_state', { obligation: sent.obligation, timeoutMs: 20_000 })
    await tool(B, 'ack', { obligation: sent.obligation, sentence: 'logs rotated' })
    expect(await done).toEqual({ obligation: sent.obligation, state: 'COMPLETE', reached: true, timedOut: false })

    // a terminal state ends a wait for an earlier one; a later one answers a wait for an earlier one
    const other = await ok(a.home, ['--as', 'state-a', 'notify', '--to', 'state-b', '--text', 'no thanks', '--json'])
    const refused = tool(A, 'wait_for_state', { obligation: other.obligation, state: 'CONSUMED', timeoutMs: 20_000 })
    await waitFor('at B', async () => await tool(B, 'inbox'), r => r.messages.some((m: any) => m.obligation === other.obligation))
    await tool(B, 'reject', { obligation: other.obligation, reason: 'not mine' })
    expect(await refused).toMatchObject({ state: 'REJECTED', reached: true, timedOut: false })
  }, 60_000)
})
