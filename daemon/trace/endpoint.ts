// Where a node's traces go: an OTLP/HTTP collector, named by an http(s) URL and nothing else.
import { MeshError } from '../../cards/index.js'

// a URL longer than this is a mistake, not a collector
const MAX_ENDPOINT_CHARS = 2048
const TRACES_PATH = '/v1/traces'

/**
 * The URL spans are posted to: the collector's OTLP/HTTP base URL with /v1/traces appended (as OTLP exporters do
 * with a base endpoint), unless the URL already ends in it. OTLP_ENDPOINT_INVALID for anything but http(s).
 */
export function otlpTracesUrl (value: string): string {
  let url: URL
  try {
    if (value.length > MAX_ENDPOINT_CHARS) throw new Error('too long')
    url = new URL(value)
  } catch {
    throw new MeshError('OTLP_ENDPOINT_INVALID', `${JSON.stringify(value.slice(0, 80))} is not a URL; give the collector's OTLP/HTTP address, e.g. http://127.0.0.1:4318`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new MeshError('OTLP_ENDPOINT_INVALID', `${url.protocol} URLs are not OTLP/HTTP endpoints; give an http:// or https:// URL`)
  }
  if (url.username !== '' || url.password !== '') throw new MeshError('OTLP_ENDPOINT_INVALID', 'the OTLP endpoint may not carry a user or password in its URL')
  if (url.search !== '' || url.hash !== '') throw new MeshError('OTLP_ENDPOINT_INVALID', 'the OTLP endpoint may not carry a query or fragment')
  const path = url.pathname.replace(/\/+$/, '')
  url.pathname = path.endsWith(TRACES_PATH) ? path : path + TRACES_PATH
  return url.toString()
}
