// W3C trace context as it travels inside a signed message: one strict form, checked before anything else is done
// with it. A peer writes what it likes into the field, so a value that is not exactly that form is ignored.

/** version 00, 16-byte trace id, 8-byte parent span id, 1-byte flags, lower-case hex: always 55 characters. */
export const TRACEPARENT_LENGTH = 55
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/
const ZERO_TRACE = '0'.repeat(32)
const ZERO_SPAN = '0'.repeat(16)

export interface TraceParent {
  traceId: string
  spanId: string
  /** The W3C trace flags; bit 0 is "sampled". */
  flags: number
}

/**
 * The trace context a traceparent states, or undefined for anything else: the wrong length is refused before the
 * pattern runs (a peer cannot make it scan much), all-zero ids are invalid by the W3C rules.
 */
export function parseTraceparent (value: unknown): TraceParent | undefined {
  if (typeof value !== 'string' || value.length !== TRACEPARENT_LENGTH) return undefined
  const m = TRACEPARENT.exec(value)
  if (m === null || m[1] === ZERO_TRACE || m[2] === ZERO_SPAN) return undefined
  return { traceId: m[1], spanId: m[2], flags: parseInt(m[3], 16) }
}

export function formatTraceparent (t: TraceParent): string {
  return `00-${t.traceId}-${t.spanId}-${(t.flags & 0xff).toString(16).padStart(2, '0')}`
}
