// The only way the A2A client reaches the network: a fetch bound to the origin of the URL the user gave, that
// follows no redirect, gives up at its deadline and reads at most a given number of bytes. A hostile card cannot
// point it at another host or a loopback port, and a hostile agent cannot hold it open or fill its memory.
import { MeshError, type ErrorCode } from '../../cards/index.js'

/**
 * What went wrong, kept aside: the SDK wraps what a fetch throws in its own errors, so the caller reads the first
 * broken rule here. `maybeSent`: the request may have reached the agent (it was not refused at connect).
 */
export interface Guard {
  violation?: MeshError
  maybeSent: boolean
}

export function newGuard (): Guard {
  return { maybeSent: false }
}

export interface FetchBounds {
  /** scheme://host:port every request must go to. */
  origin: string
  maxBytes: number
  /** The code for an answer over maxBytes. */
  tooLarge: Extract<ErrorCode, 'A2A_CARD_TOO_LARGE' | 'A2A_ANSWER_TOO_LARGE'>
  /** Ends the request (and the body's reading) when it fires: the deadline. */
  signal: AbortSignal
}

// Errors at connect time: nothing of the request left this node.
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL'])
// Statuses whose response has no body (a Response with one cannot be built).
const NULL_BODY = new Set([101, 204, 205, 304])

function fail (guard: Guard, err: MeshError): MeshError {
  guard.violation ??= err
  return err
}

function urlOf (input: string | URL | Request): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
}

function causeCode (err: unknown): string | undefined {
  const c = (err as { cause?: { code?: unknown } }).cause
  return typeof c?.code === 'string' ? c.code : undefined
}

export function guardedFetch (bounds: FetchBounds, guard: Guard): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = urlOf(input)
    if (url.origin !== bounds.origin) {
      throw fail(guard, new MeshError('A2A_CARD_FOREIGN_INTERFACE', `the agent names ${url.origin}, another origin than ${bounds.origin}; only the URL's own origin is contacted`))
    }
    const signal = init?.signal == null ? bounds.signal : AbortSignal.any([init.signal, bounds.signal])
    let res: Response
    try {
      res = await fetch(url, { ...init, redirect: 'manual', signal })
    } catch (err) {
      throw fail(guard, networkError(err, url, bounds.signal, guard))
    }
    guard.maybeSent = true
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => {})
      throw fail(guard, new MeshError('A2A_REDIRECT_REFUSED', `${url.href} answered ${res.status} (a redirect to ${res.headers.get('location') ?? 'nowhere'}); redirects are not followed`))
    }
    const body = await readBounded(res, url, bounds, guard)
    return new Response(NULL_BODY.has(res.status) ? null : new Blob([new Uint8Array(body)]), { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}

function networkError (err: unknown, url: URL, deadline: AbortSignal, guard: Guard): MeshError {
  if (deadline.aborted) {
    guard.maybeSent = true
    return new MeshError('A2A_TIMEOUT', `${url.origin} did not answer in time`)
  }
  const code = causeCode(err)
  if (code === undefined || !NOT_SENT.has(code)) guard.maybeSent = true
  return new MeshError('A2A_UNREACHABLE', `cannot reach ${url.origin}: ${code ?? (err as Error).message}`, { cause: err })
}

/** The body, refused as soon as it passes the bound (by its Content-Length, or while it streams in). */
async function readBounded (res: Response, url: URL, bounds: FetchBounds, guard: Guard): Promise<Buffer> {
  const tooLarge = (): MeshError => fail(guard, new MeshError(bounds.tooLarge, `${url.origin} answered with more than ${bounds.maxBytes} bytes; nothing of it was kept`))
  const declared = Number(res.headers.get('content-length') ?? '0')
  if (declared > bounds.maxBytes) {
    await res.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (res.body === null) return Buffer.alloc(0)
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > bounds.maxBytes) {
        await reader.cancel().catch(() => {})
        throw tooLarge()
      }
      chunks.push(value)
    }
  } catch (err) {
    if (err instanceof MeshError) throw err
    throw fail(guard, networkError(err, url, bounds.signal, guard))
  }
  return Buffer.concat(chunks)
}
