// Traces: one obligation's journey as OpenTelemetry spans from three real daemons (agent-a sends to role:reviewer,
// held by agent-b and agent-c on two other nodes; agent-b takes it), all exported to a real OTLP/HTTP receiver in
// this test that decodes the protobuf: one trace id, spans from three nodes, each step under the right parent. A
// hostile traceparent is ignored and the message still delivered; with traces off the message carries none.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelopeFromWire, messageFromWire, messageToWire } from '../../../proto/index.js'
import { homePaths } from '../../../daemon/index.js'
import { createMesh, createSharedMesh, query, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'
import { cli, errorCode, ok, tempDir } from '../../helpers/cli.js'
import { homeKey, openDeliver, rawPeer, signedMessage } from '../../helpers/raw-peer.js'
import { KIND, OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js'
import { modulesOf } from '../../helpers/bundle-modules.js'

const WAIT_MS = 20_000
const FAST_BATCHES = { OTEL_BSP_SCHEDULE_DELAY: '50' } // the batch processor's delay: spans leave within 50 ms
// the SDK, its exporter and what they bring: never loaded by a node that exports no traces
const SDK = /@opentelemetry\/(sdk-trace|exporter-trace-otlp-proto|otlp-exporter-base|otlp-transformer|resources)\//
const idOf = (ob: string): Buffer => Buffer.from(ob.slice(3), 'hex')
const node = (s: ReceivedSpan): string => String(s.resource['service.instance.id'])

/** The traceparent signed into the message as the node holds it. */
function storedTraceparent (home: string, ob: string): string | undefined {
  const [m] = query(home, 'SELECT envelope FROM messages WHERE id = ?', idOf(ob))
  return messageFromWire(envelopeFromWire(new Uint8Array(m.envelope)).payload).traceparent
}

/** The trace as a small table: span name, kind, node (by seat), span id, parent span name and id, outcome. */
function table (spans: ReceivedSpan[], names: Map<string, string>): string {
  const byId = new Map(spans.map(s => [s.spanId, s]))
  const kinds: Record<number, string> = Object.fromEntries(Object.entries(KIND).map(([k, v]) => [v, k]))
  const head = ['span', 'kind', 'node', 'span id', 'parent', 'parent span id', 'outcome']
  const rows = [...spans].sort((a, b) => a.startMs - b.startMs).map(s => [
    s.name, kinds[s.kind] ?? String(s.kind), names.get(node(s)) ?? node(s), s.spanId,
    s.parentSpanId === '' ? '(root)' : byId.get(s.parentSpanId)?.name ?? '?', s.parentSpanId,
    `${String(s.attributes['aios-comm.outcome'] ?? '')}${s.statusCode === 2 ? ' (ERROR)' : ''}`
  ])
  const w = head.map((_, i) => Math.max(...[head, ...rows].map(r => r[i].length)))
  return [head, ...rows].map(r => r.map((c, i) => c.padEnd(w[i])).join('  ').trimEnd()).join('\n')
}

describe('traces across three nodes', () => {
  let receiver: OtlpReceiver
  let mesh: SharedMesh
  let a: MeshNodeHandle, b: MeshNodeHandle, c: MeshNodeHandle
  const names = new Map<string, string>()
  beforeAll(async () => {
    receiver = await OtlpReceiver.start()
    // a and b are told by the flag; c by its config.json, as a service that restarts keeps it
    mesh = await createSharedMesh(3, {
      start: false,
      roles: i => i === 0 ? undefined : ['reviewer'],
      env: FAST_BATCHES,
      args: i => i === 2 ? [] : ['--otlp-endpoint', receiver.url]
    })
    ;[a, b, c] = mesh.nodes
    const config = homePaths(c.home).config
    writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), otlpEndpoint: receiver.url }))
    // b batches for a minute: what it exports before its stop is what its stop flushed
    await Promise.all(mesh.nodes.map(async n => await n.daemon.start(n === b ? { OTEL_BSP_SCHEDULE_DELAY: '60000' } : {})))
    for (const n of mesh.nodes) names.set(n.daemon.peerId, `${n.handle.slice(-1).toUpperCase()} (${n.handle})`)
  })
  afterAll(async () => {
    await mesh?.close()
    await receiver?.close()
  })

  it('one trace per obligation: send on A, receive on B and C under the send span, B\'s steps under its receive span', async () => {
    // agent-b's wake runs a program: its wake is a step of the journey too
    await b.daemon.call('actor.add', { handle: 'agent-b', carrier: 'command', command: 'true', roles: ['reviewer'] })
    const { obligation } = await a.daemon.call('notify', { to: 'role:reviewer', text: 'review PR 7' })
    for (const n of [b, c]) await waitFor(`${n.handle} is offered it`, async () => await n.daemon.call('inbox', {}), l => l.some(i => i.obligation === obligation), WAIT_MS)
    await waitFor('agent-b woken', async () => await b.daemon.call('wakes', { handle: 'agent-b' }), l => l.some(w => w.obligation === obligation), WAIT_MS)
    // b stops: its stop exports what it batched; it starts again, and its seat's steps hours later join the same receive span
    const fromB = (): ReceivedSpan[] => receiver.of(obligation).filter(s => node(s) === b.daemon.peerId)
    expect(fromB()).toEqual([])
    await b.daemon.stop()
    expect(fromB().map(s => s.name).sort()).toEqual(['receive role:reviewer', 'wake agent-b'])
    await b.daemon.start()
    await ok(b.home, ['claim', obligation])
    await ok(b.home, ['read', obligation])
    await ok(b.home, ['ack', obligation, 'Reviewed.'])
    await a.daemon.call('wait', { obligation, state: 'COMPLETE', timeoutMs: WAIT_MS })

    const expected = ['send role:reviewer', 'outbox wait', 'outbox wait', 'deliver agent-b', 'deliver agent-c', 'receive role:reviewer', 'receive role:reviewer', 'wake agent-b', 'READ', 'CONSUMED', 'COMPLETE']
    const spans = await waitFor('every step exported', () => receiver.of(obligation), l => expected.every(n => l.filter(s => s.name === n).length >= expected.filter(e => e === n).length), WAIT_MS)
    if (process.env.AIOS_TRANSCRIPT === '1') console.log(`trace ${spans[0].traceId} of ${obligation}, as the receiver saw it:\n${table(spans, names)}`)

    // one trace id; spans from three nodes, named by their resource
    expect(new Set(spans.map(s => s.traceId)).size).toBe(1)
    expect(new Set(spans.map(node))).toEqual(new Set([a, b, c].map(n => n.daemon.peerId)))
    for (const s of spans) expect(s.resource).toMatchObject({ 'service.name': 'aios-comm', 'service.instance.id': node(s) })
    for (const s of spans) expect(s.attributes).toMatchObject({ 'messaging.system': 'aios-comm', 'messaging.message.id': obligation, 'messaging.destination.name': 'role:reviewer', 'aios-comm.node': node(s) })

    const one = (name: string, on: MeshNodeHandle): ReceivedSpan => {
      const l = spans.filter(s => s.name === name && node(s) === on.daemon.peerId)
      expect(l.map(s => s.name), `${name} on ${on.handle}`).toEqual([name])
      return l[0]
    }
    const send = one('send role:reviewer', a)
    expect(send).toMatchObject({ parentSpanId: '', kind: KIND.PRODUCER, attributes: { 'messaging.operation.type': 'send', 'aios-comm.seat': 'agent-a', 'messaging.message.body.size': 11 } })
    // the traceparent in the signed message is the send span's context, on every node that holds the message
    for (const n of [a, b, c]) expect(storedTraceparent(n.home, obligation)).toBe(`00-${send.traceId}-${send.spanId}-01`)
    for (const s of spans.filter(s => s.name.startsWith('deliver ') || s.name === 'outbox wait')) {
      expect(node(s)).toBe(a.daemon.peerId)
      expect(s.parentSpanId).toBe(send.spanId)
    }
    for (const s of spans.filter(s => s.name.startsWith('deliver '))) expect(s.kind).toBe(KIND.CLIENT)
    const onB = one('receive role:reviewer', b)
    const onC = one('receive role:reviewer', c)
    for (const r of [onB, onC]) expect(r).toMatchObject({ parentSpanId: send.spanId, kind: KIND.CONSUMER, attributes: { 'messaging.operation.type': 'receive' } })
    for (const step of ['wake agent-b', 'READ', 'CONSUMED', 'COMPLETE']) {
      expect(one(step, b).parentSpanId, step).toBe(onB.spanId)
      expect(one(step, b).attributes['aios-comm.seat'], step).toBe('agent-b')
    }
    expect(one('READ', b)).toMatchObject({ kind: KIND.CONSUMER, attributes: { 'messaging.operation.type': 'process' } })
    expect(one('COMPLETE', b).attributes['messaging.operation.type']).toBe('settle')
    // each step at its own time: the send before the receives, the receipts after B's receive
    expect(onB.startMs).toBeGreaterThanOrEqual(send.startMs)
    expect(one('COMPLETE', b).startMs).toBeGreaterThanOrEqual(one('READ', b).startMs)
    // C's seat was offered it too (its wake attempt is C's), and took no step
    for (const s of spans.filter(s => node(s) === c.daemon.peerId && s !== onC)) {
      expect(s.name).toBe('wake agent-c')
      expect(s.parentSpanId).toBe(onC.spanId)
    }
  })

  it('an audited obligation: the recipient\'s steps on B and the auditor\'s on C join the sender\'s trace, AUDITED under C\'s receive span', async () => {
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'fix the parser', auditor: 'agent-c' })
    await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    await ok(b.home, ['ack', obligation, 'Fixed.'])
    await waitFor('agent-c asked to audit it', async () => await c.daemon.call('inbox', {}), l => l.some(i => i.obligation === obligation && i.audit !== undefined), WAIT_MS)
    await ok(c.home, ['audit', obligation, 'pass', 'The fix holds.'])
    await a.daemon.call('wait', { obligation, state: 'AUDITED', timeoutMs: WAIT_MS })
    // b may still batch for a minute (its first start): its stop exports what it holds, whatever ran before this test
    await b.daemon.stop()
    await b.daemon.start()
    const expected = ['send agent-b', 'deliver agent-b', 'receive agent-b', 'receive agent-b', 'COMPLETE', 'AUDITED']
    const spans = await waitFor('every step exported', () => receiver.of(obligation), l => expected.every(n => l.filter(s => s.name === n).length >= expected.filter(e => e === n).length), WAIT_MS)
    if (process.env.AIOS_TRANSCRIPT === '1') console.log(`trace ${spans[0].traceId} of ${obligation} (audited by agent-c), as the receiver saw it:\n${table(spans, names)}`)
    expect(new Set(spans.map(s => s.traceId)).size).toBe(1)
    expect(new Set(spans.map(node))).toEqual(new Set([a, b, c].map(n => n.daemon.peerId)))
    const on = (name: string, n: MeshNodeHandle): ReceivedSpan[] => spans.filter(s => s.name === name && node(s) === n.daemon.peerId)
    const [send] = on('send agent-b', a)
    const [recvB] = on('receive agent-b', b)
    const [recvC] = on('receive agent-b', c)
    for (const r of [recvB, recvC]) expect(r.parentSpanId).toBe(send.spanId)
    expect(recvC.attributes['aios-comm.seat']).toBe('agent-c')
    expect(on('COMPLETE', b).map(s => s.parentSpanId)).toEqual([recvB.spanId])
    expect(on('AUDITED', c).map(s => s.parentSpanId)).toEqual([recvC.spanId])
    expect(on('AUDITED', c)[0].attributes['aios-comm.seat']).toBe('agent-c')
  })

  it('a hostile traceparent (overlong, bad hex, upper case, zero ids, another version) is ignored: delivered, and B\'s spans start a trace of their own', async () => {
    const key = homeKey(a.home, 'keys/agent-a.key')
    const raw = await openDeliver(await rawPeer(a.home), b.daemon.peerId, b.port)
    const hostile = [
      `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01${'0'.repeat(100_000)}`,
      `00-${'g'.repeat(32)}-${'b'.repeat(16)}-01`,
      `00-${'A'.repeat(32)}-${'B'.repeat(16)}-01`,
      `00-${'0'.repeat(32)}-${'b'.repeat(16)}-01`,
      `00-${'a'.repeat(32)}-${'0'.repeat(16)}-01`,
      `ff-${'a'.repeat(32)}-${'b'.repeat(16)}-01`,
      ''
    ]
    const valid = `00-${'5'.repeat(32)}-${'6'.repeat(16)}-01`
    const sent = [...hostile, valid].map(traceparent => signedMessage(key, { from: 'agent-a', to: 'agent-b', traceparent }))
    const res = await raw.request({ messages: sent.map(s => s.bytes), headers: sent.map(s => s.header) })
    expect(res.results.map(r => r.errorCode ?? 'DELIVERED')).toEqual(sent.map(() => 'DELIVERED'))
    const obs = sent.map(s => `ob_${Buffer.from(s.msg.id).toString('hex')}`)
    const inbox = await b.daemon.call('inbox', {})
    for (const ob of obs) expect(inbox.some(i => i.obligation === ob), ob).toBe(true)

    const receives = await waitFor('a receive span for each', () => obs.map(ob => receiver.of(ob).find(s => s.name === 'receive agent-b')), l => l.every(s => s !== undefined), WAIT_MS) as ReceivedSpan[]
    for (const [i, s] of receives.slice(0, hostile.length).entries()) {
      expect(s.parentSpanId, hostile[i].slice(0, 60)).toBe('')
      expect(s.traceId).not.toMatch(/^(0+|a+)$/)
    }
    // the same path joins a valid one
    expect(receives[hostile.length]).toMatchObject({ traceId: '5'.repeat(32), parentSpanId: '6'.repeat(16) })
    expect(new Set(receives.map(s => s.traceId)).size).toBe(receives.length)
    expect(await b.daemon.call('status', { obligation: obs[0] })).toMatchObject({ state: 'DELIVERED' })
  })
})

