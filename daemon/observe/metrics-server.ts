// `daemon --metrics-port PORT`: GET /metrics in the Prometheus text format, on loopback only.
import { sendJson, LoopbackHttp } from './loopback-http.js'
import type { Metrics } from './metrics.js'

export function metricsServer (metrics: Metrics, port: number, host?: string): LoopbackHttp {
  return new LoopbackHttp('metrics', port, host, (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path !== '/metrics') return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'metrics are at /metrics' } })
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: { code: 'BAD_REQUEST', message: 'GET /metrics' } })
    metrics.exposition().then(
      text => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (err: Error) => sendJson(res, 500, { error: { code: 'INTERNAL', message: err.message } })
    )
  })
}
