// `aios-comm a2a send` around its edges, one daemon and one agent for the file: a keyed send repeated (or retried by
// the CLI after the daemon went away mid-send) is one obligation and one execution at the agent; a refused card leaves
// nothing on the daemon's stdout but its ready line; `watch` sees the witness receipts of an A2A obligation and the
// MCP server tells the sending seat of its COMPLETE or REJECTED; `a2a pins` lists the pinned card keys and forgets one.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, subscribe } from '../../../cli/control-client.js'
import type { ObservedEvent } from '../../../daemon/observe/index.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'
import { mcpClient } from '../../helpers/mcp.js'
import { McpNotes, isNotice } from '../../helpers/mcp-notes.js'
import { createSharedMesh, query, waitFor, type DaemonProcess, type SharedMesh } from '../../helpers/mesh.js'
import { newKey, serveAgent, signCard, type TestAgent } from './agent.js'

const say = (line: string): void => { process.stdout.write(`[a2a-client2] ${line}\n`) }

let home = ''
let daemon: DaemonProcess
let agent: TestAgent
let mesh: SharedMesh | undefined

beforeAll(async () => {
  mesh = await createSharedMesh(1, { env: { AIOS_COMM_LOG: 'debug' } }) // debug: the SDK's console lines show in its log
  home = mesh.nodes[0].home
  daemon = mesh.nodes[0].daemon
  agent = await serveAgent({ shared: true })
})

afterAll(async () => {
  await agent?.close()
  await mesh?.close()
})

/** The isolated seat iso and its seat socket and token (made once, for the tests that need a seat on the seat socket). */
async function isoSeat (): Promise<{ seatSock: string, seatToken: string }> {
  const seatSock = join(home, 'seat.sock')
  const tokenFile = join(home, 'seat-tokens', 'iso.token')
  if (!existsSync(tokenFile)) await ok(home, ['actor', 'add', 'iso', '--isolated'])
  await waitFor('the seat socket', () => { try { return statSync(seatSock).mode } catch { return 0 } }, m => m !== 0)
  return { seatSock, seatToken: readFileSync(tokenFile, 'utf8').trim() }
}

const count = (table: string): number => query<{ n: number }>(home, `SELECT count(*) AS n FROM ${table}`)[0].n

async function send (url: string, text: string, ...flags: string[]): Promise<any> {
  const r = await cli(home, ['a2a', 'send', url, text, '--json', ...flags])
  if (r.code !== 0) throw new Error(`a2a send exited ${r.code}: ${r.stderr}`)
  return JSON.parse(r.stdout)
}

