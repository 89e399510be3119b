// The web page's API against a real daemon with a real HTTP client: the static shell is public, the state and the
// event stream (message previews, notes) need the home's token, and every loopback surface refuses what a foreign
// page could send — a foreign Origin, a non-JSON write, a rebound Host — with a coded error, changing nothing.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { createMesh, waitFor } from '../../helpers/mesh.js'

const say = (line: string): void => { process.stdout.write(`[ui-api] ${line}\n`) }

/** A raw HTTP/1.1 exchange with exactly the headers given; for a stream, the head and the first chunk. */
async function raw (url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number, type: string, text: string }> {
  return await new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, res => {
      let text = ''
      const done = (): void => { resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }) }
      res.setEncoding('utf8')
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.once('data', (d: string) => { text = d; req.destroy(); done() })
        return
      }
      res.on('data', (d: string) => { text += d }).on('end', done)
    })
    req.on('error', reject)
    req.end(body)
  })
}

const code = (r: { text: string }): string | undefined => { try { return JSON.parse(r.text).error?.code } catch { return undefined } }

describe('the web page API', () => {
  it('needs the token for /api/state and /api/events; the static shell is served without it', async () => {
    const [a, b] = await createMesh(2, { args: i => i === 0 ? ['--ui-port', '0'] : [] })
    const url = a.daemon.ready.ui as string
    const token = readFileSync(join(a.home, 'ui.token'), 'utf8').trim()
    await b.daemon.call('notify', { to: 'agent-a', text: 'the private preview' })
    await waitFor('the message at a', async () => await a.daemon.call('inbox'), l => l.length === 1)

    const seen: Array<[string, number, string | undefined, boolean]> = []
    for (const path of ['api/state', 'api/events']) {
      for (const [who, headers] of [['no token', {}], ['a wrong token', { authorization: `Bearer ${'0'.repeat(64)}` }]] as const) {
        const r = await raw(`${url}${path}`, 'GET', headers)
        say(`GET /${path} with ${who} → HTTP ${r.status} ${String(code(r))}`)
        seen.push([`${path} ${who}`, r.status, code(r), r.text.includes('the private preview')]) // last: the preview leaked
      }
    }
    expect(seen).toEqual([
      ['api/state no token', 401, 'UI_TOKEN_REQUIRED', false], ['api/state a wrong token', 401, 'UI_TOKEN_INVALID', false],
      ['api/events no token', 401, 'UI_TOKEN_REQUIRED', false], ['api/events a wrong token', 401, 'UI_TOKEN_INVALID', false]
    ])

    const auth = { authorization: `Bearer ${token}` }
    const state = await raw(`${url}api/state`, 'GET', auth)
    expect(state.status).toBe(200)
    expect(JSON.parse(state.text).obligations.map((o: any) => o.preview)).toEqual(['the private preview'])
    const events = await raw(`${url}api/events`, 'GET', auth)
    expect([events.status, events.type]).toEqual([200, 'text/event-stream; charset=utf-8'])
    say(`with the token: /api/state → ${state.status}, /api/events → ${events.status} ${events.type}`)

    for (const path of ['', 'app.js', 'style.css']) {
      const r = await raw(`${url}${path}`, 'GET', {})
      expect([path, r.status]).toEqual([path, 200])
      expect(r.text).not.toContain(token)
    }
  })

  it('every loopback surface (web page, metrics, A2A) refuses a foreign Origin, a non-JSON write and a rebound Host', async () => {
    const [a] = await createMesh(1, { args: () => ['--ui-port', '0', '--metrics-port', '0', '--a2a-port', '0'] })
    const ui = a.daemon.ready.ui as string
    const metrics = a.daemon.ready.metrics as string
    const a2a = `${a.daemon.ready.a2a as string}/a2a/agent-a`
    const token = readFileSync(join(a.home, 'ui.token'), 'utf8').trim()
    const auth = { authorization: `Bearer ${token}` }
    const ob = (await a.daemon.call('notify', { to: 'agent-a', text: 'to myself' })).obligation as string
    const ack = `${ui}api/obligations/${ob}/ack`
    const body = JSON.stringify({ sentence: 'Done from a foreign page.' })
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] } } })
    const port = (u: string): string => new URL(u).port
    const cases: Array<[string, string, string, Record<string, string>, string | undefined, number, string]> = [
      ['ui state, foreign Origin', `${ui}api/state`, 'GET', { ...auth, origin: 'http://evil.example' }, undefined, 403, 'ORIGIN_REFUSED'],
      ['ui ack, foreign Origin', ack, 'POST', { ...auth, 'content-type': 'application/json', origin: 'http://evil.example' }, body, 403, 'ORIGIN_REFUSED'],
      ['ui ack, text/plain', ack, 'POST', { ...auth, 'content-type': 'text/plain' }, body, 415, 'CONTENT_TYPE_REFUSED'],
      ['ui state, rebound Host', `${ui}api/state`, 'GET', { ...auth, host: `evil.example:${port(ui)}` }, undefined, 421, 'HOST_NOT_LOOPBACK'],
      ['metrics, foreign Origin', metrics, 'GET', { origin: 'http://evil.example' }, undefined, 403, 'ORIGIN_REFUSED'],
      ['metrics, rebound Host', metrics, 'GET', { host: `evil.example:${port(metrics)}` }, undefined, 421, 'HOST_NOT_LOOPBACK'],
      ['a2a, foreign Origin', a2a, 'POST', { 'content-type': 'application/json', origin: 'http://evil.example' }, rpc, 403, 'ORIGIN_REFUSED'],
      ['a2a, text/plain', a2a, 'POST', { 'content-type': 'text/plain' }, rpc, 415, 'CONTENT_TYPE_REFUSED']
    ]
    const seen: Array<[string, number, string | undefined]> = []
    for (const [what, target, method, headers, payload] of cases) {
      const r = await raw(target, method, headers, payload)
      say(`${what} → HTTP ${r.status} ${String(code(r))}`)
      seen.push([what, r.status, code(r)])
    }
    expect(seen).toEqual(cases.map(([what, , , , , status, c]) => [what, status, c]))
    // nothing was acted on or sent: the one obligation is still only delivered, and it is the only one
    expect((await a.daemon.call('status', { obligation: ob })).state).toBe('DELIVERED')
    expect((await a.daemon.call('inbox')).map((m: any) => m.obligation)).toEqual([ob])
    // the page's own origin still acts
    const own = await raw(ack, 'POST', { ...auth, 'content-type': 'application/json', origin: new URL(ui).origin }, body)
    expect(own.status).toBe(200)
  })
})
