// Fuzzing the control API: the NDJSON line reader, request parsing, the route table and parameter validation,
// in-process on a real home (most inputs), then a few thousand lines through a real daemon's socket, which must
// answer every line with a result or a stable code, and keep answering afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createConnection } from 'node:net'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LineReader } from '../../../daemon/control/framing.js'
import { answerLine } from '../../../daemon/control/server.js'
import { routes } from '../../../daemon/control/routes.js'
import { WakeService } from '../../../daemon/wake/index.js'
import { createLogger } from '../../../daemon/runtime/log.js'
import type { ControlResponse } from '../../../daemon/control/protocol.js'
import { homePaths } from '../../../daemon/index.js'
import { createMesh } from '../../helpers/mesh.js'
import { chaosLevel } from '../report.js'
import { FuzzTally, HANDLER_LIMIT_MS, fuzzParams, fuzzSeed, runFuzzAsync, runFuzz } from './harness.js'
import { bytesFor } from './mutate.js'
import { createWorld, type World } from './world.js'

const TIMEOUT = chaosLevel() === 'full' ? 900_000 : 60_000
const SOCKET_LINES = chaosLevel() === 'full' ? 20_000 : 500

/** Every stable code the daemon and the cards module can answer with: the quoted UPPER_CASE literals in their source. */
function knownCodes (): Set<string> {
  const root = fileURLToPath(new URL('../../../', import.meta.url))
  const codes = new Set<string>(['INVITE_MALFORMED', 'REQUEST_TOO_LARGE'])
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f)
      if (statSync(p).isDirectory()) walk(p)
      else if (p.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g)) codes.add(m[1])
    }
  }
  for (const d of ['daemon', 'cards', 'proto']) walk(join(root, d))
  codes.delete('INTERNAL') // an untyped exception: a crash
  return codes
}

// Methods whose parameters are fuzzed in-process; those that write files at a path they are given, join a mesh
// over the network or run the doctor are left to their own tests.
const METHODS = ['node.status', 'notify', 'inbox', 'read', 'consume', 'ack', 'reject', 'status', 'wait', 'outbox', 'peers',
  'mesh.show', 'mesh.trust', 'card.show', 'card.verify', 'where', 'actor.list', 'invite', 'wakes', 'no.such', '__proto__', 'constructor', 'toString']
const FIELDS = ['to', 'text', 'body', 'as', 'obligation', 'sentence', 'reason', 'file', 'handle', 'key', 'require', 'thread',
  'ttlMs', 'timeoutMs', 'state', 'all', 'limit', 'contentType', '__proto__']

function requestLines (obligations: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.constantFrom<unknown>('agent-a', 'agent-b', 'agent-z', 'COMPLETE', 'READ', 'DELIVERED', '/nonexistent/x', '/', '', 'ed25519:AAAA', 'aGVsbG8=', ...obligations),
    fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }), fc.object({ maxDepth: 1 })
  )
  const params = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 5 })
  const req = fc.record({ id: fc.oneof(fc.nat(), fc.string({ maxLength: 4 }), fc.constant(null)), method: fc.constantFrom(...METHODS), params: fc.oneof(params, fc.constant(null), fc.constant([1])) }, { requiredKeys: ['method'] })
    .map(r => {
      // a wait must not wait long on a real obligation
      const p = r.params as Record<string, unknown> | null
      if (r.method === 'wait' && p !== null && p !== undefined && !Array.isArray(p)) p.timeoutMs = 1 + (Number(p.timeoutMs) % 20 || 0)
      return JSON.stringify(r)
    })
  const junk = fc.oneof(fc.string({ maxLength: 60 }), fc.json({ maxDepth: 2 }), fc.constantFrom('null', '[]', '{}', '{"method":1}', '"x"', '{"id":1}'))
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s)
  return fc.oneof(
    { weight: 6, arbitrary: req },
    { weight: 2, arbitrary: junk },
    { weight: 2, arbitrary: req.chain(r => bytesFor([enc(r)])).map(b => Buffer.from(b).toString('utf8')) }
  ).map(s => s.replace(/\n/g, ' '))
}

function checkAnswer (t: FuzzTally, res: ControlResponse, codes: Set<string>): string {
  if ('result' in res) return 'ok'
  const code = res.error?.code
  if (typeof code !== 'string' || !codes.has(code)) t.crash(`answer with code ${String(code)}: ${res.error?.message}`)
  return code
}

