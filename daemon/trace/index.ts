// trace: each obligation's journey as OpenTelemetry traces, exported over OTLP/HTTP when an endpoint is set (off by
// default). The SDK loads only then; a message carries its send span's context, signed, so that the recipient's and
// other nodes' spans join the sender's trace.
export { TraceExport } from './export.js'
export { otlpTracesUrl } from './endpoint.js'
export { parseTraceparent, formatTraceparent, TRACEPARENT_LENGTH, type TraceParent } from './traceparent.js'
