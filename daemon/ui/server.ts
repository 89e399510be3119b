// `daemon --ui-port PORT`: a web page on loopback — the mesh, obligations with their receipt chains, the outbox and
// recent wakes, updated live over Server-Sent Events. The static shell is public; its API (state, events, ack, reject,
// retry, and claim, renew, release on role work) needs the home's ui.token, because message previews and notes are as private as the control socket.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { MeshError } from '../../cards/index.js'
import type { Route } from '../control/index.js'
import { BoundedWriter, LoopbackHttp, refuseUnauthorized, sendJson } from '../observe/index.js'
import { packageRoot } from '../runtime/package-root.js'
import { authorize, ensureUiToken, TOKEN_FILE } from './token.js'
import { uiState, type UiDeps } from './state.js'

const MAX_ACTION_BYTES = 16 << 10 // a sentence or a reason, not a document
const STATIC: Record<string, string> = { '/': 'index.html', '/app.js': 'app.js', '/style.css': 'style.css' }
const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' }
// Everything comes from this origin; no inline script, so an injected tag could not run even if escaping failed.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
const ACTION = /^\/api\/obligations\/(ob_[0-9a-f]{32})\/(ack|reject|retry|claim|renew|release|audit)$/

export interface UiOptions { port: number, host?: string }

export function uiServer (home: string, deps: UiDeps, routes: Record<string, Route>, opts: UiOptions): LoopbackHttp {
  const token = ensureUiToken(home)
  const files = new Map<string, string>()
  const file = (name: string): string => {
    let text = files.get(name)
    if (text === undefined) files.set(name, text = readFileSync(join(packageRoot(), 'daemon', 'ui', 'static', name), 'utf8'))
    return text
  }
  return new LoopbackHttp('ui', opts.port, opts.host, async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const name = STATIC[path]
    if (name !== undefined && req.method === 'GET') {
      res.writeHead(200, { 'content-type': TYPES[name.split('.').pop() as string], 'content-security-policy': CSP, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }).end(file(name))
      return
    }
    if (refuseUnauthorized(res, authorize(req.headers.authorization, token), 'UI', TOKEN_FILE)) return
    if (path === '/api/state' && req.method === 'GET') return sendJson(res, 200, await uiState(deps))
    if (path === '/api/events' && req.method === 'GET') return events(deps, req, res)
    const action = ACTION.exec(path)
    if (action !== null && req.method === 'POST') return await act(req, res, routes, action[1], action[2])
    sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `nothing at ${req.method ?? 'GET'} ${path}` } })
  })
}

/** Server-Sent Events: each observed event as one `data:` line; a reader too far behind is told and dropped. */
function events (deps: UiDeps, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.write(': aios-comm events\n\n')
  let stop = (): void => {}
  const out = new BoundedWriter(res, () => `event: dropped\ndata: ${JSON.stringify({ code: 'WATCH_TOO_SLOW' })}\n\n`, () => stop())
  stop = deps.bus.subscribe(e => { out.write(`id: ${e.seq}\ndata: ${JSON.stringify(e)}\n\n`) })
  req.once('close', () => stop())
}

async function act (req: IncomingMessage, res: ServerResponse, routes: Record<string, Route>, obligation: string, verb: string): Promise<void> {
  const body = await readJson(req)
  const text = (field: string): string => {
    const v = body[field]
    if (typeof v !== 'string' || v.trim() === '') throw new MeshError('BAD_REQUEST', `${field} must be a non-empty string`)
    return v
  }
  const leaseMs = (): { leaseMs?: number } => {
    const v = body.leaseMs
    if (v === undefined) return {}
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0) throw new MeshError('BAD_REQUEST', 'leaseMs must be a whole number of milliseconds')
    return { leaseMs: v }
  }
  const params = verb === 'ack' ? { obligation, sentence: text('sentence') } : verb === 'reject' ? { obligation, reason: text('reason') }
    : verb === 'audit' ? { obligation, verdict: text('verdict'), sentence: text('sentence') }
    : verb === 'claim' || verb === 'renew' ? { obligation, ...leaseMs() } : { obligation }
  try {
    sendJson(res, 200, await routes[verb](params))
  } catch (err) {
    if (!(err instanceof MeshError)) throw err
    sendJson(res, 409, { error: { code: err.code, message: err.message.split('\n')[0] } })
  }
}

async function readJson (req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const c of req) {
    size += (c as Buffer).byteLength
    if (size > MAX_ACTION_BYTES) throw new MeshError('REQUEST_TOO_LARGE', `an action body may have at most ${MAX_ACTION_BYTES} bytes`)
    chunks.push(c as Buffer)
  }
  if (size === 0) return {}
  try {
    const v = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v
  } catch {}
  throw new MeshError('BAD_REQUEST', 'the body must be a JSON object')
}
