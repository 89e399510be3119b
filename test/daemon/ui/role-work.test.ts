// Role work on the web page, through its API with a real HTTP client against three real daemons: agent-a (no role)
// sends to role:reviewer; agent-b and agent-c are reviewers on two other nodes, each node serving its page. The
// state shows who holds the work, until when and with which fence; claim, renew and release go through the same
// token-guarded JSON action as ack and reject; a second seat's claim is refused with the daemon's code. In a real
// browser (Debian's chromium), the buttons follow the lease: claim while nobody holds it, ack, reject, renew and
// release only on the holder's node.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { tempDir } from '../../helpers/cli.js'
import { createSharedMesh, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'

const WAIT_MS = 20_000
const CHROMIUM = '/usr/bin/chromium'
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

  it('in the browser: claim while nobody holds it; ack, reject, renew and release only on the holder\'s page', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`).toBe(true)
    const { obligation } = await a.daemon.call('notify', { to: 'role:reviewer', text: 'review PR 11' })
    for (const n of [b, c]) await waitFor(`offered at ${n.handle}`, async () => await n.daemon.call('inbox', {}), l => l.some(i => i.obligation === obligation))
    const browser = await chromium.launchPersistentContext(tempDir('aios-chromium-'), {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
    })
    onTestFinished(async () => { await browser.close() })
    const open = async (n: MeshNodeHandle): Promise<import('playwright-core').Page> => {
      const p = await browser.newPage()
      await p.goto(n.daemon.ready.ui as string)
      await p.fill('#token', readFileSync(join(n.home, 'ui.token'), 'utf8').trim())
      await p.click('#token-form button')
      await p.waitForSelector(`tr[data-obligation="${obligation}"]`)
      return p
    }
    const B = await open(b)
    const C = await open(c)
    const row = (p: import('playwright-core').Page): ReturnType<import('playwright-core').Page['locator']> => p.locator(`tr[data-obligation="${obligation}"]`)
    const buttons = async (p: import('playwright-core').Page): Promise<string[]> => await row(p).locator('button').allTextContents()
    expect(await buttons(B)).toEqual(['claim'])
    await expect(row(B).locator('.role').textContent()).resolves.toBe('unclaimed')

    B.once('dialog', d => { void d.accept('5') }) // the lease, in minutes
    await row(B).locator('button', { hasText: 'claim' }).click()
    await B.waitForFunction(ob => document.querySelector(`tr[data-obligation="${ob}"] .role`)?.getAttribute('data-holder') === 'agent-b', obligation)
    const held = (await b.daemon.call('status', { obligation })).leases?.[0]
    expect(Date.parse(held?.expiresAt ?? '') - Date.parse(held?.grantedAt ?? '')).toBe(5 * 60_000)
    expect(await buttons(B)).toEqual(['ack', 'reject', 'renew', 'release'])
    await expect(row(B).locator('.role').textContent()).resolves.toMatch(/^held here agent-b until \d\d:\d\d:\d\d · fence 1$/)
    say(`b's page after claim → ${String(await row(B).locator('.role').textContent())}`)

    // c's page: held elsewhere, no buttons (a refresh on the event of b's lease reaching c)
    await waitFor('c hears of b\'s lease', async () => (await c.daemon.call('inbox', {})).find(i => i.obligation === obligation)?.role?.holder, h => h === 'agent-b', WAIT_MS)
    await C.reload()
    await C.waitForFunction(ob => document.querySelector(`tr[data-obligation="${ob}"] .role`)?.getAttribute('data-holder') === 'agent-b', obligation)
    expect(await buttons(C)).toEqual([])
    await expect(row(C).locator('.role').textContent()).resolves.toMatch(/^held agent-b until /)

    await row(B).locator('button', { hasText: 'release' }).click()
    await B.waitForFunction(ob => document.querySelector(`tr[data-obligation="${ob}"] .role`)?.getAttribute('data-holder') === '', obligation)
    expect(await buttons(B)).toEqual(['claim'])
    await expect(B.locator('#action-result').textContent()).resolves.toContain('release')
  })
})
