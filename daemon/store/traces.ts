// Trace contexts kept per message: the receive span this node exported for it, for the spans of its later steps.
import type { Statements } from './statements.js'

export class TraceStore {
  constructor (private readonly s: Statements) {}

  /** The receive span's traceparent recorded for this message here, if any. */
  receiveSpan (messageId: Uint8Array): string | undefined {
    return (this.s.get('SELECT traceparent FROM trace_spans WHERE message_id = ?').get(messageId) as { traceparent: string } | undefined)?.traceparent
  }

  /** Records the receive span once: false when one is already recorded (the message was offered again). */
  recordReceive (messageId: Uint8Array, traceparent: string, atMs: number): boolean {
    return this.s.get('INSERT INTO trace_spans (message_id, traceparent, at_ms) VALUES (?, ?, ?) ON CONFLICT (message_id) DO NOTHING').run(messageId, traceparent, atMs).changes > 0
  }
}
