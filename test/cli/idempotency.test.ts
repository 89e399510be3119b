// Idempotent notify: the same key from the same seat returns the first obligation and sends nothing new, through
// the CLI, the control API and the MCP `send` tool; a key reused for another request is refused; a CLI notify whose
// connection breaks after the daemon committed retries with its own key and still makes one obligation.
import { describe, expect, it } from 'vitest'
import { cli, errorCode, ok } from '../helpers/cli.js'
import { mcpClient, mcpCode } from '../helpers/mcp.js'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../helpers/mesh.js'

const say = (line: string): void => { process.stdout.write(`[idempotency] ${line}\n`) }

/** Messages held at a node from one sender, with one body (read from the signed envelope's text). */
function held (n: MeshNodeHandle, from: string): number {
  return query<{ n: number }>(n.home, 'SELECT count(*) AS n FROM messages WHERE from_handle = ?', from)[0].n
}

async function inboxOf (n: MeshNodeHandle): Promise<Array<{ obligation: string, from: string }>> {
  return await n.daemon.call('inbox', { as: n.handle, all: true })
}

describe('idempotent notify', () => {
  it('the same key twice is one obligation and one message, through the CLI, the control API and MCP send; another request under it is refused', async () => {
    const [a, b] = await createMesh(2)

    // CLI
    const first = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'deploy v2', '--idempotency-key', 'deploy-v2', '--json'])
    const again = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'deploy v2', '--idempotency-key', 'deploy-v2', '--json'])
    say(`CLI notify --idempotency-key deploy-v2, twice → ${first.obligation as string}, ${again.obligation as string} ${again.state as string}`)
    expect(again.obligation).toBe(first.obligation)
    const other = await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'deploy v3', '--idempotency-key', 'deploy-v2'])
    say(`CLI same key, other text → exit ${other.code}: ${other.stderr.trim()}`)
    expect(errorCode(other)).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(other.code).toBe(3)
    const otherTo = await cli(a.home, ['notify', '--to', 'agent-a', '--text', 'deploy v2', '--idempotency-key', 'deploy-v2'])
    expect(errorCode(otherTo)).toBe('IDEMPOTENCY_KEY_REUSED')

    // control API
    const c1 = await a.daemon.call('notify', { to: 'agent-b', text: 'rotate keys', idempotencyKey: 'rotate-1' })
    const c2 = await a.daemon.call('notify', { to: 'agent-b', text: 'rotate keys', idempotencyKey: 'rotate-1' })
    expect(c2.obligation).toBe(c1.obligation)
    await expect(a.daemon.call('notify', { to: 'agent-b', text: 'rotate all keys', idempotencyKey: 'rotate-1' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })

    // MCP send, with the official SDK client
    const A = await mcpClient(a.home, 'agent-a')
    const m1 = (await A.callTool({ name: 'send', arguments: { to: 'agent-b', text: 'archive logs', idempotencyKey: 'archive-7' } })).structuredContent as any
    const m2 = (await A.callTool({ name: 'send', arguments: { to: 'agent-b', text: 'archive logs', idempotencyKey: 'archive-7' } })).structuredContent as any
    say(`MCP send {idempotencyKey: archive-7}, twice → ${m1.obligation as string}, ${m2.obligation as string}`)
    expect(m2.obligation).toBe(m1.obligation)
    expect(await mcpCode(A.callTool({ name: 'send', arguments: { to: 'agent-b', text: 'archive all logs', idempotencyKey: 'archive-7' } }))).toBe('IDEMPOTENCY_KEY_REUSED')

    // the same key is another seat's own: agent-b may use it for its own message
    const fromB = await b.daemon.call('notify', { to: 'agent-a', text: 'done', idempotencyKey: 'deploy-v2' })
    expect(fromB.obligation).not.toBe(first.obligation)

    // three obligations reached b, one each; nothing else was sent
    const obligations = [first.obligation, c1.obligation, m1.obligation]
    const inbox = await waitFor('three messages at b', async () => await inboxOf(b), l => l.length >= 3)
    expect(inbox.map(m => m.obligation).sort()).toEqual([...obligations].sort())
    expect(held(a, 'agent-a')).toBe(3)
    expect(held(b, 'agent-a')).toBe(3)

    // a replay answers with the obligation's current state
    await waitFor('DELIVERED at a', async () => (await a.daemon.call('status', { obligation: first.obligation })).state, s => s === 'DELIVERED')
    const replay = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'deploy v2', '--idempotency-key', 'deploy-v2', '--json'])
    expect(replay).toMatchObject({ obligation: first.obligation, state: 'DELIVERED' })
  }, 60_000)

  it('refuses a key that is too long or not printable, and stores nothing', async () => {
    const [a] = await createMesh(1)
    const long = await cli(a.home, ['notify', '--to', 'agent-a', '--text', 'x', '--idempotency-key', 'k'.repeat(300)])
    expect(errorCode(long)).toBe('FIELD_TOO_LARGE')
    await expect(a.daemon.call('notify', { to: 'agent-a', text: 'x', idempotencyKey: 'tab\there' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' })
    await expect(a.daemon.call('notify', { to: 'agent-a', text: 'x', idempotencyKey: '' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' })
    expect(held(a, 'agent-a')).toBe(0)
  }, 30_000)

  it('a CLI notify whose daemon dies right after the commit retries with its own key: one obligation at the recipient', async () => {
    const [a, b] = await createMesh(2, { start: false })
    await Promise.all([a.daemon.start({ AIOS_COMM_CRASH_AT: 'after-notify-commit' }), b.daemon.start()])
    const sending = cli(a.home, ['notify', '--to', 'agent-b', '--text', 'exactly once', '--json'])
    await a.daemon.exited() // SIGKILLed by the crash point: the message is committed, the CLI has no answer
    say('daemon a killed itself after the notify commit; restarting it')
    await a.daemon.start() // no crash point this time
    const r = await sending
    say(`CLI notify → exit ${r.code} ${r.stdout.trim()} ${r.stderr.trim()}`)
    expect(r.code).toBe(0)
    const { obligation } = JSON.parse(r.stdout)
    await waitFor('the message at b', async () => await inboxOf(b), l => l.some(m => m.obligation === obligation))
    expect((await inboxOf(b)).filter(m => m.from === 'agent-a')).toHaveLength(1)
    expect(held(a, 'agent-a')).toBe(1)
    expect(held(b, 'agent-a')).toBe(1)
  }, 60_000)
})
