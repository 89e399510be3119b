// Prometheus metrics: the exposition text parses (HELP and TYPE before samples, labels escaped), counters move
// when a message travels and when verification refuses something, and the endpoint stays on loopback.
import { describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { Counter, Gauge, Registry } from 'prom-client'
import { cli, errorCode, ok } from '../../helpers/cli.js'
import { createMesh, waitFor } from '../../helpers/mesh.js'
import { homeKey, openDeliver, rawPeer, signedMessage } from '../../helpers/raw-peer.js'

interface Sample { name: string, labels: Record<string, string>, value: number }
interface Parsed { help: Map<string, string>, type: Map<string, string>, samples: Sample[] }

/** A strict reader of the text format: unknown lines, samples before their family's TYPE, or bad escapes throw. */
function parse (text: string): Parsed {
  const p: Parsed = { help: new Map(), type: new Map(), samples: [] }
  expect(text.endsWith('\n')).toBe(true)
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue // the format ignores empty lines (prom-client puts one between families)
    let m = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line)
    if (m !== null) { p.help.set(m[1], m[2].replace(/\\(n|\\)/g, (_, c: string) => c === 'n' ? '\n' : '\\')); continue }
    m = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line)
    if (m !== null) {
      expect(p.help.has(m[1])).toBe(true)
      p.type.set(m[1], m[2])
      continue
    }
    m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (m === null) throw new Error(`not an exposition line: ${line}`)
    const family = p.type.has(m[1]) ? m[1] : m[1].replace(/_(bucket|sum|count)$/, '')
    if (!p.type.has(family) || (family !== m[1] && !['histogram', 'summary'].includes(p.type.get(family) as string))) throw new Error(`sample before its TYPE: ${line}`)
    const labels: Record<string, string> = {}
    const body = m[2] ?? ''
    const re = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(,|$)/y
    let at = 0
    while (at < body.length) {
      re.lastIndex = at
      const l = re.exec(body)
      if (l === null) throw new Error(`bad labels: ${body}`)
      labels[l[1]] = l[2].replace(/\\(["\\n])/g, (_, c: string) => c === 'n' ? '\n' : c)
      at = re.lastIndex
    }
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3])
    // NaN in any case, as Prometheus reads it: prom-client writes 'Nan' for a gauge with no sample yet (event-loop lag)
    if (!/^nan$/i.test(m[3]) && Number.isNaN(value)) throw new Error(`bad value: ${line}`)
    p.samples.push({ name: m[1], labels, value })
  }
  for (const [name, type] of p.type) if (type === 'counter') expect(name).toMatch(/_total$/)
  return p
}