describe('traces off', () => {
  it('a node without an endpoint signs no traceparent: the message bytes are those of a message without the field', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'no traces' })
    await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    const [m] = query(b.home, 'SELECT envelope FROM messages WHERE id = ?', idOf(obligation))
    const payload = envelopeFromWire(new Uint8Array(m.envelope)).payload
    const msg = messageFromWire(payload)
    expect(msg.traceparent).toBeUndefined()
    expect(Buffer.from(messageToWire({ ...msg, traceparent: undefined })).equals(Buffer.from(payload))).toBe(true)
    expect(query(b.home, 'SELECT count(*) AS n FROM trace_spans')[0].n).toBe(0)
  })

  it('a node without an endpoint never loads the SDK or the exporter; one with an endpoint does', async () => {
    const dir = tempDir()
    const probe = fileURLToPath(new URL('../../helpers/import-probe.mjs', import.meta.url))
    const [off, on] = await createMesh(2, { start: false, env: { NODE_OPTIONS: `--import=${probe}` }, args: i => i === 1 ? ['--otlp-endpoint', 'http://127.0.0.1:9'] : [] })
    const logs = [join(dir, 'off.log'), join(dir, 'on.log')]
    await off.daemon.start({ AIOS_IMPORT_LOG: logs[0] })
    await on.daemon.start({ AIOS_IMPORT_LOG: logs[1] })
    const { obligation } = await off.daemon.call('notify', { to: 'agent-b', text: 'still no traces' })
    await off.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: WAIT_MS })
    // the files the daemon loaded, each of the bundle's standing for the modules it holds
    const loaded = (log: string): string[] => existsSync(log) ? modulesOf(readFileSync(log, 'utf8').split('\n').filter(l => l !== '')).filter(l => SDK.test(l)) : []
    expect(loaded(logs[0])).toEqual([])
    expect(loaded(logs[1]).length).toBeGreaterThan(0) // the probe sees the SDK where it is loaded
  })

  it('an endpoint that is not http(s) is refused with OTLP_ENDPOINT_INVALID before anything starts; in config.json, with CONFIG_INVALID', async () => {
    const [a] = await createMesh(1, { start: false })
    for (const url of ['ftp://127.0.0.1:4318', 'file:///etc/passwd', 'not a url', 'http://user:pw@127.0.0.1:4318']) {
      const r = await cli(a.home, ['daemon', '--otlp-endpoint', url])
      expect(errorCode(r), url).toBe('OTLP_ENDPOINT_INVALID')
      expect(r.code, url).toBe(2)
    }
    const config = homePaths(a.home).config
    writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), otlpEndpoint: 'unix:///tmp/x' }))
    const r = await cli(a.home, ['daemon'])
    expect(r.code).not.toBe(0)
    expect(r.stderr.trimEnd().split('\n').at(-1)).toMatch(/^aios-comm: CONFIG_INVALID: .*otlpEndpoint: unix: URLs are not OTLP\/HTTP endpoints/)
  })
})
