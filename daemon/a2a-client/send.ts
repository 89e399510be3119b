// `a2a.send` and `a2a.get`: a seat sends text to an outside A2A agent (blocking, as A2A 1.0 sends do by default,
// up to a bounded wait) and the answer is recorded as witness receipts; `get` asks the agent for the task again.
import { GetTaskRequest, SendMessageRequest, type SendMessageResult, type Task } from '@a2a-js/sdk'
import type { Client } from '@a2a-js/sdk/client'
import { A2AError } from '@a2a-js/sdk/errors'
import { MeshError } from '../../cards/index.js'
import type { Core } from '../core.js'
import { NODE_CALLER, type Caller } from '../access/index.js'
import { obligationId, parseObligation } from '../messaging/ids.js'
import { MAX_BODY_BYTES } from '../limits/index.js'
import type { A2AObligationRow } from '../store/index.js'
import { CARD_TIMEOUT_MS, DEFAULT_WAIT_MS, GET_TASK_EVERY_MS, MAX_ERROR_TEXT, MAX_IN_FLIGHT, MAX_WAIT_MS, RECIPIENT_PREFIX } from './constants.js'
import { answerOf, answerOfTask, isTerminal, type Answer } from './answer.js'
import { clientFor, pinKey, reachAgent, type Agent } from './connect.js'
import type { Guard } from './guarded-fetch.js'
import type { PinOutcome } from './card-trust.js'
import { recordAnswer } from './record.js'
import { signObligation } from './obligation.js'
import { replayOf } from './replay.js'
import { withSdkLog } from '../runtime/sdk-log.js'
import { checkKey, claimKey, heldKey, oneAtATime, releaseKey, requestHash } from '../messaging/idempotency.js'
import { parseAgentUrl } from './agent-card.js'

export interface A2ASendParams {
  as?: string
  url: string
  text: string
  waitMs?: number
  acceptNewKey?: boolean
  allowUnsigned?: boolean
  /** The same key of the same seat within 24 h returns the first obligation and contacts no agent again. */
  idempotencyKey?: string
}

export interface A2AResult {
  obligation: string
  /** The obligation's state: DELIVERED, COMPLETE or REJECTED (witnessed), DELIVERY_PENDING (no task named). */
  state: string
  /** Whether the task is in a terminal state; if not, `aios-comm a2a get OB` asks again. */
  final: boolean
  taskId?: string
  taskState?: string
  url: string
  card: { name: string, keyThumbprint?: string, pinned: PinOutcome }
  artifacts: unknown[]
  evidence?: { path: string, sha256: string, size: number }
  /** Why a rejected task was rejected, as the agent said. */
  reason?: string
  /** The idempotency key named an earlier send: this is that obligation as it stands; nothing was sent. */
  replayed?: true
}

const inFlight = new WeakMap<Core, number>()

/** Runs fn as one of at most MAX_IN_FLIGHT outside requests of this daemon. */
async function bounded<T> (core: Core, fn: () => Promise<T>): Promise<T> {
  const n = inFlight.get(core) ?? 0
  if (n >= MAX_IN_FLIGHT) throw new MeshError('A2A_BUSY', `${n} A2A requests already wait for answers`)
  inFlight.set(core, n + 1)
  try {
    return await fn()
  } finally {
    inFlight.set(core, (inFlight.get(core) ?? 1) - 1)
  }
}

/** The coded error for a failed call: the guard's broken rule first, else what the agent answered. */
function callError (err: unknown, guard: Guard, url: string): MeshError {
  if (guard.violation !== undefined) return guard.violation
  if (err instanceof A2AError) {
    const code = (err as { envelopeCode?: unknown }).envelopeCode ?? err.reason
    return new MeshError('A2A_REMOTE_ERROR', `${url} answered error ${String(code)}: ${err.message.split('\n')[0].slice(0, MAX_ERROR_TEXT)}`)
  }
  if (err instanceof MeshError) return err
  return new MeshError('A2A_REMOTE_ERROR', `${url} answered: ${String((err as Error).message).split('\n')[0].slice(0, MAX_ERROR_TEXT)}`)
}

/** The SDK's console lines (a card signature that does not verify) go to the daemon's log, never to its stdout. */
export async function a2aSend (core: Core, p: A2ASendParams, caller: Caller = NODE_CALLER): Promise<A2AResult> {
  return await withSdkLog(core.log, async () => await send(core, p, caller))
}

async function send (core: Core, p: A2ASendParams, caller: Caller): Promise<A2AResult> {
  const from = core.actingSeat(p.as, caller)
  if (p.text.trim() === '') throw new MeshError('BAD_REQUEST', 'the text to send is empty')
  if (Buffer.byteLength(p.text) > MAX_BODY_BYTES) throw new MeshError('MESSAGE_TOO_LARGE', `the text has more than ${MAX_BODY_BYTES} bytes`)
  const waitMs = Math.min(Math.max(p.waitMs ?? DEFAULT_WAIT_MS, 1000), MAX_WAIT_MS)
  const key = p.idempotencyKey
  if (key === undefined) return await sendNew(core, from, p, waitMs)
  checkKey(key)
  // bound to what shapes the message: the agent (its URL as pinned) and the text
  const hash = requestHash({ to: `${RECIPIENT_PREFIX}${parseAgentUrl(p.url).url}`, body: new TextEncoder().encode(p.text), contentType: 'text/plain', require: 'COMPLETE' })
  return await oneAtATime(core, from, key, async () => {
    const earlier = heldKey(core, from, key, hash, Date.now())
    if (earlier === undefined) return await sendNew(core, from, p, waitMs, { key, hash })
    return await replayOf(core, earlier, key)
  })
}

