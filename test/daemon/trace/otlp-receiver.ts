// A small OTLP/HTTP trace receiver for tests: a node:http server on loopback that decodes each protobuf export
// (ExportTraceServiceRequest, with a schema written here from the OTLP specification) and keeps the spans.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import protobuf from 'protobufjs'

// the fields of opentelemetry/proto/collector/trace/v1 and its imports that the tests read
const SCHEMA = `
syntax = "proto3";
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; string schema_url = 3; }
message Resource { repeated KeyValue attributes = 1; uint32 dropped_attributes_count = 2; }
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; string schema_url = 3; }
message InstrumentationScope { string name = 1; string version = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; bytes parent_span_id = 4; string name = 5;
  int32 kind = 6; fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8; repeated KeyValue attributes = 9;
  Status status = 15; fixed32 flags = 16;
}
message Status { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; bytes bytes_value = 7; }
}
`
const ExportRequest = protobuf.parse(SCHEMA, { keepCase: true }).root.lookupType('ExportTraceServiceRequest')

export const KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 } as const

export interface ReceivedSpan {
  traceId: string
  spanId: string
  /** '' for a root span. */
  parentSpanId: string
  name: string
  kind: number
  startMs: number
  endMs: number
  statusCode: number
  attributes: Record<string, string | number | boolean>
  /** The exporting node's resource attributes (service.name, service.instance.id, …). */
  resource: Record<string, string | number | boolean>
}

type Any = { string_value?: string, bool_value?: boolean, int_value?: number | { toNumber: () => number }, double_value?: number }
type KV = { key: string, value?: Any }

function attrs (list: KV[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  for (const kv of list ?? []) {
    const v = kv.value ?? {}
    const n = v.int_value
    out[kv.key] = v.string_value ?? v.bool_value ?? (typeof n === 'object' ? n.toNumber() : n) ?? v.double_value ?? ''
  }
  return out
}

const hex = (b: Uint8Array | undefined): string => Buffer.from(b ?? new Uint8Array()).toString('hex')
const ms = (n: number | { toNumber: () => number }): number => (typeof n === 'number' ? n : n.toNumber()) / 1e6

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = []
  /** Export requests answered, and those that did not decode. */
  requests = 0
  malformed = 0
  private constructor (private readonly server: Server, readonly url: string) {}

  static async start (): Promise<OtlpReceiver> {
    let self: OtlpReceiver | undefined
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        self?.take(req.url ?? '', req.headers['content-type'] ?? '', Buffer.concat(chunks))
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end() // an empty ExportTraceServiceResponse
      })
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    self = new OtlpReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    return self
  }

  async close (): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
  }

  /** The spans of one obligation (by messaging.message.id). */
  of (obligation: string): ReceivedSpan[] {
    return this.spans.filter(s => s.attributes['messaging.message.id'] === obligation)
  }

  private take (path: string, type: string, body: Buffer): void {
    this.requests++
    if (path !== '/v1/traces' || type !== 'application/x-protobuf') {
      this.malformed++
      return
    }
    try {
      const req = ExportRequest.toObject(ExportRequest.decode(body), { defaults: false }) as { resource_spans?: any[] }
      for (const rs of req.resource_spans ?? []) {
        const resource = attrs(rs.resource?.attributes)
        for (const ss of rs.scope_spans ?? []) {
          for (const s of ss.spans ?? []) {
            this.spans.push({
              traceId: hex(s.trace_id), spanId: hex(s.span_id), parentSpanId: hex(s.parent_span_id), name: s.name, kind: s.kind ?? 0,
              startMs: ms(s.start_time_unix_nano), endMs: ms(s.end_time_unix_nano), statusCode: s.status?.code ?? 0, attributes: attrs(s.attributes), resource
            })
          }
        }
      }
    } catch {
      this.malformed++
    }
  }
}
