// The OpenTelemetry SDK for one daemon: a tracer provider of its own (nothing global, several daemons can share a
// process), a batch span processor and the OTLP/HTTP protobuf exporter. Loaded only when traces are exported.
import type { Tracer } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions'
import { packageVersion } from '../runtime/package-root.js'
import { SERVICE } from './attributes.js'

// the SDK's own defaults, kept: spans wait up to 5 s to leave in one batch; past 2048 queued, new ones are dropped
const DEFAULT_BATCH_DELAY_MS = 5000
const MAX_BATCH_DELAY_MS = 60_000
const EXPORT_TIMEOUT_MS = 10_000 // one POST to the collector

export interface TraceProvider {
  tracer: Tracer
  /** Exports what is queued and closes the exporter. */
  shutdown: () => Promise<void>
}

/** The batch delay: OTEL_BSP_SCHEDULE_DELAY (the standard variable, in milliseconds) when it is a sane number. */
export function batchDelayMs (env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.OTEL_BSP_SCHEDULE_DELAY)
  return env.OTEL_BSP_SCHEDULE_DELAY !== undefined && Number.isInteger(n) && n >= 0 && n <= MAX_BATCH_DELAY_MS ? n : DEFAULT_BATCH_DELAY_MS
}

export function traceProvider (url: string, peerId: string): TraceProvider {
  const exporter = new OTLPTraceExporter({ url, timeoutMillis: EXPORT_TIMEOUT_MS })
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: SERVICE, [ATTR_SERVICE_INSTANCE_ID]: peerId, [ATTR_SERVICE_VERSION]: packageVersion() }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: batchDelayMs(), exportTimeoutMillis: EXPORT_TIMEOUT_MS })]
  })
  return { tracer: provider.getTracer(SERVICE, packageVersion()), shutdown: async () => await provider.shutdown() }
}
