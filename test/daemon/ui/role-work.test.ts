// Role work on the web page, through its API with a real HTTP client against three real daemons: agent-a (no role)
// sends to role:reviewer; agent-b and agent-c are reviewers on two other nodes, each node serving its page. The
// state shows who holds the work, until when and with which fence; claim, renew and release go through the same
// token-guarded JSON action as ack and reject; a second seat's claim is refused with the daemon's code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createSharedMesh, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'

const WAIT_MS = 20_000
const say = (line: string): void => { process.stdout.write(`[ui-roles] ${line}\n`) }

/** The node's page: its state, and a POST of one action with its token from its own origin, as the page sends it. */
function page (n: MeshNodeHandle): { state: () => Promise<any>, act: (ob: string, verb: string, body?: object, headers?: Record<string, string>) => Promise<{ status: number, body: any }> } {
  const url = n.daemon.ready.ui as string
  const auth = { authorization: `Bearer ${readFileSync(join(n.home, 'ui.token'), 'utf8').trim()}` }
  return {
    state: async () => await (await fetch(`${url}api/state`, { headers: auth })).json(),
    act: async (ob, verb, body = {}, headers = {}) => {
      const res = await fetch(`${url}api/obligations/${ob}/${verb}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', origin: new URL(url).origin, ...headers }, body: JSON.stringify(body) })
      return { status: res.status, body: await res.json() }
    }
  }
}

describe('role work on the web page', () => {
  let mesh: SharedMesh
  let a: MeshNodeHandle
  let b: MeshNodeHandle
  let c: MeshNodeHandle
  beforeAll(async () => {
    mesh = await createSharedMesh(3, { roles: i => i === 0 ? undefined : ['reviewer'], args: i => i === 0 ? [] : ['--ui-port', '0'] })
    ;[a, b, c] = mesh.nodes
  })
  afterAll(async () => { await mesh?.close() })

  it('shows the holder, fence and expiry; claims through the page; a second seat\'s claim and steps are refused with the code', async () => {
    const B = page(b)
    const C = page(c)
    const { obligation } = await a.daemon.call('notify', { to: 'role:reviewer', text: 'review PR 9' })
    const row = async (p: typeof B): Promise<any> => (await p.state()).obligations.find((o: any) => o.obligation === obligation)
    const offered = await waitFor('offered on both pages', async () => [await row(B), await row(C)], rs => rs.every(r => r !== undefined))
    say(`b's page, before any claim → role ${JSON.stringify(offered[0].role)}`)
    expect(offered[0]).toMatchObject({ to: 'role:reviewer', recipient: true, role: { name: 'reviewer', seats: ['agent-b'] } })
    expect(offered[0].role.holder).toBeUndefined()

    // the page's steps on role work need the lease, as the CLI's do
    const early = await B.act(obligation, 'ack', { sentence: 'Looks fine.' })
    expect([early.status, early.body.error.code]).toEqual([409, 'LEASE_REQUIRED'])

    const won = await B.act(obligation, 'claim', { leaseMs: 60_000 })
    say(`claim on b's page → HTTP ${won.status} ${JSON.stringify(won.body)}`)
    expect(won.status).toBe(200)
    expect(won.body).toMatchObject({ obligation, holder: 'agent-b', fence: 1, state: 'GRANTED' })
    expect(Date.parse(won.body.expiresAt) - Date.parse(won.body.at)).toBe(60_000)

    const lost = await C.act(obligation, 'claim', {})
    say(`claim on c's page → HTTP ${lost.status} ${JSON.stringify(lost.body)}`)
    expect([lost.status, lost.body.error.code]).toEqual([409, 'LEASE_HELD'])
    expect(lost.body.error.message).toContain('agent-b')
    const bad = await B.act(obligation, 'renew', { leaseMs: 'ten minutes' })
    expect([bad.status, bad.body.error.code]).toEqual([400, 'BAD_REQUEST'])

    const atB = await row(B)
    expect(atB.role).toEqual({ name: 'reviewer', seats: ['agent-b'], holder: 'agent-b', fence: 1, until: won.body.expiresAt, mine: true })
    expect(atB.leases).toEqual([expect.objectContaining({ holder: 'agent-b', fence: 1, end: 'live' })])
    const atC = await waitFor('c hears of b\'s lease', async () => await row(C), r => r.role.holder === 'agent-b')
    expect(atC.role).toMatchObject({ holder: 'agent-b', fence: 1, mine: false })
    const step = await C.act(obligation, 'reject', { reason: 'not mine' })
    expect([step.status, step.body.error.code]).toEqual([409, 'LEASE_HELD'])

    const renewed = await B.act(obligation, 'renew', { leaseMs: 120_000 })
    expect(renewed.body).toMatchObject({ holder: 'agent-b', fence: 1, state: 'GRANTED' })
    const released = await B.act(obligation, 'release')
    expect(released.body).toMatchObject({ holder: 'agent-b', fence: 1, state: 'RELEASED' })
    expect((await row(B)).role.holder).toBeUndefined()
    const taken = await waitFor('c claims once b gave it back', async () => await C.act(obligation, 'claim'), r => r.status === 200, WAIT_MS)
    expect(taken.body).toMatchObject({ holder: 'agent-c', fence: 2 })
    const acked = await C.act(obligation, 'ack', { sentence: 'Reviewed on the page.' })
    expect([acked.status, acked.body.state]).toEqual([200, 'COMPLETE'])
  })

  it('the role actions keep the page\'s rules: no token, a foreign Origin or a non-JSON body change nothing', async () => {
    const B = page(b)
    const { obligation } = await a.daemon.call('notify', { to: 'role:reviewer', text: 'review PR 10' })
    await waitFor('offered at b', async () => await b.daemon.call('inbox', {}), l => l.some(i => i.obligation === obligation))
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ['no token', { authorization: '' }, 401, 'UI_TOKEN_REQUIRED'],
      ['foreign Origin', { origin: 'http://evil.example' }, 403, 'ORIGIN_REFUSED'],
      ['text/plain', { 'content-type': 'text/plain' }, 415, 'CONTENT_TYPE_REFUSED']
    ]
    for (const [what, headers, status, code] of cases) {
      const r = await B.act(obligation, 'claim', {}, headers)
      say(`claim, ${what} → HTTP ${r.status} ${String(r.body.error?.code)}`)
      expect([what, r.status, r.body.error?.code]).toEqual([what, status, code])
    }
    expect((await b.daemon.call('status', { obligation })).leases).toEqual([])
  })
})
