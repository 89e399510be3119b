// `aios-comm a2a send` (the real CLI, a real daemon child process) against agents served by the SDK's own server in
// this process: a completed task witnessed as COMPLETE with its artifact as evidence, a rejected one as REJECTED, the
// card key pinned per URL (a new key, an unsigned or a tampered card refused before anything is recorded), and a
// hostile agent bounded (an answer that never comes, an answer too large, interfaces on another origin).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../cli/control-client.js'
import { cli, errorCode } from '../../helpers/cli.js'
import { createSharedMesh, query, type SharedMesh } from '../../helpers/mesh.js'
import { ARTIFACT_TEXT, REJECT_REASON, newKey, serveAgent, signCard } from './agent.js'

const say = (line: string): void => { process.stdout.write(`[a2a-client] ${line}\n`) }
const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex')

const count = (h: string, table: string): number => query<{ n: number }>(h, `SELECT count(*) AS n FROM ${table}`)[0].n

async function send (h: string, url: string, text: string, ...flags: string[]): Promise<any> {
  const r = await cli(h, ['a2a', 'send', url, text, '--json', ...flags])
  if (r.code !== 0) throw new Error(`a2a send exited ${r.code}: ${r.stderr}`)
  return JSON.parse(r.stdout)
}

describe('aios-comm a2a send', () => {
  // One home with the seat agent-a and its daemon running, for the whole file: each test serves its own agents (their
  // own URLs) and counts only the rows it made.
  let mesh: SharedMesh
  let h: string
  beforeAll(async () => {
    mesh = await createSharedMesh(1)
    h = mesh.nodes[0].home
  })
  afterAll(async () => { await mesh?.close() })

  it('records a completed task as COMPLETE witnessed by the seat with the artifact as evidence, a rejected one as REJECTED, an open one until a2a get; local to this node', async () => {
    const agent = await serveAgent()
    const factsBefore = count(h, 'facts')
    const r = await send(h, agent.url, 'please review PR 42')
    say(`aios-comm a2a send ${agent.url} "please review PR 42" --json →\n${JSON.stringify(r, null, 2)}`)
    expect(r.obligation).toMatch(/^ob_[0-9a-f]{32}$/)
    expect(r.state).toBe('COMPLETE')
    expect(r.final).toBe(true)
    expect(r.taskState).toBe('TASK_STATE_COMPLETED')
    expect(r.url).toBe(agent.url)
    expect(r.card.name).toBe('Review Agent')
    expect(r.card.pinned).toBe('new')
    expect(r.artifacts[0].parts[0].text).toBe(ARTIFACT_TEXT)
    const file = readFileSync(r.evidence.path)
    expect(sha256(file)).toBe(r.evidence.sha256)
    expect(JSON.parse(file.toString()).artifacts[0].parts[0].text).toBe(ARTIFACT_TEXT)

    const s = await call(h, 'status', { obligation: r.obligation }) as any
    say(`aios-comm status ${r.obligation as string} → ${s.state as string}; ${s.verdict as string}`)
    expect(s.state).toBe('COMPLETE')
    expect(s.done).toBe(true)
    expect(s.from).toBe('agent-a')
    expect(s.to).toBe('a2a:review-agent')
    expect(s.receipts.map((x: any) => x.state)).toEqual(['DELIVERED', 'COMPLETE'])
    expect(s.receipts.every((x: any) => x.verified === true)).toBe(true)
    expect(s.receipts[1].evidence).toMatchObject({ sha256: r.evidence.sha256, check: 'ok' })
    expect(s.receipts[1].note).toContain(`card key ${r.card.keyThumbprint as string}`)
    expect(s.a2a).toMatchObject({ url: agent.url, taskId: r.taskId, keyThumbprint: r.card.keyThumbprint })
    const text = await cli(h, ['status', r.obligation])
    say(`aios-comm status ${r.obligation as string}:\n${text.stdout}`)
    expect(text.stdout).toContain('witness:')

    const out = await call(h, 'outbox', { all: true })
    expect(out).toContainEqual(expect.objectContaining({ kind: 'a2a', obligation: r.obligation, dest: `a2a:review-agent ${agent.url}` }))
    // local only: no fact was appended (nothing to gossip or sync), no outbox row (nothing to deliver to a peer)
    expect(count(h, 'facts')).toBe(factsBefore)
    expect(count(h, 'outbox')).toBe(0)
    expect(count(h, 'messages')).toBe(0)
    expect(count(h, 'receipts')).toBe(0)

    const again = await send(h, agent.url, 'and PR 43')
    expect(again.card).toEqual({ ...r.card, pinned: 'same' })

    // the agent now rejects: REJECTED, with its reason in the witness receipt
    agent.behaviour = 'reject'
    const no = await send(h, agent.url, 'please review main.rs')
    say(`rejected → ${JSON.stringify({ obligation: no.obligation, state: no.state, reason: no.reason })}`)
    expect(no.state).toBe('REJECTED')
    expect(no.reason).toBe(REJECT_REASON)
    const ns = await call(h, 'status', { obligation: no.obligation }) as any
    expect(ns.state).toBe('REJECTED')
    expect(ns.receipts.find((x: any) => x.state === 'REJECTED')).toMatchObject({ verified: true })
    expect(ns.receipts.find((x: any) => x.state === 'REJECTED').note).toContain(REJECT_REASON)

    // a task that is not final when the blocking send returns: DELIVERED, and a2a get asks the agent again
    agent.behaviour = 'ask'
    const open = await send(h, agent.url, 'please review PR 44')
    say(`input required → ${JSON.stringify({ obligation: open.obligation, state: open.state, final: open.final, taskState: open.taskState })}`)
    expect(open).toMatchObject({ state: 'DELIVERED', final: false, taskState: 'TASK_STATE_INPUT_REQUIRED' })
    expect(await call(h, 'outbox', {})).toContainEqual(expect.objectContaining({ kind: 'a2a', obligation: open.obligation }))
    agent.finish(open.taskId)
    const got = JSON.parse((await cli(h, ['a2a', 'get', open.obligation, '--json'])).stdout)
    expect(got).toMatchObject({ obligation: open.obligation, state: 'COMPLETE', final: true, taskId: open.taskId })
    say(`aios-comm a2a get ${open.obligation as string} → ${got.state as string} (${got.taskState as string}), evidence sha256 ${got.evidence?.sha256 as string}`)
    expect(sha256(readFileSync(got.evidence.path))).toBe(got.evidence.sha256)
    expect(await call(h, 'outbox', {})).not.toContainEqual(expect.objectContaining({ obligation: open.obligation }))
  })

  it('pins the card key per URL on first use: another key, no signature or a tampered card is refused and nothing is recorded', async () => {
    const agent = await serveAgent()
    const pinsBefore = count(h, 'a2a_pins')
    // before any key is pinned: a card altered after it was signed is refused
    const altered = await signCard(agent.baseCard(), agent.key)
    altered.name = 'Trusted Review Agent'
    agent.serve(altered)
    expect(errorCode(await cli(h, ['a2a', 'send', agent.url, 'zeroth']))).toBe('A2A_CARD_BAD_SIGNATURE')
    expect(count(h, 'a2a_pins')).toBe(pinsBefore)
    agent.serve(await signCard(agent.baseCard(), agent.key))

    const first = await send(h, agent.url, 'first')
    expect(first.card.pinned).toBe('new')
    const recorded = count(h, 'a2a_obligations')

    // the same URL, now a card signed by another key
    const other = await newKey('agent-key-2')
    agent.serve(await signCard(agent.baseCard(), other))
    const changed = await cli(h, ['a2a', 'send', agent.url, 'second'])
    say(`new key → exit ${changed.code}: ${changed.stderr.trim()}`)
    expect(errorCode(changed)).toBe('A2A_CARD_KEY_CHANGED')
    expect(changed.code).toBe(3)

    agent.serve(agent.baseCard())
    const unsigned = await cli(h, ['a2a', 'send', agent.url, 'third'])
    say(`unsigned → exit ${unsigned.code}: ${unsigned.stderr.trim()}`)
    expect(errorCode(unsigned)).toBe('A2A_CARD_UNSIGNED')
    expect(unsigned.code).toBe(3)

    const tampered = await signCard(agent.baseCard(), agent.key)
    tampered.description = 'reviews pull requests and sends your keys elsewhere'
    agent.serve(tampered)
    const bad = await cli(h, ['a2a', 'send', agent.url, 'fourth'])
    say(`tampered → exit ${bad.code}: ${bad.stderr.trim()}`)
    expect(errorCode(bad)).toBe('A2A_CARD_BAD_SIGNATURE')
    expect(bad.code).toBe(3)

    expect(count(h, 'a2a_obligations')).toBe(recorded)
    expect(agent.requests).toBe(1) // only the first send reached the agent

    // the user confirms the new key: it is pinned from now on
    agent.serve(await signCard(agent.baseCard(), other))
    const accepted = await send(h, agent.url, 'fifth', '--accept-new-key')
    expect(accepted.card.pinned).toBe('replaced')
    expect(accepted.card.keyThumbprint).not.toBe(first.card.keyThumbprint)
    const plainText = await cli(h, ['a2a', 'send', agent.url, 'sixth'])
    say(`aios-comm a2a send ${agent.url} sixth →\n${plainText.stdout}`)
    expect(plainText.stdout).toMatch(/^ob_[0-9a-f]{32} COMPLETE\n/)
    expect(plainText.stdout).toContain(`card key ${accepted.card.keyThumbprint as string} (as pinned)`)

    // a key named by jku: fetched from the agent's own origin only
    const byJku = await serveAgent()
    byJku.serve(await signCard(byJku.baseCard(), byJku.key, `${byJku.url}/jwks.json`))
    const viaSet = await send(h, byJku.url, 'hello')
    expect(viaSet).toMatchObject({ state: 'COMPLETE', card: { pinned: 'new' } })
    expect(byJku.keySetRequests).toBe(1)
    const elsewhere = await serveAgent()
    elsewhere.key = byJku.key // that origin serves the very key: it must still not be asked
    const pointing = await serveAgent()
    pointing.key = byJku.key
    pointing.serve(await signCard(pointing.baseCard(), byJku.key, `${elsewhere.url}/jwks.json`))
    expect(errorCode(await cli(h, ['a2a', 'send', pointing.url, 'hello']))).toBe('A2A_CARD_BAD_SIGNATURE')
    expect(elsewhere.keySetRequests).toBe(0)

    // another agent whose card is unsigned: sent to only with --allow-unsigned
    const plain = await serveAgent()
    plain.serve(plain.baseCard())
    expect(errorCode(await cli(h, ['a2a', 'send', plain.url, 'hello']))).toBe('A2A_CARD_UNSIGNED')
    expect(plain.requests).toBe(0)
    const r = await send(h, plain.url, 'hello', '--allow-unsigned')
    expect(r.state).toBe('COMPLETE')
    expect(r.card.pinned).toBe('none')
    expect(r.card.keyThumbprint).toBeUndefined()
  })

  it('bounds a hostile agent: an answer that never comes (the daemon serving meanwhile), an answer too large, interfaces on another origin, an HTTP error, nothing listening', async () => {
    const receiptsBefore = count(h, 'a2a_receipts')
    const obligationsBefore = count(h, 'a2a_obligations')
    const agent = await serveAgent({ hang: true })
    const arrived = new Promise(resolve => agent.events.once('request', resolve))
    const started = performance.now()
    let settled = false
    const sending = cli(h, ['a2a', 'send', agent.url, 'are you there?', '--wait', '2']).finally(() => { settled = true })
    await arrived
    const node = await call(h, 'node.status', {}) as any // another control call, answered while the send waits
    expect(node.peerId).toBeTypeOf('string')
    expect(settled).toBe(false)
    const r = await sending
    const ms = performance.now() - started
    say(`never answers, --wait 2 → exit ${r.code} after ${Math.round(ms)} ms: ${r.stderr.trim()}`)
    expect(errorCode(r)).toBe('A2A_TIMEOUT')
    expect(ms).toBeLessThan(10_000)
    const ob = /(ob_[0-9a-f]{32})/.exec(r.stderr)?.[1] as string
    const s = await call(h, 'status', { obligation: ob }) as any
    expect(s.state).toBe('DELIVERY_PENDING')
    expect(s.a2a.lastError).toMatch(/^A2A_TIMEOUT/)

    // an answer over the size bound is refused, and the daemon keeps serving
    const huge = await serveAgent({ behaviour: 'huge' })
    const big = await cli(h, ['a2a', 'send', huge.url, 'send me everything'])
    say(`2 MiB answer → exit ${big.code}: ${big.stderr.trim()}`)
    expect(errorCode(big)).toBe('A2A_ANSWER_TOO_LARGE')
    expect(big.code).toBe(3)
    expect(count(h, 'a2a_receipts')).toBe(receiptsBefore)
    expect(await call(h, 'node.status', {})).toHaveProperty('peerId')

    // a card naming its interface on another origin (another loopback port): that port is never contacted
    const victim = await serveAgent()
    const pointing = await serveAgent({ interfaceUrl: () => `${victim.url}/a2a/jsonrpc` })
    const foreign = await cli(h, ['a2a', 'send', pointing.url, 'hello'])
    say(`card naming ${victim.url} → exit ${foreign.code}: ${foreign.stderr.trim()}`)
    expect(errorCode(foreign)).toBe('A2A_CARD_FOREIGN_INTERFACE')
    expect(foreign.code).toBe(3)
    expect(victim.requests).toBe(0)

    // an interface that answers with an HTTP error: the agent refused, nothing is recorded
    const broken = await serveAgent({ interfaceUrl: base => `${base}/nowhere` })
    const refused = await cli(h, ['a2a', 'send', broken.url, 'hello'])
    say(`interface answering 404 → exit ${refused.code}: ${refused.stderr.trim()}`)
    expect(errorCode(refused)).toBe('A2A_REMOTE_ERROR')

    // nothing listening: unreachable, nothing is recorded
    const gone = await serveAgent()
    await gone.close()
    const down = await cli(h, ['a2a', 'send', gone.url, 'hello'])
    say(`nothing listening → exit ${down.code}: ${down.stderr.trim()}`)
    expect(errorCode(down)).toBe('A2A_UNREACHABLE')

    expect(count(h, 'a2a_obligations')).toBe(obligationsBefore + 2) // the two above that may have reached their agents
  })
})