describe('aios-comm a2a send, its edges', () => {
  it('a keyed send repeated is one obligation: the agent ran once, saw the obligation id as messageId; the key with other text is refused', async () => {
    const ran = agent.executed.length
    const obligations = count('a2a_obligations')
    const first = await send(agent.url, 'please review PR 7', '--idempotency-key', 'review-7')
    const again = await send(agent.url, 'please review PR 7', '--idempotency-key', 'review-7')
    say(`same key twice → ${first.obligation as string} ${first.state as string}, then ${JSON.stringify({ obligation: again.obligation, state: again.state, replayed: again.replayed })}`)
    expect(first.state).toBe('COMPLETE')
    expect(first.replayed).toBeUndefined()
    expect(again).toMatchObject({ obligation: first.obligation, state: 'COMPLETE', final: true, replayed: true, taskId: first.taskId, evidence: first.evidence, artifacts: first.artifacts })
    expect(agent.executed.length).toBe(ran + 1)
    expect(agent.executed.at(-1)).toBe(first.obligation)
    expect(count('a2a_obligations')).toBe(obligations + 1)

    const other = await cli(home, ['a2a', 'send', agent.url, 'please review PR 8', '--idempotency-key', 'review-7'])
    say(`same key, other text → exit ${other.code}: ${other.stderr.trim()}`)
    expect(errorCode(other)).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(other.code).toBe(3)
    expect(agent.executed.length).toBe(ran + 1)

    // a rejected one replays with the agent's reason
    agent.behaviour = 'reject'
    try {
      const no = await send(agent.url, 'please review main.rs', '--idempotency-key', 'review-rs')
      const noAgain = await send(agent.url, 'please review main.rs', '--idempotency-key', 'review-rs')
      expect(noAgain).toMatchObject({ obligation: no.obligation, state: 'REJECTED', reason: no.reason, replayed: true })
      expect(agent.executed.length).toBe(ran + 2)
    } finally {
      agent.behaviour = 'complete'
    }

    // without a key of the user's every invocation is its own send
    const plain = await send(agent.url, 'please review PR 7')
    expect(plain.obligation).not.toBe(first.obligation)
    expect(agent.executed.length).toBe(ran + 3)
  })

  it('a keyed send that the agent refused outright leaves no key behind: the same key sends again', async () => {
    const broken = await serveAgent({ interfaceUrl: base => `${base}/nowhere` }) // its interface answers 404
    for (let i = 0; i < 2; i++) {
      const r = await cli(home, ['a2a', 'send', broken.url, 'hello', '--idempotency-key', 'broken-1'])
      expect(errorCode(r)).toBe('A2A_REMOTE_ERROR')
    }
    expect(query(home, "SELECT key FROM idempotency_keys WHERE key = 'broken-1'")).toEqual([])
  })

  it('the CLI retries with its key when the daemon goes away mid-send: one obligation, the agent asked once', async () => {
    const hanging = await serveAgent({ hang: true })
    const reached = new Promise(resolve => hanging.events.once('request', resolve))
    const sending = cli(home, ['a2a', 'send', hanging.url, 'please review PR 9', '--json', '--wait', '3'])
    await reached // the request is at the agent: the daemon dies before it answers, and comes back
    await daemon.kill()
    await daemon.start()
    const r = await sending
    expect(r.code, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout)
    say(`daemon killed mid-send, CLI retried → ${JSON.stringify({ obligation: out.obligation, state: out.state, replayed: out.replayed })}; agent requests ${hanging.requests}`)
    expect(out).toMatchObject({ state: 'DELIVERY_PENDING', replayed: true })
    expect(hanging.requests).toBe(1)
    expect(query(home, 'SELECT count(*) AS n FROM a2a_obligations WHERE url = ?', hanging.url)[0].n).toBe(1)
  })

  it('a refused card leaves nothing on the daemon\'s stdout after its ready line: the SDK\'s console lines go to its log', async () => {
    const child = daemon.child!
    let out = ''
    let err = ''
    child.stdout!.on('data', (d: string) => { out += d })
    child.stderr!.on('data', (d: string) => { err += d })
    const tampered = await serveAgent()
    tampered.serve({ ...await signCard(tampered.baseCard(), tampered.key), description: 'altered after signing' })
    const r = await cli(home, ['a2a', 'send', tampered.url, 'hello'])
    expect(errorCode(r)).toBe('A2A_CARD_BAD_SIGNATURE')
    await waitFor('the SDK\'s line on stdout or in the log', () => out + err, s => s.includes('Signature verification'), 10_000)
    say(`daemon stdout after its ready line: ${JSON.stringify(out)}; its log: ${err.split('\n').find(l => l.includes('Signature verification'))?.slice(0, 160) ?? ''}`)
    expect(out).toBe('')
    expect(err.split('\n').find(l => l.includes('Signature verification'))).toMatch(/^\{.*"a2a sdk".*\}$/)
  })

  it('watch sees the witness receipts of an a2a send, and the MCP server tells the sending seat of COMPLETE and REJECTED', async () => {
    const notes = new McpNotes()
    await mcpClient(home, 'agent-a', { setup: c => notes.attach(c) })
    await notes.next('the MCP server watching the daemon', isNotice('watching'))
    const seen: ObservedEvent[] = []
    const watch = await subscribe(home, 'watch', { types: ['receipt'] }, e => seen.push(e))
    const statesOf = (ob: string): string[] => seen.flatMap(e => e.type === 'receipt' && e.obligation === ob ? [e.state] : [])
    try {
      agent.behaviour = 'complete'
      const done = await send(agent.url, 'please review PR 11')
      await waitFor('COMPLETE on the watch stream', () => statesOf(done.obligation), s => s.includes('COMPLETE'), 10_000)
      expect(statesOf(done.obligation)).toEqual(['DELIVERED', 'COMPLETE'])
      expect(seen.find(e => e.type === 'receipt' && e.obligation === done.obligation)).toMatchObject({ actor: 'a2a:review-agent' })
      const c = await notes.next('the COMPLETE notice', isNotice('obligation', d => d.obligation === done.obligation))
      say(`watch: ${done.obligation as string} ${statesOf(done.obligation).join(' → ')}; MCP ← ${JSON.stringify(c.data)}`)
      expect(c.data).toMatchObject({ obligation: done.obligation, to: 'a2a:review-agent', state: 'COMPLETE', verified: true, evidence: { sha256: done.evidence.sha256, check: 'ok' } })

      agent.behaviour = 'reject'
      const no = await send(agent.url, 'please review main.rs')
      await waitFor('REJECTED on the watch stream', () => statesOf(no.obligation), s => s.includes('REJECTED'), 10_000)
      expect(statesOf(no.obligation)).toEqual(['DELIVERED', 'REJECTED'])
      const r = await notes.next('the REJECTED notice', isNotice('obligation', d => d.obligation === no.obligation))
      say(`watch: ${no.obligation as string} ${statesOf(no.obligation).join(' → ')}; MCP ← ${JSON.stringify(r.data)}`)
      expect(r.data).toMatchObject({ obligation: no.obligation, state: 'REJECTED', verified: true })
      expect(r.data.reason).toContain(no.reason)

      // on the seat socket an isolated seat's watch shows the receipts of its own A2A obligations, not another seat's
      agent.behaviour = 'complete'
      const { seatSock, seatToken } = await isoSeat()
      const isoSeen: ObservedEvent[] = []
      const isoWatch = await subscribe(home, 'watch', { types: ['receipt'] }, e => isoSeen.push(e), { socket: seatSock, seatToken })
      try {
        const other = await send(agent.url, 'from agent-a', '--as', 'agent-a')
        const sent = await cli(home, ['a2a', 'send', agent.url, 'from iso', '--as', 'iso', '--json'], { AIOS_SEAT_TOKEN: seatToken }) // the node's user, holding iso's token
        expect(sent.code, sent.stderr).toBe(0)
        const own = JSON.parse(sent.stdout)
        await waitFor('iso\'s COMPLETE on its watch', () => isoSeen.map(e => e.type === 'receipt' ? `${e.obligation} ${e.state}` : ''), s => s.includes(`${own.obligation as string} COMPLETE`), 10_000)
        await waitFor('agent-a\'s COMPLETE on the node\'s watch', () => statesOf(other.obligation), s => s.includes('COMPLETE'), 10_000)
        expect(isoSeen.map(e => e.type === 'receipt' ? e.obligation : '')).toEqual([own.obligation, own.obligation])
      } finally {
        isoWatch.close()
      }
    } finally {
      watch.close()
      agent.behaviour = 'complete'
    }
  })

  it('a2a pins lists the card keys pinned per URL; --forget drops one, so the next card is pinned anew; not on the seat socket', async () => {
    const rotating = await serveAgent()
    const first = await send(rotating.url, 'hello', '--as', 'agent-a')
    const pins = await ok(home, ['a2a', 'pins', '--json'])
    say(`aios-comm a2a pins --json → ${JSON.stringify(pins)}`)
    expect(pins).toContainEqual({ url: rotating.url, cardName: 'Review Agent', keyThumbprint: first.card.keyThumbprint, pinnedAt: expect.any(String), seenAt: expect.any(String) })
    const text = await ok(home, ['a2a', 'pins'])
    say(`aios-comm a2a pins →\n${text as string}`)
    expect(text).toContain(rotating.url)
    expect(text).toContain(first.card.keyThumbprint)

    // the agent's key changes: refused as pinned; forgotten, the next card is pinned as new
    rotating.key = await newKey('agent-key-2')
    rotating.serve(await signCard(rotating.baseCard(), rotating.key))
    expect(errorCode(await cli(home, ['a2a', 'send', rotating.url, 'hello', '--as', 'agent-a']))).toBe('A2A_CARD_KEY_CHANGED')
    const forgot = await ok(home, ['a2a', 'pins', '--forget', `${rotating.url}/`, '--json'])
    say(`aios-comm a2a pins --forget ${rotating.url}/ --json → ${JSON.stringify(forgot)}`)
    expect(forgot).toEqual({ url: rotating.url, forgotten: true, keyThumbprint: first.card.keyThumbprint })
    expect((await ok(home, ['a2a', 'pins', '--json'])).map((p: any) => p.url)).not.toContain(rotating.url)
    const after = await send(rotating.url, 'hello', '--as', 'agent-a')
    expect(after.card.pinned).toBe('new')
    expect(after.card.keyThumbprint).not.toBe(first.card.keyThumbprint)

    const none = await cli(home, ['a2a', 'pins', '--forget', 'http://127.0.0.1:1'])
    say(`forget a URL never pinned → exit ${none.code}: ${none.stderr.trim()}`)
    expect(errorCode(none)).toBe('A2A_PIN_UNKNOWN')
    expect(none.code).toBe(1)
    expect(errorCode(await cli(home, ['a2a', 'pins', '--forget', 'ftp://x']))).toBe('A2A_URL_INVALID')

    // the node's user only: an isolated seat cannot read or drop the node's pins
    const { seatSock, seatToken } = await isoSeat()
    for (const [method, params] of [['a2a.pins', {}], ['a2a.forget', { url: rotating.url }]] as const) {
      const refused = await call(home, method, params as never, { socket: seatSock, seatToken }).then(() => 'served', (e: any) => e.code)
      expect(refused).toBe('SEAT_METHOD_FORBIDDEN')
    }
    expect((await ok(home, ['a2a', 'pins', '--json'])).map((p: any) => p.url)).toContain(rotating.url)
  })
})
