// The tools' output schemas: the exact shape of each tool's structuredContent, and the refusal every tool may return.
import { z } from 'zod'

const iso = z.string().describe('an ISO 8601 time')
const ob = z.string().describe('an obligation id (ob_…)')
/** What the daemon adds below a level the model needs to follow (journeys, wakes, sync): kept, but not spelled out. */
const detail = z.record(z.string(), z.unknown())

/** A refusal (isError: true): our stable UPPER_SNAKE code and a one-line message. */
export const refusal = z.strictObject({
  error: z.strictObject({ code: z.string().describe('a stable UPPER_SNAKE code, e.g. NOT_RECIPIENT'), message: z.string() })
})

export const notifyResult = z.strictObject({
  obligation: ob,
  state: z.string().describe('DELIVERY_PENDING for a new obligation; its current state when an idempotency key returned an earlier one'),
  from: z.string(),
  to: z.string(),
  replayed: z.literal(true).optional(),
  held: z.string().optional().describe('why the message waits rather than goes')
})

export const inboxItem = z.strictObject({ obligation: ob, from: z.string(), to: z.string(), state: z.string(), sentAt: iso, preview: z.string(), thread: z.string().optional() })

/** Who holds role work now: nobody (free to claim), this seat, or another seat of the role. */
export const roleHold = z.strictObject({
  holder: z.string().optional().describe('the seat holding the lease now; absent: nobody, claim it'),
  fence: z.number().optional().describe('the live lease\'s fencing number'),
  until: iso.optional().describe('when the live lease runs out unless renewed')
})

/** Role work offered to this seat's roles (`to` is role:NAME): claim it before read, consume, ack or reject. */
export const offeredItem = inboxItem.extend({ role: roleHold })

/** A COMPLETE this seat audits, waiting for its verdict. */
export const auditItem = inboxItem.extend({ audit: z.strictObject({ auditor: z.string() }) })

export const inboxResult = z.strictObject({
  messages: z.array(inboxItem).describe('messages addressed to this seat'),
  offered: z.array(offeredItem).describe('role work (to role:NAME) offered to this seat and the other seats of the role; claim before read'),
  toAudit: z.array(auditItem).describe('COMPLETEs this seat was named to audit: check the evidence, then audit pass or fail')
})

export const auditResult = z.strictObject({
  obligation: ob,
  state: z.string(),
  verdict: z.enum(['PASS', 'FAIL']),
  round: z.number().describe('the COMPLETE round judged (1 for the first; the next after a FAIL)'),
  judged: z.string().describe('sha256 of the COMPLETE receipt judged'),
  evidence: z.enum(['ok', 'not-here']).describe('ok: the evidence content held here re-hashes to what the COMPLETE states; not-here: its content did not travel')
})

export const leaseResult = z.strictObject({
  obligation: ob,
  holder: z.string().describe('the seat holding (or that gave back) the lease'),
  fence: z.number().describe('the lease\'s fencing number: it grows with every grant'),
  state: z.enum(['GRANTED', 'RELEASED']),
  at: iso,
  expiresAt: iso.describe('when the lease runs out unless renewed')
})

const leaseHistoryItem = z.strictObject({
  holder: z.string(),
  fence: z.number(),
  grantedAt: iso,
  expiresAt: iso,
  end: z.enum(['live', 'released', 'expired']),
  releasedAt: iso.optional()
})

export const stepResult = z.strictObject({ obligation: ob, state: z.string(), issued: z.array(z.string()).describe('the receipts this call signed') })

export const readResult = stepResult.extend({ from: z.string(), to: z.string(), sentAt: iso, contentType: z.string(), body: z.string(), thread: z.string().optional() })

export const ackResult = stepResult.extend({ evidence: z.strictObject({ path: z.string(), sha256: z.string(), size: z.number() }) })

const receiptView = z.strictObject({
  state: z.string(),
  actor: z.string(),
  at: iso,
  verified: z.boolean(),
  reason: z.string().optional(),
  signer: z.string(),
  note: z.string().optional(),
  evidence: z.strictObject({ path: z.string(), sha256: z.string(), size: z.number(), check: z.string() }).optional(),
  round: z.number().optional().describe('an audited obligation\'s COMPLETE round, from 2 on'),
  verdict: z.enum(['PASS', 'FAIL']).optional().describe('an AUDITED receipt\'s verdict')
})

export const statusResult = z.strictObject({
  obligation: ob,
  from: z.string(),
  to: z.string(),
  state: z.string(),
  sentAt: iso.optional(),
  thread: z.string().optional(),
  auditor: z.string().optional().describe('the seat whose verdict the obligation waits for (require AUDITED)'),
  delivery: detail.optional(),
  receipts: z.array(receiptView),
  leases: z.array(leaseHistoryItem).optional().describe('role work: every lease granted on it, oldest first, and how each ended'),
  wake: detail.optional(),
  journey: z.array(detail),
  done: z.boolean(),
  verdict: z.string()
})

