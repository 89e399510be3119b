// What every loopback HTTP request must show before a handler sees it: a loopback Host (no DNS rebinding), no
// Origin but the server's own (no web page elsewhere), and a JSON body on writes (no form or text/plain a page
// can send without a CORS preflight). Pure: headers in, a refusal or undefined out.
import type { IncomingHttpHeaders } from 'node:http'

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])

// The media types a write may carry: JSON, and A2A 1.0's own JSON type. A browser sends either cross-origin only
// after a preflight, which these servers never answer, so a foreign page cannot send one.
export const JSON_TYPES = new Set(['application/json', 'application/a2a+json'])

// Methods that read; anything else writes and must carry a JSON body.
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface Refused {
  status: number
  code: 'HOST_NOT_LOOPBACK' | 'ORIGIN_REFUSED' | 'CONTENT_TYPE_REFUSED'
  message: string
}

/** The host name a Host header or URL names, without port or IPv6 brackets. */
export function hostName (host: string): string {
  return host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1')
}

/** Is this Origin the server's own: http, a loopback name, the port it listens on? */
export function ownOrigin (origin: string, port: number): boolean {
  let u: URL
  try {
    u = new URL(origin)
  } catch {
    return false // "null" (a sandboxed frame, a file:// page) and garbage
  }
  return u.protocol === 'http:' && LOOPBACK_HOSTS.has(hostName(u.hostname)) && Number(u.port === '' ? 80 : u.port) === port &&
    u.origin === origin
}

/** The request's refusal, or undefined when it may go on. port: the port the server listens on. */
export function refusal (method: string | undefined, headers: IncomingHttpHeaders, port: number): Refused | undefined {
  const host = hostName(headers.host ?? '')
  if (!LOOPBACK_HOSTS.has(host)) {
    return { status: 421, code: 'HOST_NOT_LOOPBACK', message: `requests must be addressed to a loopback name, not ${host}` }
  }
  const origin = headers.origin
  if (origin !== undefined && !ownOrigin(origin, port)) {
    return { status: 403, code: 'ORIGIN_REFUSED', message: `requests from the web page ${origin} are refused; only this server's own pages may call it` }
  }
  if (!READS.has(method ?? 'GET')) {
    const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    if (!JSON_TYPES.has(type)) {
      return { status: 415, code: 'CONTENT_TYPE_REFUSED', message: `a ${method ?? 'POST'} body must be sent as Content-Type: application/json, not ${type === '' ? 'nothing' : type}` }
    }
  }
  return undefined
}
