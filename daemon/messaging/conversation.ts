// A seat's conversations and sent messages: one thread in both directions, and its obligations with their states.
import { MeshError } from '../../cards/index.js'
import { envelopeFromWire, messageFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { MessageRow } from '../store/index.js'
import { obligationId, parseObligation } from './ids.js'

export const MAX_THREAD_LISTED = 500 // a conversation longer than this is shown from its start; the rest by obligation
export const MAX_SENT_LISTED = 200 // the newest obligations; older ones by status
export const THREAD_PREVIEW_CHARS = 200 // enough to follow a conversation; read gives the whole body (and READ)
const BACKFILL_BATCH = 500 // messages indexed per commit when filling in threads stored before the column existed

export interface ThreadItem {
  obligation: string
  /** in: to this seat; out: sent by it. */
  direction: 'in' | 'out'
  from: string
  to: string
  state: string
  sentAt: string
  preview: string
}

export interface ThreadResult { thread: string, messages: ThreadItem[] }

export interface SentItem {
  obligation: string
  to: string
  state: string
  sentAt: string
  thread?: string
  preview: string
  /** Delivery given up (failed, expired) or still queued (pending); absent once delivered. */
  delivery?: string
}

function previewOf (m: MessageRow, chars: number): string {
  const text = Buffer.from(messageFromWire(envelopeFromWire(m.envelope).payload).body).toString('utf8').replace(/\s+/g, ' ')
  return text.length > chars ? `${text.slice(0, chars - 3)}...` : text
}

/** A stored envelope's thread; one that does not decode (it never should) counts as none, so it is read only once. */
function threadOf (envelope: Uint8Array): string | undefined {
  try {
    return messageFromWire(envelopeFromWire(envelope).payload).thread
  } catch {
    return undefined
  }
}

/** Reads the thread of messages stored before the column existed, once each. */
async function backfillThreads (core: Core): Promise<void> {
  const store = core.store.messages
  for (let rows = store.unthreaded(BACKFILL_BATCH); rows.length > 0; rows = store.unthreaded(BACKFILL_BATCH)) {
    const batch = rows
    await core.store.commit.run(() => {
      for (const r of batch) store.setThread(r.id, threadOf(r.envelope))
    })
  }
}

/**
 * The key a conversation goes by: a thread id as given; or an obligation id of one of the seat's messages, which
 * stands for that message's thread, or, when it has none, for the conversation its replies opened under its id.
 */
function conversationKey (core: Core, seat: string, key: string): { thread: string, root?: Uint8Array } {
  if (!/^ob_[0-9a-f]{32}$/.test(key)) return { thread: key }
  const id = parseObligation(key)
  const m = core.store.messages.message(id)
  if (m === undefined || (m.from !== seat && m.to !== seat)) return { thread: key }
  return m.thread !== undefined ? { thread: m.thread } : { thread: key, root: id }
}

export async function conversation (core: Core, seat: string, key: string): Promise<ThreadResult> {
  if (key === '') throw new MeshError('BAD_REQUEST', 'parameter thread must be a thread id or an obligation id')
  await backfillThreads(core)
  const { thread, root } = conversationKey(core, seat, key)
  const rows = core.store.messages.conversation(seat, thread, root, MAX_THREAD_LISTED)
  return {
    thread,
    messages: rows.map(m => ({
      obligation: obligationId(m.id),
      direction: m.to === seat && m.localTo ? 'in' : 'out',
      from: m.from,
      to: m.to,
      state: m.state,
      sentAt: new Date(m.sentAtMs).toISOString(),
      preview: previewOf(m, THREAD_PREVIEW_CHARS)
    }))
  }
}

/** The state shown for a sent message: EXPIRED or FAILED when its delivery gave up. */
function sentState (core: Core, m: MessageRow): { state: string, delivery?: string } {
  const out = core.store.outbox.forRef('message', m.id)
  if (out === undefined) return { state: m.state }
  if (m.state === 'DELIVERY_PENDING' && out.status === 'expired') return { state: 'EXPIRED', delivery: out.status }
  if (m.state === 'DELIVERY_PENDING' && out.status === 'failed') return { state: 'FAILED', delivery: out.status }
  return { state: m.state, delivery: out.status }
}

export function sent (core: Core, seat: string, all: boolean): SentItem[] {
  return core.store.messages.sentBy(seat, !all, MAX_SENT_LISTED).map(m => ({
    obligation: obligationId(m.id),
    to: m.to,
    ...sentState(core, m),
    sentAt: new Date(m.sentAtMs).toISOString(),
    ...(m.thread === undefined ? {} : { thread: m.thread }),
    preview: previewOf(m, THREAD_PREVIEW_CHARS)
  }))
}