async function sendNew (core: Core, from: string, p: A2ASendParams, waitMs: number, idem?: { key: string, hash: Uint8Array }): Promise<A2AResult> {
  return await bounded(core, async () => {
    const agent = await reachAgent(core, p.url, { acceptNewKey: p.acceptNewKey === true, allowUnsigned: p.allowUnsigned === true })
    const row = signObligation(core, { from, text: p.text, url: agent.agent.url, cardName: agent.name, keyThumbprint: agent.trust.thumbprint })
    await core.store.commit.run(() => {
      pinKey(core, agent, row.sentAtMs)
      core.store.a2aClient.insertObligation(row)
      if (idem !== undefined) claimKey(core, from, idem.key, idem.hash, row.messageId, row.sentAtMs)
    })
    const deadline = AbortSignal.timeout(waitMs)
    const { client, guard } = await clientFor(agent, deadline)
    let result: SendMessageResult
    try {
      // the obligation id is the A2A messageId: an agent that dedupes by messageId sees one message per obligation
      result = await client.sendMessage(SendMessageRequest.fromJSON({
        message: { messageId: obligationId(row.messageId), role: 'ROLE_USER', parts: [{ text: p.text }] },
        configuration: { returnImmediately: false }
      }), { signal: deadline })
    } catch (err) {
      const e = callError(err, guard, agent.agent.url)
      await failed(core, row, e, guard, idem?.key)
      throw e
    }
    let answer = answerOf(result)
    if (!isTerminal(answer.taskState) && answer.taskId !== undefined) answer = await pollUntil(client, answer, deadline)
    return await settle(core, row, agent, answer)
  })
}

/**
 * A request that never reached the agent, or that it refused outright (an error, a redirect), leaves nothing:
 * the obligation is forgotten. One that may have reached it (a timeout, an answer over the bound) stays
 * DELIVERY_PENDING with the reason, and the error names it.
 */
async function failed (core: Core, row: A2AObligationRow, e: MeshError, guard: Guard, key?: string): Promise<void> {
  const ob = obligationId(row.messageId)
  const forget = !guard.maybeSent || e.code === 'A2A_REMOTE_ERROR' || e.code === 'A2A_REDIRECT_REFUSED'
  await core.store.commit.run(() => {
    if (forget) {
      core.store.a2aClient.deleteObligation(row.messageId)
      if (key !== undefined) releaseKey(core, row.from, key) // nothing went out: a retry with the key sends anew
    }
    else core.store.a2aClient.setTask(row.messageId, { lastError: `${e.code}: ${e.message}`, state: row.state, atMs: Date.now() })
  })
  if (!forget) e.message = `${e.message}; the request may have reached the agent: ${ob} stays DELIVERY_PENDING (aios-comm status ${ob})`
}

/** The blocking answer was not final (the agent's own bound passed): GetTask until it is, or the wait ends. */
async function pollUntil (client: Client, first: Answer, deadline: AbortSignal): Promise<Answer> {
  let answer = first
  while (!deadline.aborted && !isTerminal(answer.taskState) && !answer.taskState.endsWith('_REQUIRED')) {
    await new Promise(resolve => setTimeout(resolve, GET_TASK_EVERY_MS).unref())
    try {
      answer = answerOfTask(await client.getTask(GetTaskRequest.fromJSON({ id: answer.taskId }), { signal: deadline }))
    } catch {
      break // the wait ended or the agent stopped answering: what stands is recorded
    }
  }
  return answer
}

async function settle (core: Core, row: A2AObligationRow, agent: Agent, answer: Answer): Promise<A2AResult> {
  const recorded = await recordAnswer(core, row, answer)
  return {
    obligation: obligationId(row.messageId),
    state: recorded.state,
    final: isTerminal(answer.taskState),
    taskId: answer.taskId,
    taskState: answer.taskState,
    url: agent.agent.url,
    card: { name: agent.name, keyThumbprint: agent.trust.thumbprint, pinned: agent.trust.pinned },
    artifacts: answer.artifacts,
    ...(recorded.evidence === undefined ? {} : { evidence: recorded.evidence }),
    ...(recorded.state === 'REJECTED' ? { reason: answer.reason ?? answer.taskState } : {})
  }
}

/** Asks the agent for the obligation's task (GetTask) and records what it says; its card must still check. */
export async function a2aGet (core: Core, ob: string, caller: Caller = NODE_CALLER): Promise<A2AResult> {
  return await withSdkLog(core.log, async () => await get(core, ob, caller))
}

async function get (core: Core, ob: string, caller: Caller): Promise<A2AResult> {
  const row = core.store.a2aClient.obligation(parseObligation(ob))
  if (row === undefined) throw new MeshError('OBLIGATION_UNKNOWN', `${ob} is no obligation sent to an A2A agent from this node`)
  core.authorizeSeat(row.from, caller)
  const taskId = row.taskId
  if (taskId === undefined) throw new MeshError('A2A_TASK_UNKNOWN', `${ob} has no remote task: the agent at ${row.url} never named one`)
  return await bounded(core, async () => {
    const agent = await reachAgent(core, row.url, { acceptNewKey: false, allowUnsigned: row.keyThumbprint === undefined })
    const deadline = AbortSignal.timeout(CARD_TIMEOUT_MS)
    const { client, guard } = await clientFor(agent, deadline)
    let task: Task
    try {
      task = await client.getTask(GetTaskRequest.fromJSON({ id: taskId }), { signal: deadline })
    } catch (err) {
      throw callError(err, guard, agent.agent.url)
    }
    return await settle(core, row, agent, answerOfTask(task))
  })
}
