// Isolated seats: acting as one needs its token (CLI, control API, MCP, A2A bridge); the seat socket (0666)
// lets a token act only as its own seat and only through seat methods. Other seats work as before.
import { createConnection } from 'node:net'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { call, subscribe } from '../../cli/control-client.js'
import { CLI, cli, errorCode, ok } from '../helpers/cli.js'
import { mcpClient, mcpCode } from '../helpers/mcp.js'
import { createMesh, query, waitFor, withCtx } from '../helpers/mesh.js'
import { actorAdd } from '../../daemon/index.js'

const tokenOf = (home: string, handle: string): string => readFileSync(join(home, 'seat-tokens', `${handle}.token`), 'utf8').trim()
const mode = (path: string): number => statSync(path).mode & 0o777
const count = (home: string, sql: string, ...args: unknown[]): number => query(home, sql, ...args)[0].n

/** One request line on a unix socket, one answer line back. */
async function socketCall (path: string, req: Record<string, unknown>): Promise<any> {
  return await new Promise((resolve, reject) => {
    const s = createConnection(path)
    let buf = ''
    s.setEncoding('utf8')
    s.once('connect', () => s.write(JSON.stringify({ id: 7, ...req }) + '\n'))
    s.on('data', (d: string) => {
      buf += d
      const nl = buf.indexOf('\n')
      if (nl >= 0) { s.destroy(); resolve(JSON.parse(buf.slice(0, nl))) }
    })
    s.once('error', reject)
  })
}