export const whereResult = z.strictObject({
  handle: z.string(),
  peerId: z.string(),
  addresses: z.array(z.string()),
  seq: z.number(),
  carrier: z.string().optional(),
  model: z.string().optional(),
  pane: z.string().optional(),
  local: z.boolean(),
  updatedAt: iso,
  ageSeconds: z.number(),
  valid: z.boolean(),
  problem: z.string().optional(),
  skills: z.array(z.string()).optional().describe('the ids of the skills its card states'),
  tools: z.array(z.string()).optional().describe('its MCP tools as SERVER/TOOL')
})

const roleSeat = z.strictObject({
  handle: z.string(),
  peerId: z.string(),
  local: z.boolean(),
  healthy: z.boolean().describe('a seat here: it can act now; a seat elsewhere: its node is connected'),
  seq: z.number(),
  carrier: z.string(),
  problem: z.string().optional()
})

/** where: one actor's Current (handle), or the seats holding a role (role:NAME): { role, seats }. */
export const whereAnswer = whereResult.partial().extend({
  role: z.string().optional().describe('for role:NAME: the role asked about'),
  seats: z.array(roleSeat).optional().describe('for role:NAME: the seats whose valid cards state the role')
})

// capabilities: the seats whose valid cards state a skill, a tag or an MCP tool (find_seats), best first
const foundSeat = z.strictObject({
  handle: z.string(),
  peerId: z.string(),
  local: z.boolean(),
  healthy: z.boolean().describe('a seat here: it can act now; a seat elsewhere: its node is connected'),
  problem: z.string().optional(),
  seq: z.number(),
  carrier: z.string(),
  model: z.string().optional(),
  skills: z.array(z.string()).describe('the ids of the skills its card states (send to skill:ID)'),
  tools: z.array(z.string()).describe('its MCP tools as SERVER/TOOL'),
  updatedAt: z.string(),
  ageSeconds: z.number()
})

export const findReport = z.strictObject({
  query: z.strictObject({ skill: z.string().optional(), tag: z.string().optional(), tool: z.string().optional() }),
  seats: z.array(foundSeat).describe('best first: reachable now, then the most recently updated card')
})

export const peerView = z.strictObject({
  peerId: z.string(),
  addresses: z.array(z.string()),
  connected: z.boolean(),
  handles: z.array(z.string()),
  latencyMs: z.number().optional(),
  sync: z.unknown().optional(),
  links: z.array(z.strictObject({ address: z.string(), encryption: z.string().optional(), limited: z.boolean() })).optional(),
  downSince: iso.optional(),
  cutOff: z.string().optional()
})

export const replyResult = notifyResult.extend({ thread: z.string().describe('the conversation the reply went to') })

export const threadResult = z.strictObject({
  thread: z.string(),
  messages: z.array(z.strictObject({
    obligation: ob,
    direction: z.enum(['in', 'out']),
    from: z.string(),
    to: z.string(),
    state: z.string(),
    sentAt: iso,
    preview: z.string()
  }))
})

export const sentItem = z.strictObject({
  obligation: ob,
  to: z.string(),
  state: z.string(),
  sentAt: iso,
  thread: z.string().optional(),
  preview: z.string(),
  delivery: z.string().optional().describe('pending, failed or expired while the message is queued; absent once delivered')
})

export const whoamiResult = z.strictObject({
  handle: z.string(),
  actorKey: z.string(),
  peerId: z.string(),
  addresses: z.array(z.string()),
  cardSeq: z.number().optional(),
  carrier: z.string(),
  model: z.string().optional(),
  isolated: z.boolean(),
  meshKey: z.string().optional(),
  endorsedUntil: iso.optional()
})

export const waitMessageResult = z.strictObject({
  timedOut: z.boolean(),
  message: inboxItem.extend({ role: roleHold.optional().describe('present for role work (to role:NAME): claim it before read'), audit: z.strictObject({ auditor: z.string() }).optional().describe('present for a COMPLETE you were named to audit: judge it with audit') }).optional().describe('the oldest unread message, or role work nobody holds yet (absent when timedOut)'),
  unread: z.number().describe('unread messages matching the filters, this one included')
})

export const waitStateResult = z.strictObject({
  obligation: ob,
  state: z.string().describe('the state now'),
  reached: z.boolean().describe('true: the state asked for, or a terminal one, was reached'),
  timedOut: z.boolean()
})
