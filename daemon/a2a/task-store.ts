// The SDK's TaskStore over our obligations: a task id is an obligation id, and a task is read from the obligation's
// receipts every time. Nothing the SDK saves is kept: the signed receipts in SQLite are the only truth about a task.
import type { ListTasksRequest, ListTasksResponse, Task } from '@a2a-js/sdk'
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server'
import { NODE_CALLER, type Caller } from '../access/index.js'
import type { RouteTable } from '../control/index.js'
import { obligationId, parseObligation } from '../messaging/ids.js'
import type { Store } from '../store/index.js'
import { a2aError, toA2AError } from './errors.js'
import { taskOf, type HeldEvidence } from './task.js'

export interface TaskSourceDeps {
  routes: Pick<RouteTable, 'status'>
  store: Pick<Store, 'messages' | 'receipts' | 'evidence'>
  /** The seat the bridge sends as (undefined: whichever local seat sent). */
  sender?: string
}

/** Who is asking: the user the bridge builds for every request carries the caller the control routes check. */
export function callerOf (context: ServerCallContext | undefined): Caller {
  const user = context?.user as { caller?: Caller } | undefined
  return user?.caller ?? NODE_CALLER
}

/** Reads tasks for one served seat. */
export class TaskSource {
  constructor (private readonly seat: string, private readonly deps: TaskSourceDeps) {}

  /** The task, or TaskNotFound (with our code) when there is no such obligation to this seat. */
  async task (id: string, caller: Caller = NODE_CALLER): Promise<Task> {
    let v
    try {
      v = await this.deps.routes.status({ obligation: id }, caller)
    } catch (err) {
      throw toA2AError(err)
    }
    if (v.to !== this.seat) throw a2aError('OBLIGATION_UNKNOWN', `task ${id} was not sent to ${this.seat}`)
    return taskOf(v, this.evidence(id))
  }

  /** The content this node holds for the obligation's COMPLETE evidence: the seat's own copy, or the sender's. */
  private evidence (ob: string): HeldEvidence | undefined {
    const id = parseObligation(ob)
    const done = this.deps.store.receipts.forMessage(id).find(r => r.state === 'COMPLETE')
    const row = done === undefined ? undefined : this.deps.store.evidence.get(done.hash)
    return row === undefined ? undefined : { sha256: Buffer.from(row.sha256).toString('hex'), content: row.content }
  }

  /** The tasks the bridge's seat sent to this seat, newest first; the page token is the last task's (time, id). */
  async list (req: ListTasksRequest, caller: Caller): Promise<ListTasksResponse> {
    if (req.contextId !== '' || (req.status !== undefined && req.status !== 0) || (req.statusTimestampAfter ?? '') !== '') {
      throw a2aError('A2A_FILTER_UNSUPPORTED', 'ListTasks filters (contextId, status, statusTimestampAfter) are not served; page through all tasks')
    }
    const pageSize = req.pageSize ?? 50
    const before = req.pageToken === '' ? undefined : cursorOf(req.pageToken)
    const rows = this.deps.store.messages.sentTo(this.deps.sender, this.seat, pageSize + 1, before)
    const page = rows.slice(0, pageSize)
    const tasks = await Promise.all(page.map(async r => await this.task(obligationId(r.id), caller)))
    if (req.includeArtifacts !== true) for (const t of tasks) t.artifacts = []
    const last = page.at(-1)
    return {
      tasks,
      nextPageToken: rows.length > pageSize && last !== undefined ? tokenOf(last.sentAtMs, last.id) : '',
      pageSize,
      totalSize: this.deps.store.messages.countSentTo(this.deps.sender, this.seat)
    }
  }
}

function tokenOf (sentAtMs: number, id: Uint8Array): string {
  return Buffer.from(`${sentAtMs}|${Buffer.from(id).toString('hex')}`).toString('base64url')
}

function cursorOf (token: string): { sentAtMs: number, id: Uint8Array } {
  const m = /^(\d+)\|([0-9a-f]+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'))
  if (m === null) throw a2aError('BAD_REQUEST', 'pageToken is not one this bridge gave')
  return { sentAtMs: Number(m[1]), id: Buffer.from(m[2], 'hex') }
}

/** The SDK-facing store of one seat's tasks. */
export class ObligationTaskStore implements TaskStore {
  constructor (private readonly source: TaskSource) {}

  async load (taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    return await this.source.task(taskId, callerOf(context))
  }

  /** The SDK saves what it derived from our events; the receipts already say it, so nothing is written. */
  async save (): Promise<void> {}

  async list (params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return await this.source.list(params, callerOf(context))
  }
}
