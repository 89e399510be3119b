// What an agent answered, reduced to what the obligation records: its task (id, state, reason) and its artifacts
// as JSON; and which witness receipts that answer stands for.
import { Artifact, Message, Task, TaskState, type SendMessageResult } from '@a2a-js/sdk'
import type { ReceiptState } from '../../proto/index.js'

export interface Answer {
  taskId?: string
  contextId?: string
  /** TASK_STATE_… as the spec names it. */
  taskState: string
  /** The text of the task's status message (why it failed or was rejected). */
  reason?: string
  /** The artifacts as the agent sent them, in their JSON form. */
  artifacts: unknown[]
}

const textOf = (m: Message | undefined): string | undefined => {
  const t = m?.parts.map(p => p.content?.$case === 'text' ? p.content.value : '').filter(x => x !== '').join(' ')
  return t === undefined || t === '' ? undefined : t
}

export function answerOfTask (t: Task): Answer {
  return {
    taskId: t.id,
    contextId: t.contextId === '' ? undefined : t.contextId,
    taskState: TaskState[t.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED] ?? 'UNRECOGNIZED',
    reason: textOf(t.status?.message),
    artifacts: t.artifacts.map(a => Artifact.toJSON(a))
  }
}

/** A plain message back is the agent's whole answer: done, its parts the artifact. */
export function answerOf (r: SendMessageResult): Answer {
  if ('status' in r) return answerOfTask(r)
  return { contextId: r.contextId === '' ? undefined : r.contextId, taskState: 'TASK_STATE_COMPLETED', artifacts: [{ artifactId: 'message', parts: (Message.toJSON(r) as { parts?: unknown[] }).parts ?? [] }] }
}

const DONE = new Set(['TASK_STATE_COMPLETED'])
const REFUSED = new Set(['TASK_STATE_FAILED', 'TASK_STATE_REJECTED', 'TASK_STATE_CANCELED'])

export function isTerminal (taskState: string | undefined): boolean {
  return taskState !== undefined && (DONE.has(taskState) || REFUSED.has(taskState))
}

/**
 * The receipts an answer stands for: any task means the agent has the message (DELIVERED); completed adds
 * COMPLETE with its artifacts as evidence; failed, rejected or canceled adds REJECTED with the reason.
 */
export function receiptStates (a: Answer): ReceiptState[] {
  if (DONE.has(a.taskState)) return ['DELIVERED', 'COMPLETE']
  if (REFUSED.has(a.taskState)) return ['DELIVERED', 'REJECTED']
  return ['DELIVERED']
}