describe('fuzz: control API', () => {
  let w: World
  let table: ReturnType<typeof routes>
  const log = createLogger('fuzz', 'error')
  const codes = knownCodes()
  beforeAll(async () => {
    w = await createWorld()
    const view = { startedAtMs: Date.now(), node: () => { throw new Error('no network in this test') }, peerId: () => w.a.peerId, addresses: () => [], peers: () => [], truth: () => ({ facts: 0, head: 0 }), reach: () => ({ relayServing: false, confirmedPublic: [] }) }
    table = routes(w.core, view as never, new WakeService(w.core))
  })
  afterAll(() => w?.close())

  it('the line reader gives back every line, in order, however the bytes are cut', () => {
    const t = new FuzzTally('control', 'control lines', new Set())
    runFuzz(t, () => {
      fc.assert(fc.property(fc.array(fc.string({ maxLength: 30 }).map(s => s.replace(/\n/g, '')), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), t.timed((lines, cuts) => {
        t.run(() => {
          const text = lines.map(l => l + '\n').join('')
          const at = [...new Set(cuts.map(c => c % (text.length + 1)))].sort((a, b) => a - b)
          const r = new LineReader()
          const out: string[] = []
          let from = 0
          for (const c of [...at, text.length]) { out.push(...r.push(text.slice(from, c)).lines); from = c }
          expect(out).toEqual(lines.filter(l => l.trim() !== ''))
        })
      })), fuzzParams('control lines', 500))
    })
  }, TIMEOUT)

  it('in-process: every request line is answered with a result or a known stable code, the same twice', async () => {
    const obligations = w.ctx.store.messages.countMessages() > 0 ? ['ob_' + '0'.repeat(32)] : []
    const t = new FuzzTally('control', 'control requests', codes, HANDLER_LIMIT_MS)
    await runFuzzAsync(t, async () => {
      await fc.assert(fc.asyncProperty(requestLines(obligations), t.timedAsync(async line => {
        const a = await answerLine(table, line, log)
        const code = t.outcome(() => checkAnswer(t, a, codes) === 'ok' ? { ok: true } : { ok: false, code: (a as { error: { code: string } }).error.code })
        if (t.inputs % 5 === 0 && !line.includes('"notify"') && !line.includes('"invite"')) {
          const b = await answerLine(table, line, log)
          const again = 'result' in b ? 'ok' : b.error.code
          if (again !== code) t.crash(`unstable answer to ${line}: ${code} then ${again}`)
        }
      })), fuzzParams('control requests', 800))
    })
    expect(t.seen.get('ok')).toBeGreaterThan(0)
    expect(t.seen.get('BAD_REQUEST')).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`through a real daemon's socket: ${SOCKET_LINES} lines answered, and the daemon still serves`, async () => {
    const [a] = await createMesh(1)
    const lines = fc.sample(requestLines([]), { numRuns: SOCKET_LINES, seed: fuzzSeed() })
    console.log(`fuzz control socket: seed ${fuzzSeed()}, ${SOCKET_LINES} lines`)
    const t = new FuzzTally('control', 'control socket', codes)
    await runFuzzAsync(t, async () => {
      const answers = await exchange(homePaths(a.home).socket, lines)
      expect(answers).toHaveLength(lines.filter(l => l.trim() !== '').length) // one answer per non-blank line
      for (const res of answers) t.outcome(() => checkAnswer(t, res, codes) === 'ok' ? { ok: true } : { ok: false, code: (res as { error: { code: string } }).error.code })
      // a line over the limit closes only its connection
      const big = await exchange(homePaths(a.home).socket, ['{"id":1,"method":"peers","params":{"x":"' + 'x'.repeat(5 << 20) + '"}}'])
      expect(big[0]).toMatchObject({ error: { code: 'REQUEST_TOO_LARGE' } })
      expect(a.daemon.running).toBe(true)
      expect((await a.daemon.call('node.status')).peerId).toBe(a.daemon.peerId)
    })
  }, TIMEOUT)
})

/** Writes the lines on one connection and collects one answer per non-blank line (or what came before it closed). */
async function exchange (socket: string, lines: string[]): Promise<ControlResponse[]> {
  const expected = lines.filter(l => l.trim() !== '').length
  return await new Promise((resolve, reject) => {
    const s = createConnection(socket)
    const out: ControlResponse[] = []
    let buf = ''
    s.setEncoding('utf8')
    s.on('data', (d: string) => {
      buf += d
      let nl
      while ((nl = buf.indexOf('\n')) >= 0) {
        out.push(JSON.parse(buf.slice(0, nl)))
        buf = buf.slice(nl + 1)
      }
      if (out.length >= expected) { s.end(); resolve(out) }
    })
    s.on('close', () => resolve(out))
    s.on('error', reject)
    s.write(lines.map(l => l + '\n').join(''))
  })
}