describe('isolated seats', () => {
  it('acting as an isolated seat needs its token: CLI (env), control API and MCP; without it nothing is stored', async () => {
    const [a, b] = await createMesh(2)
    const added = await ok(a.home, ['actor', 'add', 'iso', '--isolated', '--json'])
    expect(added).toMatchObject({ handle: 'iso', isolated: true, tokenFile: join(a.home, 'seat-tokens', 'iso.token') })
    expect(mode(join(a.home, 'seat-tokens', 'iso.token'))).toBe(0o600)
    expect(mode(join(a.home, 'seat-tokens'))).toBe(0o700)
    const token = tokenOf(a.home, 'iso')
    expect(Buffer.from(token, 'base64url').byteLength).toBe(32)
    expect(query(a.home, 'SELECT token_hash FROM seat_tokens')[0].token_hash.toString()).not.toContain(token)
    const messages = (): number => count(a.home, 'SELECT count(*) AS n FROM messages')

    // notify as iso: refused without the token and with a wrong one, and nothing is stored
    const none = await cli(a.home, ['--as', 'iso', 'notify', '--to', 'agent-b', '--text', 'hi'])
    expect(errorCode(none)).toBe('SEAT_TOKEN_REQUIRED')
    expect(none.code).toBe(3)
    const wrong = await cli(a.home, ['--as', 'iso', 'notify', '--to', 'agent-b', '--text', 'hi'], { AIOS_SEAT_TOKEN: Buffer.alloc(32, 1).toString('base64url') })
    expect(errorCode(wrong)).toBe('SEAT_TOKEN_INVALID')
    expect(wrong.code).toBe(3)
    expect(messages()).toBe(0)
    const sent = await ok(a.home, ['--as', 'iso', 'notify', '--to', 'agent-b', '--text', 'from iso', '--json'], { AIOS_SEAT_TOKEN: token })
    expect(sent).toMatchObject({ from: 'iso', state: 'DELIVERY_PENDING' })
    // the token file works as well as the variable
    await ok(a.home, ['--as', 'iso', '--seat-token-file', join(a.home, 'seat-tokens', 'iso.token'), 'notify', '--to', 'agent-b', '--text', 'by file'])

    // a message for iso: inbox, read and ack refused without the token, no receipt issued
    const toIso = await b.daemon.call('notify', { to: 'iso', text: 'please do it' })
    await b.daemon.call('wait', { obligation: toIso.obligation, state: 'DELIVERED' })
    const receipts = (): number => count(a.home, "SELECT count(*) AS n FROM receipts WHERE actor = 'iso'")
    expect(receipts()).toBe(1) // DELIVERED, signed by the node on arrival
    expect(errorCode(await cli(a.home, ['--as', 'iso', 'inbox']))).toBe('SEAT_TOKEN_REQUIRED')
    expect(errorCode(await cli(a.home, ['ack', toIso.obligation, 'done']))).toBe('SEAT_TOKEN_REQUIRED') // no --as: the recipient counts
    await expect(call(a.home, 'read', { obligation: toIso.obligation })).rejects.toMatchObject({ code: 'SEAT_TOKEN_REQUIRED' })
    await expect(call(a.home, 'reject', { obligation: toIso.obligation, reason: 'no' }, { seatToken: 'x' })).rejects.toMatchObject({ code: 'SEAT_TOKEN_INVALID' })
    expect(receipts()).toBe(1)
    expect(existsEvidence(a.home, toIso.obligation)).toBe(false)
    // the inbox of all seats leaves out the isolated one
    const all = await call(a.home, 'inbox', {})
    expect(all.map((i: any) => i.to)).not.toContain('iso')

    // control API: the token in the request envelope
    await expect(call(a.home, 'inbox', { as: 'iso' })).rejects.toMatchObject({ code: 'SEAT_TOKEN_REQUIRED' })
    const inbox = await call(a.home, 'inbox', { as: 'iso' }, { seatToken: token })
    expect(inbox.map((i: any) => i.obligation)).toEqual([toIso.obligation])
    const acked = await ok(a.home, ['ack', toIso.obligation, 'done', '--json'], { AIOS_SEAT_TOKEN: token })
    expect(acked.state).toBe('COMPLETE')
    expect((await b.daemon.call('wait', { obligation: toIso.obligation, state: 'COMPLETE' })).state).toBe('COMPLETE')

    // MCP passes the token through
    const refused = await mcpClient(a.home, 'iso', { args: ['--no-watch'] })
    expect(await mcpCode(refused.callTool({ name: 'send', arguments: { to: 'agent-b', text: 'no token' } }))).toBe('SEAT_TOKEN_REQUIRED')
    const trusted = await mcpClient(a.home, 'iso', { args: ['--no-watch'], env: { AIOS_SEAT_TOKEN: token } })
    const viaMcp = await trusted.callTool({ name: 'send', arguments: { to: 'agent-b', text: 'with token' } })
    expect(viaMcp.isError).not.toBe(true)
    expect((viaMcp.structuredContent as any).from).toBe('iso')
    expect((await trusted.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({ handle: 'iso', isolated: true })

    // a seat that is not isolated works without a token, as before
    const plain = await call(a.home, 'notify', { as: 'agent-a', to: 'agent-b', text: 'plain' })
    expect(plain.from).toBe('agent-a')
    expect(messages()).toBe(5) // 2 from iso by CLI, 1 by MCP, 1 for iso, 1 from agent-a
  }, 90_000)

  it('on the seat socket (0666) a token acts only as its own seat, and only through seat methods', async () => {
    const [a, b] = await createMesh(2)
    const seatSock = join(a.home, 'seat.sock')
    expect(statSync(join(a.home, 'control.sock')).mode & 0o777).toBe(0o600)
    await ok(a.home, ['actor', 'add', 'iso', '--isolated'])
    await waitFor('the seat socket', () => { try { return mode(seatSock) } catch { return 0 } }, m => m !== 0)
    expect(mode(seatSock)).toBe(0o666)
    const token = tokenOf(a.home, 'iso')
    const other = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'not for iso to see' })

    expect((await socketCall(seatSock, { method: 'inbox', params: {} })).error.code).toBe('SEAT_TOKEN_REQUIRED')
    expect((await socketCall(seatSock, { method: 'inbox', params: {}, seatToken: 'nope' })).error.code).toBe('SEAT_TOKEN_INVALID')
    // acting as another seat, or calling anything but seat methods, is refused
    const asOther = await socketCall(seatSock, { method: 'notify', params: { as: 'agent-a', to: 'agent-b', text: 'spoof' }, seatToken: token })
    expect(asOther.error.code).toBe('SEAT_TOKEN_INVALID')
    for (const method of ['mesh.create', 'mesh.revoke', 'actor.add', 'actor.list', 'actor.token', 'card.import', 'invite', 'outbox', 'peers', 'node.status']) {
      const r = await socketCall(seatSock, { method, params: { handle: 'x', target: 'agent-b', file: '/etc/passwd' }, seatToken: token })
      expect(r.error?.code, method).toBe('SEAT_METHOD_FORBIDDEN')
    }
    expect((await socketCall(seatSock, { method: 'status', params: { obligation: other.obligation }, seatToken: token })).error.code).toBe('OBLIGATION_UNKNOWN')
    expect((await socketCall(seatSock, { method: 'wait', params: { obligation: other.obligation }, seatToken: token })).error.code).toBe('OBLIGATION_UNKNOWN')

    // its own seat works: notify (no --as needed), inbox, status, and the CLI pointed at the seat socket
    const sent = await socketCall(seatSock, { method: 'notify', params: { to: 'agent-b', text: 'from the seat socket' }, seatToken: token })
    expect(sent.result).toMatchObject({ from: 'iso' })
    expect((await socketCall(seatSock, { method: 'status', params: { obligation: sent.result.obligation }, seatToken: token })).result.from).toBe('iso')
    const viaCli = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'cli on the seat socket', '--json'], { AIOS_COMM_SOCKET: seatSock, AIOS_SEAT_TOKEN: token })
    expect(viaCli.from).toBe('iso')
    const forbidden = await cli(a.home, ['outbox'], { AIOS_COMM_SOCKET: seatSock, AIOS_SEAT_TOKEN: token })
    expect(errorCode(forbidden)).toBe('SEAT_METHOD_FORBIDDEN')
    expect(forbidden.code).toBe(3)
    // watch on the seat socket shows only iso's messages: agent-a's send comes first and is not seen
    const seen: any[] = []
    const sub = await subscribe(a.home, 'watch', {}, e => seen.push(e), { socket: seatSock, seatToken: token })
    onTestFinished(() => sub.close())
    const hidden = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'private to agent-a' })
    const toIso = await b.daemon.call('notify', { to: 'iso', text: 'task' })
    await b.daemon.call('wait', { obligation: toIso.obligation, state: 'DELIVERED' })
    await waitFor('iso sees its delivery', () => seen, l => l.some(e => e.type === 'delivered' && e.obligation === toIso.obligation))
    expect(seen.filter(e => e.obligation === hidden.obligation || e.type === 'peer' || e.type === 'directory')).toEqual([])
    const inbox = await socketCall(seatSock, { method: 'inbox', params: {}, seatToken: token })
    expect(inbox.result.map((i: any) => i.obligation)).toEqual([toIso.obligation])
    // ack may not name a file there: the daemon would read it with the node user's rights
    const withFile = await socketCall(seatSock, { method: 'ack', params: { obligation: toIso.obligation, sentence: 'done', file: '/etc/hostname' }, seatToken: token })
    expect(withFile.error.code).toBe('SEAT_EVIDENCE_FORBIDDEN')
    const acked = await socketCall(seatSock, { method: 'ack', params: { obligation: toIso.obligation, sentence: 'done' }, seatToken: token })
    expect(acked.result.state).toBe('COMPLETE')
  }, 90_000)

  it('a token can be rotated; an existing seat can be isolated; the A2A bridge sends as an isolated seat only with its token', async () => {
    const [a, b] = await createMesh(2, { start: false, args: i => (i === 0 ? ['--a2a-port', '0', '--a2a-as', 'gateway'] : []) })
    await withCtx(a.home, async ctx => await actorAdd(ctx, 'gateway')) // a shared seat the bridge sends as
    await Promise.all([a, b].map(async n => await n.daemon.start()))
    const help = await ok(a.home, ['actor', 'add', '--help'])
    expect(help).toMatch(/control socket/)
    expect(help).toMatch(/not isolated from each other/)
    expect(help).toMatch(/--isolated/)
    const send = ['--as', 'gateway', 'notify', '--to', 'agent-b', '--text', 'x']
    await ok(a.home, send) // shared: no token, as before

    const isolated = await ok(a.home, ['actor', 'add', 'gateway', '--isolated', '--json'])
    expect(isolated).toMatchObject({ handle: 'gateway', created: false, isolated: true })
    const first = tokenOf(a.home, 'gateway')
    expect(errorCode(await cli(a.home, send))).toBe('SEAT_TOKEN_REQUIRED')
    // adding it again keeps the token
    await call(a.home, 'actor.add', { handle: 'gateway', isolated: true })
    expect(tokenOf(a.home, 'gateway')).toBe(first)
    expect((await call(a.home, 'actor.list')).find((x: any) => x.handle === 'gateway').isolated).toBe(true)

    const rotated = await ok(a.home, ['actor', 'token', 'gateway', '--rotate', '--json'])
    expect(rotated).toMatchObject({ handle: 'gateway', isolated: true, rotated: true })
    const second = tokenOf(a.home, 'gateway')
    expect(second).not.toBe(first)
    expect(mode(join(a.home, 'seat-tokens', 'gateway.token'))).toBe(0o600)
    const asGateway = { as: 'gateway', to: 'agent-b', text: 'x' }
    await expect(call(a.home, 'notify', asGateway, { seatToken: first })).rejects.toMatchObject({ code: 'SEAT_TOKEN_INVALID' })
    await call(a.home, 'notify', asGateway, { seatToken: second })

    // the bridge sends as gateway: an A2A client must present gateway's token
    const base = a.daemon.ready.a2a as string
    const rpc = async (headers: Record<string, string>): Promise<any> => await (await fetch(`${base}/a2a/agent-a`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'via a2a' }] }, configuration: { returnImmediately: true } } })
    })).json()
    const before = count(a.home, "SELECT count(*) AS n FROM messages WHERE from_handle = 'gateway'")
    expect((await rpc({})).error?.data?.[0]?.metadata?.code).toBe('SEAT_TOKEN_REQUIRED')
    expect((await rpc({ 'x-aios-seat-token': first })).error?.data?.[0]?.metadata?.code).toBe('SEAT_TOKEN_INVALID')
    expect(count(a.home, "SELECT count(*) AS n FROM messages WHERE from_handle = 'gateway'")).toBe(before)
    const bridged = await rpc({ 'x-aios-seat-token': second })
    expect(bridged.error).toBeUndefined()
    expect(bridged.result.task.id).toMatch(/^ob_/)

    // back to shared: no token needed, the token file is gone, the seat socket closes
    expect(await ok(a.home, ['actor', 'token', 'gateway', '--remove', '--json'])).toMatchObject({ isolated: false })
    await call(a.home, 'notify', asGateway)
    expect(() => statSync(join(a.home, 'seat-tokens', 'gateway.token'))).toThrow()
    await waitFor('the seat socket closes with the last isolated seat', () => { try { return mode(join(a.home, 'seat.sock')) } catch { return 0 } }, m => m === 0)
  }, 90_000)
})

function existsEvidence (home: string, ob: string): boolean {
  try {
    statSync(join(home, 'evidence', `${ob}.receipt.md`))
    return true
  } catch {
    return false
  }
}
