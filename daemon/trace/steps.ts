// The steps of an obligation as spans, each recorded on the node where it happened, when it happens: the send (its
// context signed into the message), the outbox wait and each delivery on the sender; the receive, the wake and every
// receipt a seat here signs on the recipient's node (or an auditor's). Times are the steps' own, read from the store.
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api'
import { envelopeFromWire, messageFromWire, type MessageData } from '../../proto/index.js'
import type { Core, CoreEvents, DeliverAttempt, SendSpan, SendTracer, WakeEvent } from '../core.js'
import type { MessageRow } from '../store/index.js'
import { obligationId } from '../messaging/index.js'
import { errorText } from '../runtime/errors.js'
import { stepOf } from '../receipts/index.js'
import { formatTraceparent, parseTraceparent, type TraceParent } from './traceparent.js'
import * as A from './attributes.js'

// receipts whose span is another step's: DELIVERED is signed in the receive commit; EXPIRED and FAILED are the
// outbox giving up, shown on the delivery spans
const NOT_A_STEP = new Set(['DELIVERED', 'EXPIRED', 'FAILED'])
// receive spans made and not yet written to the store (their write is queued): at most one per message
const MAX_PENDING = 4096

interface Held { m: MessageRow, msg: MessageData, sent?: TraceParent }

const short = (s: string): string => s.length > A.MAX_ERROR_CHARS ? `${s.slice(0, A.MAX_ERROR_CHARS)}…` : s

function contextOf (t: TraceParent | undefined): Context | undefined {
  if (t === undefined) return undefined
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: t.traceId, spanId: t.spanId, traceFlags: (t.flags & 1) === 1 ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true })
}

function traceparentOf (span: Span): string {
  const c = span.spanContext()
  return formatTraceparent({ traceId: c.traceId, spanId: c.spanId, flags: c.traceFlags })
}

export class StepSpans implements SendTracer {
  private readonly pending = new Map<string, string>()

  constructor (private readonly core: Core, private readonly tracer: Tracer) {}

  /** The listeners, by core event, that turn steps into spans. */
  listeners (): { [K in keyof CoreEvents]?: (...args: CoreEvents[K]) => void } {
    return {
      'message:deliver': a => { this.delivered(a) },
      'message:in': e => { this.received(e.id, e.to) },
      wake: e => { this.woken(e) },
      receipt: e => { this.signed(e.messageId, e.state, e.actor) }
    }
  }

