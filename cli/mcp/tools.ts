// The MCP tools: per verb, its input and output schemas, annotations, and a thin mapping onto the daemon's
// control API as the acting seat (the two waits ride the daemon's watch stream: see wait.ts).
import { z } from 'zod'
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { ROLE_PREFIX, isValidRole, roleInvalid } from '../../cards/index.js'
import { DEFAULT_LEASE_MS, MAX_EVIDENCE_BYTES, MAX_EVIDENCE_CONTENT_BYTES, MAX_LEASE_MS, MIN_LEASE_MS } from '../../daemon/limits/index.js'
import { splitInbox } from './inbox.js'
import type { ToolContext } from './tool-context.js'
import * as out from './outputs.js'
export type { ToolContext } from './tool-context.js'
import { WAIT_DEFAULT_MS, WAIT_MAX_MS, WAIT_STATES, waitForMessage, waitForState } from './wait.js'

export interface ToolDef {
  name: string
  title: string
  description: string
  input: z.ZodObject
  /** The exact shape of structuredContent on success. */
  output: z.ZodObject
  annotations: ToolAnnotations
  /** Runs with arguments validated by `input`; the answer is the structuredContent. */
  run: (args: unknown, ctx: ToolContext) => Promise<object>
}

/** A tool typed by its own schema: the server validates arguments with `input` before `run`. */
function tool<S extends z.ZodObject> (def: Omit<ToolDef, 'input' | 'run'> & { input: S, run: (args: z.infer<S>, ctx: ToolContext) => Promise<object> }): ToolDef {
  return { ...def, run: async (args, ctx) => await def.run(args as z.infer<S>, ctx) }
}

const ob = z.string().regex(/^ob_[0-9a-f]{32}$/, 'an obligation id such as ob_…').describe('the obligation id (ob_…)')
const leaseMs = z.number().int().min(MIN_LEASE_MS).max(MAX_LEASE_MS).optional()
  .describe(`how long the lease lasts, in milliseconds (default ${DEFAULT_LEASE_MS}, i.e. ${DEFAULT_LEASE_MS / 60_000} minutes; ${MIN_LEASE_MS} to ${MAX_LEASE_MS})`)
const timeoutMs = z.number().int().min(0).max(WAIT_MAX_MS).optional()
  .describe(`how long to wait, in milliseconds (default ${WAIT_DEFAULT_MS}, at most ${WAIT_MAX_MS}); keep it below your MCP client's own tool-call timeout`)

// Annotations. A receipt (read, consume, ack, reject, cancel) is signed and travels to the other seat's node: the
// world it touches is the mesh (openWorld), each repeats to no effect (idempotent: a receipt held is not signed
// again). ack only adds a receipt; reject and cancel end an obligation for good, so clients may ask first (destructive).
// claim, renew and release ask the sending node for a lease (each answer moves it: not idempotent); release gives
// the work away to another seat, so it is marked destructive as well.
const VIEW: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
const SENDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }
const RECEIPT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true }
const ENDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true }

