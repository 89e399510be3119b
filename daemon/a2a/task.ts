// Pure mapping of a mesh obligation onto an A2A 1.0 Task: state, timestamp and our receipts as extension metadata.
import { MESH_EXTENSION_URI } from './constants.js'

export interface ObligationView {
  obligation: string
  from: string
  to: string
  state: string
  thread?: string
  receipts: Array<{ state: string, actor: string, at: string, verified?: boolean }>
}

/** The lattice onto the A2A TaskState enum, spelled as the 1.0 JSON (and @a2a-js/sdk) spell it. */
export const TASK_STATE: Record<string, string> = {
  DELIVERY_PENDING: 'TASK_STATE_SUBMITTED',
  DELIVERED: 'TASK_STATE_SUBMITTED',
  READ: 'TASK_STATE_WORKING',
  CONSUMED: 'TASK_STATE_WORKING',
  COMPLETE: 'TASK_STATE_COMPLETED',
  REJECTED: 'TASK_STATE_REJECTED',
  CANCELED: 'TASK_STATE_CANCELED',
  EXPIRED: 'TASK_STATE_FAILED', // never delivered in time: the task failed, it was not refused
  FAILED: 'TASK_STATE_FAILED'
}

export function taskOf (v: ObligationView): Record<string, unknown> {
  const last = v.receipts.at(-1)
  return {
    id: v.obligation,
    contextId: v.thread ?? v.obligation,
    status: { state: TASK_STATE[v.state] ?? 'TASK_STATE_UNSPECIFIED', ...(last === undefined ? {} : { timestamp: last.at }) },
    metadata: { [MESH_EXTENSION_URI]: { state: v.state, from: v.from, to: v.to, receipts: v.receipts } }
  }
}