  send (from: string, to: string): SendSpan {
    const span = this.tracer.startSpan(`send ${to}`, {
      kind: SpanKind.PRODUCER,
      attributes: this.attributes(to, from, 'send', 'send')
    }, ROOT_CONTEXT)
    return {
      traceparent: traceparentOf(span),
      sent: (id, bodyBytes) => {
        span.setAttributes({ [A.MESSAGING_MESSAGE_ID]: obligationId(id), [A.MESSAGING_MESSAGE_BODY_SIZE]: bodyBytes })
        span.end()
      },
      failed: err => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: short(errorText(err)) })
        span.end()
      }
    }
  }

  /** On the sender: the wait in the outbox (when this attempt delivered it) and the attempt's round trip. */
  private delivered (a: DeliverAttempt): void {
    const h = this.held(a.messageId)
    const parent = contextOf(h?.sent)
    if (h === undefined || parent === undefined || !h.m.localFrom) return // sent while traces were off: no trace to join
    const base = { ...this.attributes(h.m.to, h.m.from, 'send', 'deliver', a.messageId), [A.PEER]: a.peerId, [A.OUTCOME]: a.outcome }
    if (a.outcome === 'delivered') {
      this.tracer.startSpan('outbox wait', { kind: SpanKind.INTERNAL, startTime: a.queuedAtMs, attributes: { ...base, [A.SEAT]: a.dest } }, parent).end(Math.max(a.queuedAtMs, a.startMs))
    }
    const span = this.tracer.startSpan(`deliver ${a.dest}`, { kind: SpanKind.CLIENT, startTime: a.startMs, attributes: base }, parent)
    if (a.outcome !== 'delivered') span.setStatus({ code: SpanStatusCode.ERROR, message: short(a.error ?? a.outcome) })
    span.end(a.endMs)
  }

  /** On the recipient's node: the commit that stored the message (once per message, whatever seats it is offered to). */
  private received (id: Uint8Array, seat: string): void {
    const key = Buffer.from(id).toString('hex')
    if (this.pending.has(key) || this.core.store.traces.receiveSpan(id) !== undefined) return
    const h = this.held(id)
    // the recipient's node, or the auditor's: an audit request brings the message there with the COMPLETE to judge
    if (h === undefined || (!h.m.localTo && h.m.auditor !== seat)) return
    // a sender without traces, or a traceparent that is not one: the recipient's steps begin a trace of their own
    const span = this.tracer.startSpan(`receive ${h.m.to}`, {
      kind: SpanKind.CONSUMER,
      startTime: h.m.storedAtMs,
      attributes: { ...this.attributes(h.m.to, seat, 'receive', 'receive', id), [A.MESSAGING_MESSAGE_BODY_SIZE]: h.msg.body.byteLength }
    }, contextOf(h.sent) ?? ROOT_CONTEXT)
    span.end()
    const tp = traceparentOf(span)
    if (this.pending.size >= MAX_PENDING) return // the store is far behind: this one's later steps join the sender's span
    this.pending.set(key, tp)
    const done = (): void => { this.pending.delete(key) }
    this.core.store.commit.run(() => this.core.store.traces.recordReceive(id, tp, Date.now()), { durable: false }).then(done, err => {
      done()
      this.core.log.debug('receive span not recorded', { error: errorText(err) })
    })
  }

  /** On the recipient's node: a wake attempt, under the newest obligation it named. */
  private woken (e: WakeEvent): void {
    const h = this.held(e.newest)
    const parent = h === undefined ? undefined : this.afterReceive(e.newest, h)
    if (h === undefined || parent === undefined) return
    const end = Date.now()
    const span = this.tracer.startSpan(`wake ${e.handle}`, {
      kind: SpanKind.INTERNAL,
      startTime: end - e.durationMs,
      attributes: { ...this.attributes(h.m.to, e.handle, 'process', 'wake', e.newest), [A.MESSAGING_BATCH_MESSAGE_COUNT]: e.count, [A.OUTCOME]: e.result }
    }, parent)
    if (e.result === 'failed') span.setStatus({ code: SpanStatusCode.ERROR, message: short(e.code ?? e.error ?? 'failed') })
    span.end(end)
  }

  /** A receipt a seat hosted here signed: a span named by its state, from its signing to now (its commit). */
  private signed (id: Uint8Array, state: string, actor: string): void {
    if (NOT_A_STEP.has(state) || this.core.store.identity.actor(actor)?.hosted !== true) return
    const h = this.held(id)
    if (h === undefined) return
    // the newest of that step by that seat: on an audited obligation a later round, or a FAIL verdict, has a slot of
    // its own; on every other one the slot is the state
    const r = h.m.auditor === undefined
      ? this.core.store.receipts.get(id, state, actor)
      : this.core.store.receipts.forMessage(id).filter(x => x.actor === actor && stepOf(x.state) === state).at(-1)
    if (r === undefined) return
    const parent = this.afterReceive(id, h)
    if (parent === undefined) return
    const read = state === 'READ'
    this.tracer.startSpan(state, {
      kind: read ? SpanKind.CONSUMER : SpanKind.CLIENT,
      startTime: r.atMs,
      attributes: this.attributes(h.m.to, actor, read ? 'process' : 'settle', state.toLowerCase(), id)
    }, parent).end(Math.max(r.atMs, Date.now()))
  }

  /** The parent of a later step here: this node's receive span, else the sender's send span the message names. */
  private afterReceive (id: Uint8Array, h: Held): Context | undefined {
    const tp = this.pending.get(Buffer.from(id).toString('hex')) ?? this.core.store.traces.receiveSpan(id)
    return contextOf(parseTraceparent(tp)) ?? contextOf(h.sent)
  }

  private held (id: Uint8Array): Held | undefined {
    const m = this.core.store.messages.message(id)
    if (m === undefined) return undefined
    try {
      const msg = messageFromWire(envelopeFromWire(m.envelope).payload)
      return { m, msg, sent: parseTraceparent(msg.traceparent) }
    } catch {
      return undefined
    }
  }

  private attributes (to: string, seat: string, type: string, name: string, id?: Uint8Array): Attributes {
    return {
      [A.MESSAGING_SYSTEM]: A.SYSTEM,
      [A.MESSAGING_OPERATION_TYPE]: type,
      [A.MESSAGING_OPERATION_NAME]: name,
      [A.MESSAGING_DESTINATION_NAME]: to,
      ...(id === undefined ? {} : { [A.MESSAGING_MESSAGE_ID]: obligationId(id) }),
      [A.NODE]: this.core.peerId,
      [A.SEAT]: seat
    }
  }
}