export const TOOLS: ToolDef[] = [
  tool({
    name: 'send',
    title: 'Send a message',
    description: 'Send a message to another seat; returns the obligation id and DELIVERY_PENDING at once. Follow it with status, wait_for_state or outbox.',
    input: z.object({
      to: z.string().min(1).describe('the recipient seat handle, or skill:ID for the best other seat that states the skill (see find_seats)'),
      text: z.string().describe('the message text (at most 512 KiB; send a file path for more)'),
      require: z.enum(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'AUDITED']).optional().describe('receipt level wanted (default COMPLETE; AUDITED needs auditor)'),
      auditor: z.string().min(1).optional().describe('a seat (or role:NAME) other than the recipient that checks the COMPLETE and signs AUDITED; implies require AUDITED'),
      thread: z.string().min(1).optional().describe('a conversation id'),
      ttlMs: z.number().int().positive().optional().describe('give up delivery after this many milliseconds'),
      contentType: z.string().min(1).optional().describe('the body media type (default text/plain)'),
      idempotencyKey: z.string().min(1).optional().describe('a key of your own: sending again with the same key within 24 h returns the first obligation and sends nothing new')
    }).strict(),
    output: out.notifyResult,
    annotations: SENDS,
    run: async (a, c) => await c.call('notify', { ...a, as: c.as })
  }),
  tool({
    name: 'reply',
    title: 'Reply to a message',
    description: 'Answer a message you received: sends to its sender in the same thread (the original\'s thread, or the original\'s obligation id when it had none), and links the reply to it.',
    input: z.object({
      obligation: ob.describe('the message you answer (ob_…)'),
      text: z.string().describe('the reply text (at most 512 KiB)'),
      contentType: z.string().min(1).optional().describe('the body media type (default text/plain)'),
      idempotencyKey: z.string().min(1).optional().describe('as for send: the same key within 24 h returns the first reply')
    }).strict(),
    output: out.replyResult,
    annotations: SENDS,
    run: async (a, c) => await c.call('reply', { ...a, as: c.as })
  }),
  tool({
    name: 'wait_for_message',
    title: 'Wait for a message',
    description: 'Block until this seat has an unread message (optionally from one sender or in one thread), then return it; a message already waiting unread is returned at once. ' +
      'Unread means not read yet: call read on what you get, or the next wait returns it again. A message its sender withdrew comes back once more with state CANCELED (read it, then drop the work). ' +
      'Returns { timedOut: true } when none came in time.',
    input: z.object({
      from: z.string().min(1).optional().describe('only messages from this seat'),
      thread: z.string().min(1).optional().describe('only messages in this thread'),
      timeoutMs
    }).strict(),
    output: out.waitMessageResult,
    annotations: { ...VIEW, idempotentHint: false }, // what it answers changes with time
    run: async (a, c) => await waitForMessage(c, a)
  }),
  tool({
    name: 'wait_for_state',
    title: 'Wait for an obligation\'s state',
    description: 'Block until an obligation reaches a state (default COMPLETE) or a terminal one (COMPLETE, REJECTED, CANCELED; EXPIRED and FAILED when delivery gave up). Returns timedOut: true with the state as it stands when the time runs out.',
    input: z.object({ obligation: ob, state: z.enum(WAIT_STATES).optional().describe('the state to wait for (default COMPLETE)'), timeoutMs }).strict(),
    output: out.waitStateResult,
    annotations: { ...VIEW, idempotentHint: false },
    run: async (a, c) => await waitForState(c, a)
  }),
  tool({
    name: 'cancel',
    title: 'Withdraw a message you sent',
    description: 'Withdraw an obligation you sent (terminal: the recipient sees CANCELED and your reason; one already COMPLETE or REJECTED cannot be canceled).',
    input: z.object({ obligation: ob, reason: z.string().min(1).optional().describe('why it is withdrawn, for the recipient') }).strict(),
    output: out.stepResult,
    annotations: ENDS,
    run: async (a, c) => await c.call('cancel', { ...a, as: c.as })
  }),
  tool({
    name: 'inbox',
    title: 'Inbox',
    description: 'Messages waiting for this seat: open ones, and withdrawn ones until read (all: also the finished ones). ' +
      'messages: addressed to you. offered: role work (to role:NAME) offered to you and the role\'s other seats; role.holder names the seat holding it now (absent: nobody, claim it).',
    input: z.object({ all: z.boolean().optional() }).strict(),
    output: out.inboxResult,
    annotations: VIEW,
    run: async (a, c) => splitInbox(await c.call('inbox', { ...a, as: c.as }))
  }),
  tool({
    name: 'claim',
    title: 'Take role work',
    description: 'Take role work (a message to role:NAME offered to you): the sender\'s node grants your seat a lease, and only the holder may read, consume, ack or reject it. ' +
      'Refused with LEASE_HELD while another seat holds it. Renew a long job before the lease runs out; release what you will not finish.',
    input: z.object({ obligation: ob, leaseMs }).strict(),
    output: out.leaseResult,
    annotations: SENDS,
    run: async (a, c) => await c.call('claim', { ...a, as: c.as })
  }),
  tool({
    name: 'renew',
    title: 'Keep role work longer',
    description: 'Extend the lease your seat holds on role work (from now, for leaseMs; the fencing number stays). Refused when the lease has already expired or was released: claim again.',
    input: z.object({ obligation: ob, leaseMs }).strict(),
    output: out.leaseResult,
    annotations: SENDS,
    run: async (a, c) => await c.call('renew', { ...a, as: c.as })
  }),
  tool({
    name: 'release',
    title: 'Give role work back',
    description: 'Give back role work you hold and will not finish: it is offered to the role\'s seats again at once.',
    input: z.object({ obligation: ob }).strict(),
    output: out.leaseResult,
    annotations: { ...SENDS, destructiveHint: true },
    run: async (a, c) => await c.call('release', { ...a, as: c.as })
  }),
  tool({
    name: 'read',
    title: 'Read a message',
    description: 'Show a message\'s whole body and issue READ.',
    input: z.object({ obligation: ob }).strict(),
    output: out.readResult,
    annotations: RECEIPT,
    run: async (a, c) => await c.call('read', { ...a, as: c.as })
  }),
  tool({
    name: 'consume',
    title: 'Take a message on',
    description: 'Issue CONSUMED: you have taken the work on.',
    input: z.object({ obligation: ob }).strict(),
    output: out.stepResult,
    annotations: RECEIPT,
    run: async (a, c) => await c.call('consume', { ...a, as: c.as })
  }),
  tool({
    name: 'ack',
    title: 'Complete a message with evidence',
    description: 'Complete a message: write a receipt file with the sentence (or hash an existing evidence file), then issue CONSUMED and COMPLETE. A file of at most 64 KiB is sent whole to the message\'s sender beside the receipt. COMPLETE is final: ack only what is done.',
    input: z.object({
      obligation: ob,
      sentence: z.string().min(1).describe('one sentence saying what was done'),
      file: z.string().min(1).optional().describe(`an absolute path of an existing regular file to hash as the evidence: outside the aios-comm home (or in its evidence/ folder), at most ${MAX_EVIDENCE_BYTES >> 20} MiB, no keys or tokens; one of at most ${MAX_EVIDENCE_CONTENT_BYTES >> 10} KiB goes whole to the message's sender`)
    }).strict(),
    output: out.ackResult,
    annotations: RECEIPT,
    run: async (a, c) => await c.call('ack', { ...a, as: c.as })
  }),
  tool({
    name: 'audit',
    title: 'Judge a COMPLETE you were named to audit',
    description: 'As the auditor a sender named: re-check the recipient\'s evidence (its content is on your node) and the work it asked for, then sign PASS (the obligation is AUDITED, done) or FAIL with what is wrong (reopened for the recipient, who acks again). You cannot audit your own work.',
    input: z.object({
      obligation: ob,
      verdict: z.enum(['pass', 'fail']),
      sentence: z.string().min(1).describe('what you checked; on fail, what is wrong')
    }).strict(),
    output: out.auditResult,
    annotations: RECEIPT,
    run: async (a, c) => await c.call('audit', { ...a, as: c.as })
  }),
  tool({
    name: 'reject',
    title: 'Refuse a message',
    description: 'Refuse a message with a reason (terminal: the sender sees REJECTED and the reason).',
    input: z.object({ obligation: ob, reason: z.string().min(1) }).strict(),
    output: out.stepResult,
    annotations: ENDS,
    run: async (a, c) => await c.call('reject', { ...a, as: c.as })
  }),
  tool({
    name: 'status',
    title: 'Obligation status',
    description: 'One obligation: its derived state, its verified receipt chain and its journey; for role work also every lease granted on it (holder, fence, how it ended).',
    input: z.object({ obligation: ob }).strict(),
    output: out.statusResult,
    annotations: VIEW,
    run: async (a, c) => await c.call('status', a)
  }),
  tool({
    name: 'thread',
    title: 'A conversation',
    description: 'All messages of one conversation this seat is part of, both directions, oldest first. Pass a thread id, or an obligation id (its thread, or the conversation replies to it opened).',
    input: z.object({ thread: z.string().min(1).describe('a thread id, or an obligation id (ob_…)') }).strict(),
    output: out.threadResult,
    annotations: VIEW,
    run: async (a, c) => await c.call('thread', { ...a, as: c.as })
  }),
  tool({
    name: 'outbox',
    title: 'Sent obligations',
    description: 'Messages this seat sent and their states, newest first: open ones (all: also COMPLETE, REJECTED and CANCELED).',
    input: z.object({ all: z.boolean().optional() }).strict(),
    output: z.strictObject({ obligations: z.array(out.sentItem) }),
    annotations: VIEW,
    run: async (a, c) => ({ obligations: await c.call('sent', { ...a, as: c.as }) })
  }),
  tool({
    name: 'whoami',
    title: 'This seat',
    description: 'This seat: its handle and key, the node\'s peer id and addresses, its card seq, carrier, whether it is isolated, and the mesh that endorses it.',
    input: z.object({}).strict(),
    output: out.whoamiResult,
    annotations: VIEW,
    run: async (_a, c) => await c.call('whoami', { as: c.as })
  }),
  tool({
    name: 'where',
    title: 'Where a seat is',
    description: 'An actor\'s Current: peer id, addresses, carrier, model, card age (may look the card up in the mesh\'s DHT). ' +
      'With role:NAME: { role, seats }, the seats whose valid cards state the role and whether each can act now.',
    input: z.object({ handle: z.string().min(1).describe('a seat handle, or role:NAME') }).strict(),
    output: out.whereAnswer,
    annotations: { ...VIEW, openWorldHint: true },
    run: async (a, c) => {
      if (!a.handle.startsWith(ROLE_PREFIX)) return await c.call('where', a)
      const role = a.handle.slice(ROLE_PREFIX.length)
      if (!isValidRole(role)) throw roleInvalid(role)
      return await c.call('where.role', { role })
    }
  }),
  tool({
    name: 'find_seats',
    title: 'Find seats by what they can do',
    description: 'The seats whose valid cards state a skill (by id or name), a tag of a skill, or an MCP tool (TOOL or SERVER/TOOL), ' +
      'best first: reachable now, then the most recently updated card. Every term given must match. send to skill:ID goes to the first other seat.',
    input: z.object({
      skill: z.string().min(1).optional().describe('a skill id or name'),
      tag: z.string().min(1).optional().describe('a tag of one of the seat\'s skills'),
      tool: z.string().min(1).optional().describe('an MCP tool the seat has: TOOL or SERVER/TOOL')
    }).strict(),
    output: out.findReport,
    annotations: VIEW,
    run: async (a, c) => await c.call('find', a)
  }),
  tool({
    name: 'peers',
    title: 'Peer nodes',
    description: 'Known and connected peer nodes and the seats they host.',
    input: z.object({}).strict(),
    output: z.strictObject({ peers: z.array(out.peerView) }),
    annotations: VIEW,
    run: async (_a, c) => ({ peers: await c.call('peers', {}) })
  })
]