const value = (p: Parsed, name: string, labels: Record<string, string> = {}): number | undefined =>
  p.samples.find(s => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value

async function scrape (url: string): Promise<Parsed> {
  const res = await fetch(url)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
  return parse(await res.text())
}

describe('metrics', () => {
  it('writes the text format with escaped labels and help', async () => {
    const registers = [new Registry()]
    new Counter({ name: 'x_total', help: 'a \\ backslash\nand a newline', labelNames: ['dest'], registers }).inc({ dest: 'a"b\\c\nd' }, 3)
    new Gauge({ name: 'y', help: 'empty family', labelNames: ['k'], registers })
    const z = new Gauge({ name: 'z', help: 'odd values', labelNames: ['k'], registers })
    z.set(Infinity)
    z.set({ k: '' }, -0.5)
    const text = await registers[0].metrics()
    expect(registers[0].contentType).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(text).toContain('x_total{dest="a\\"b\\\\c\\nd"} 3\n')
    expect(text).toContain('# HELP x_total a \\\\ backslash\\nand a newline\n')
    const p = parse(text)
    expect(p.samples[0].labels.dest).toBe('a"b\\c\nd')
    expect(p.help.get('x_total')).toBe('a \\ backslash\nand a newline')
    expect(p.type.get('y')).toBe('gauge')
    expect(p.samples.map(s => s.value)).toEqual([3, Infinity, -0.5])
    expect(() => new Gauge({ name: 'bad-name', help: '', registers })).toThrow()
  })

  it('a real daemon serves /metrics on loopback; counters move with a message and with a refusal', async () => {
    const [a, b] = await createMesh(2, { args: i => i === 0 ? ['--metrics-port', '0'] : [] })
    const url = a.daemon.ready.metrics as string
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
    const before = await waitFor('b connected', async () => await scrape(url), p => value(p, 'aios_comm_peers_connected') === 1)
    for (const name of ['aios_comm_messages_sent_total', 'aios_comm_receipts_total', 'aios_comm_outbox_depth', 'aios_comm_wakes_total', 'aios_comm_verification_failures_total', 'process_resident_memory_bytes', 'process_cpu_seconds_total']) {
      expect(before.type.has(name)).toBe(true)
    }
    for (const name of ['aios_comm_delivery_seconds', 'aios_comm_wake_duration_seconds', 'aios_comm_peer_rtt_seconds']) expect(before.type.get(name)).toBe('histogram')
    for (const name of ['nodejs_heap_size_used_bytes', 'nodejs_heap_size_total_bytes', 'nodejs_external_memory_bytes', 'process_start_time_seconds']) expect(before.type.get(name)).toBe('gauge')
    expect(value(before, 'process_resident_memory_bytes')).toBeGreaterThan(1 << 20)
    expect(value(before, 'aios_comm_info', { peer_id: a.daemon.peerId })).toBe(1)
    expect(value(before, 'aios_comm_messages_sent_total') ?? 0).toBe(0)

    const sentAt = Date.now()
    const { obligation } = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'count me', '--json'])
    await waitFor('delivered', async () => await ok(b.home, ['inbox', '--json']), l => l.length === 1)
    const deliveredWithin = (Date.now() - sentAt) / 1000
    await ok(b.home, ['ack', obligation, 'counted'])
    const after = await waitFor('COMPLETE counted', async () => await scrape(url), p => value(p, 'aios_comm_receipts_total', { state: 'COMPLETE' }) === 1)
    expect(value(after, 'aios_comm_messages_sent_total')).toBe(1)
    // one delivery timed, no longer than the test saw it take
    expect(value(after, 'aios_comm_delivery_seconds_count')).toBe(1)
    expect(value(after, 'aios_comm_delivery_seconds_sum')).toBeGreaterThan(0)
    expect(value(after, 'aios_comm_delivery_seconds_sum')).toBeLessThanOrEqual(deliveredWithin)
    expect(value(after, 'aios_comm_delivery_seconds_bucket', { le: '+Inf' })).toBe(1)
    for (const state of ['DELIVERED', 'READ', 'CONSUMED']) expect(value(after, 'aios_comm_receipts_total', { state })).toBe(1)
    expect(value(after, 'aios_comm_messages', { direction: 'out', state: 'COMPLETE' })).toBe(1)
    expect(value(after, 'aios_comm_receipts_stored', { state: 'COMPLETE' })).toBe(1)
    expect(value(after, 'process_cpu_seconds_total')).toBeGreaterThanOrEqual(value(before, 'process_cpu_seconds_total') as number)

    // b's node goes away; a message waits in the outbox for agent-b; a rogue peer with b's node key sends a forgery
    await b.daemon.stop()
    await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'wait for me', '--json'])
    const rogue = await rawPeer(b.home)
    const s = await openDeliver(rogue, a.daemon.peerId, a.port)
    const forged = signedMessage(homeKey(b.home, 'keys/agent-b.key'), { from: 'agent-a', to: 'agent-a' })
    expect((await s.request({ messages: [forged.bytes], headers: [forged.header] })).results[0].errorCode).toBe('NOT_ENDORSED')
    const later = await waitFor('the refusal counted', async () => await scrape(url), p => value(p, 'aios_comm_verification_failures_total', { what: 'message', code: 'NOT_ENDORSED' }) === 1)
    expect(value(later, 'aios_comm_outbox_depth', { dest: 'agent-b', kind: 'message', status: 'pending' })).toBe(1)
    expect(value(later, 'aios_comm_messages_sent_total')).toBe(2)

    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404)
    // a request addressed to a non-loopback name (DNS rebinding) is refused
    const rebinding = await new Promise<number>((resolve, reject) => {
      request(url, { headers: { host: 'evil.example' } }, res => { res.resume(); resolve(res.statusCode ?? 0) }).on('error', reject).end()
    })
    expect(rebinding).toBe(421)
  })

  it('refuses to listen beyond loopback, in one coded line', async () => {
    const [a] = await createMesh(1, { start: false })
    const m = await cli(a.home, ['daemon', '--metrics-port', '0', '--metrics-host', '0.0.0.0'])
    expect(errorCode(m)).toBe('METRICS_NOT_LOOPBACK')
    const u = await cli(a.home, ['daemon', '--ui-port', '0', '--ui-host', '192.168.1.10'])
    expect(errorCode(u)).toBe('UI_NOT_LOOPBACK')
    expect(errorCode(await cli(a.home, ['daemon', '--metrics-port', 'many']))).toBe('USAGE')
  })
})
