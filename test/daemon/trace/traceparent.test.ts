// What a peer may write into a message's traceparent, and what this node makes of it: exactly the W3C form or
// nothing; and the only endpoints traces go to, http(s) URLs.
import { describe, expect, it } from 'vitest'
import { MeshError } from '../../../cards/index.js'
import { formatTraceparent, otlpTracesUrl, parseTraceparent } from '../../../daemon/trace/index.js'

const T = 'a'.repeat(32)
const S = 'b'.repeat(16)

describe('traceparent', () => {
  it('takes the W3C form, version 00, lower-case hex, non-zero ids', () => {
    expect(parseTraceparent(`00-${T}-${S}-01`)).toEqual({ traceId: T, spanId: S, flags: 1 })
    expect(parseTraceparent(`00-${T}-${S}-00`)).toEqual({ traceId: T, spanId: S, flags: 0 })
    expect(formatTraceparent({ traceId: T, spanId: S, flags: 1 })).toBe(`00-${T}-${S}-01`)
  })

  it('ignores every other value', () => {
    for (const bad of [
      undefined, '', 42, {}, `00-${T}-${S}-01 `, ` 00-${T}-${S}-01`, `00-${T}-${S}-01-extra`, `00-${T}-${S}-1`,
      `00-${'A'.repeat(32)}-${S}-01`, `00-${T}-${'B'.repeat(16)}-01`, `00-${'g'.repeat(32)}-${S}-01`, `00-${T}-${S}-zz`,
      `00-${'0'.repeat(32)}-${S}-01`, `00-${T}-${'0'.repeat(16)}-01`, `01-${T}-${S}-01`, `ff-${T}-${S}-01`,
      `00_${T}_${S}_01`, `00-${T.slice(1)}-${S}0-01`, `00-${T}-${S}-01`.repeat(1000), `00-${T}-${S}-0\u0661`
    ]) expect(parseTraceparent(bad), String(bad).slice(0, 70)).toBeUndefined()
  })
})

describe('OTLP endpoint', () => {
  it('takes http(s) base URLs and adds /v1/traces, once', () => {
    expect(otlpTracesUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/traces')
    expect(otlpTracesUrl('https://collector.example/otlp/')).toBe('https://collector.example/otlp/v1/traces')
    expect(otlpTracesUrl('http://[::1]:4318/v1/traces')).toBe('http://[::1]:4318/v1/traces')
  })

  it('refuses anything else with OTLP_ENDPOINT_INVALID', () => {
    for (const bad of ['', 'localhost:4318', 'ftp://h/', 'file:///etc/passwd', 'unix:///run/otel.sock', 'javascript:alert(1)',
      'grpc://127.0.0.1:4317', 'http://u:p@127.0.0.1:4318', 'http://127.0.0.1:4318/?token=x', `http://h/${'a'.repeat(5000)}`]) {
      let code: string | undefined
      try {
        otlpTracesUrl(bad)
      } catch (err) {
        code = (err as MeshError).code
      }
      expect(code, bad.slice(0, 40)).toBe('OTLP_ENDPOINT_INVALID')
    }
  })
})
