// The MCP tools: one zod schema per verb and a thin mapping onto the daemon's control API as the acting seat.
import { z } from 'zod'
import { MAX_EVIDENCE_BYTES } from '../../daemon/limits/index.js'
import type { ControlCall } from '../../daemon/control/methods.js'

export interface ToolDef {
  name: string
  description: string
  input: z.ZodObject
  /** The control-API call for arguments validated by `input`; `as` is added by the server. */
  control: (args: unknown) => ControlCall
  /** Wraps an array answer so structuredContent is always an object. */
  wrap?: string
}

/** A tool whose mapping is typed by its own schema: the server validates arguments with `input` before `control`. */
function tool<S extends z.ZodObject> (def: Omit<ToolDef, 'input' | 'control'> & { input: S, control: (args: z.infer<S>) => ControlCall }): ToolDef {
  return { ...def, control: args => def.control(args as z.infer<S>) }
}

const ob = z.string().regex(/^ob_/, 'an obligation id such as ob_…').describe('the obligation id (ob_…)')

export const TOOLS: ToolDef[] = [
  tool({
    name: 'send',
    description: 'Send a message to another seat; returns the obligation id and DELIVERY_PENDING at once.',
    input: z.object({
      to: z.string().min(1).describe('the recipient seat handle'),
      text: z.string().describe('the message text (at most 512 KiB; send a file path for more)'),
      require: z.enum(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE']).optional().describe('receipt level wanted (default COMPLETE)'),
      thread: z.string().min(1).optional().describe('a conversation id'),
      ttlMs: z.number().int().positive().optional().describe('give up delivery after this many milliseconds'),
      contentType: z.string().min(1).optional().describe('the body media type (default text/plain)'),
      idempotencyKey: z.string().min(1).optional().describe('a key of your own: sending again with the same key within 24 h returns the first obligation and sends nothing new')
    }).strict(),
    control: a => ({ method: 'notify', params: a })
  }),
  tool({
    name: 'inbox',
    description: 'Messages waiting for this seat (all: include COMPLETE and REJECTED).',
    input: z.object({ all: z.boolean().optional() }).strict(),
    control: a => ({ method: 'inbox', params: a }),
    wrap: 'messages'
  }),
  tool({ name: 'read', description: 'Show a message and issue READ.', input: z.object({ obligation: ob }).strict(), control: a => ({ method: 'read', params: a }) }),
  tool({ name: 'consume', description: 'Issue CONSUMED for a message.', input: z.object({ obligation: ob }).strict(), control: a => ({ method: 'consume', params: a }) }),
  tool({
    name: 'ack',
    description: 'Complete a message: write a receipt file with the sentence (or hash an existing evidence file), then issue CONSUMED and COMPLETE.',
    input: z.object({
      obligation: ob,
      sentence: z.string().min(1).describe('one sentence saying what was done'),
      file: z.string().min(1).optional().describe(`an absolute path of an existing regular file to hash as the evidence: outside the aios-comm home (or in its evidence/ folder), at most ${MAX_EVIDENCE_BYTES >> 20} MiB, no keys or tokens`)
    }).strict(),
    control: a => ({ method: 'ack', params: a })
  }),
  tool({
    name: 'reject',
    description: 'Refuse a message with a reason (terminal).',
    input: z.object({ obligation: ob, reason: z.string().min(1) }).strict(),
    control: a => ({ method: 'reject', params: a })
  }),
  tool({
    name: 'status',
    description: 'One obligation: its derived state and verified receipt chain.',
    input: z.object({ obligation: ob }).strict(),
    control: a => ({ method: 'status', params: a })
  }),
  tool({
    name: 'where',
    description: 'An actor\'s Current: peer id, addresses, carrier, model, card age.',
    input: z.object({ handle: z.string().min(1) }).strict(),
    control: a => ({ method: 'where', params: a })
  }),
  tool({ name: 'peers', description: 'Known and connected peer nodes and the seats they host.', input: z.object({}).strict(), control: () => ({ method: 'peers', params: {} }), wrap: 'peers' })
]

/** Verbs that act as a seat get `as`; where, status and peers are node-wide. */
export const ACTING = new Set(['send', 'inbox', 'read', 'consume', 'ack', 'reject'])
