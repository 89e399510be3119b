// The history of a chaos run: what the test asked, what it was answered, what it saw, and which faults it injected.

export type HistoryEvent =
  | { type: 'invoke', op: number, from: string, to: string, tag: string, atMs: number }
  /** The same notify sent again, with the same idempotency key, after its answer was lost (attempt 2, 3, …). */
  | { type: 'retry', op: number, attempt: number, atMs: number }
  | { type: 'ok', op: number, obligation: string, atMs: number }
  /** A definite refusal: the daemon answered with an error, or no daemon was there to take the call. */
  | { type: 'fail', op: number, code: string, atMs: number }
  /** No answer came (the connection broke, the sender died): the outcome is indeterminate. */
  | { type: 'info', op: number, code: string, atMs: number }
  | { type: 'receipt', obligation: string, state: string, node: string, atMs: number }
  | { type: 'fault', kind: string, target: string, detail?: string, atMs: number }
  /** A recipient signing a receipt (READ, CONSUMED, COMPLETE with evidence: the file's sha256) for a message it holds,
   * or the mesh owner revoking a key (subject: the key text); `node` is where it was asked. */
  | { type: 'act', act: number, kind: 'READ' | 'CONSUMED' | 'COMPLETE' | 'revoke', node: string, actor: string, subject: string, evidence?: string, atMs: number }
  /** The act's answer: ok, a definite refusal (fail), or none (info: the daemon died or the answer was lost). */
  | { type: 'acted', act: number, outcome: 'ok' | 'fail' | 'info', code?: string, atMs: number }
  | { type: 'heal', atMs: number }

/** One message row as an auditor reads it from a node's SQLite file. */
export interface StoredMessage {
  obligation: string
  hash: string
  tag: string // the body text: unique per notify in a chaos run
  from: string
  to: string
  localFrom: boolean
  localTo: boolean
  state: string
}

/** What one node's store holds at the end of a run. */
export interface NodeSnapshot {
  node: string
  messages: StoredMessage[]
  /** DELIVERED receipts stored per obligation. */
  delivered: Record<string, number>
  /** wake-queue entries per obligation (one message, one wake entry). */
  wakes: Record<string, number>
}

export type Verdict = 'ok' | 'lost' | 'duplicated' | 'unknown' | 'stuck'

export interface Classified {
  op: number
  tag: string
  verdict: Verdict
  reason: string
}

/** A message a store holds that no operation of the history sent (a forgery, a replay or a leftover). */
export interface Unmatched {
  node: string
  obligation: string
  tag: string
}

export interface CheckResult {
  ops: Classified[]
  counts: Record<Verdict, number>
  /** Ops refused with a definite error (counted ok when nothing of them was stored). */
  refused: number
  /** Stored messages whose body matches no op of the history: fatal, nothing but the workload sends. */
  unmatched: Unmatched[]
}

/** States at or past DELIVERED: the recipient has signed that it holds the message. */
export const DELIVERED_OR_LATER = new Set(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'])
