// Counts for status, metrics and the web page: grouped reads only, nothing here writes.
import { u8, type Statements } from './statements.js'

export interface MessageCount { direction: 'in' | 'out' | 'relay', state: string, count: number }
export interface OutboxDepth { dest: string, kind: string, status: string, count: number, oldestAtMs: number }
export interface WakeCount { result: string, code?: string, count: number }
export interface OldestOpen { id: Uint8Array, from: string, to: string, state: string, sinceMs: number }

export class StatsStore {
  constructor (private readonly s: Statements) {}

  /** Messages by direction (out: sent by a seat here; in: for a seat here) and derived state. */
  messages (): MessageCount[] {
    const rows = this.s.get(`SELECT CASE WHEN local_to = 1 THEN 'in' WHEN local_from = 1 THEN 'out' ELSE 'relay' END AS direction, state, count(*) AS count
      FROM messages GROUP BY direction, state ORDER BY direction, state`).all() as MessageCount[]
    return rows
  }

  receipts (): Array<{ state: string, count: number }> {
    return this.s.get('SELECT state, count(*) AS count FROM receipts GROUP BY state ORDER BY state').all() as Array<{ state: string, count: number }>
  }

  outbox (): OutboxDepth[] {
    return (this.s.get(`SELECT dest, kind, status, count(*) AS count, min(created_at_ms) AS oldestAtMs FROM outbox
      GROUP BY dest, kind, status ORDER BY dest, kind, status`).all() as OutboxDepth[])
  }

  wakes (): WakeCount[] {
    return (this.s.get('SELECT result, code, count(*) AS count FROM wakes GROUP BY result, code ORDER BY result, code').all() as Array<{ result: string, code: string | null, count: number }>)
      .map(r => ({ result: r.result, code: r.code ?? undefined, count: r.count }))
  }

  /** The message that has waited longest for delivery from here. */
  oldestUndelivered (): OldestOpen | undefined {
    const r = this.s.get(`SELECT m.id, m.from_handle, m.to_handle, m.state, o.created_at_ms FROM outbox o JOIN messages m ON m.id = o.ref
      WHERE o.kind = 'message' AND o.status = 'pending' ORDER BY o.created_at_ms LIMIT 1`).get() as
      { id: Buffer, from_handle: string, to_handle: string, state: OldestOpen['state'], created_at_ms: number } | undefined
    return r === undefined ? undefined : { id: u8(r.id), from: r.from_handle, to: r.to_handle, state: r.state, sinceMs: r.created_at_ms }
  }

  /** The message for a seat here that has waited longest without being completed, rejected or withdrawn. */
  oldestOpenInbox (): OldestOpen | undefined {
    const r = this.s.get(`SELECT id, from_handle, to_handle, state, stored_at_ms FROM messages
      WHERE local_to = 1 AND state NOT IN ('COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED') ORDER BY stored_at_ms LIMIT 1`).get() as
      { id: Buffer, from_handle: string, to_handle: string, state: OldestOpen['state'], stored_at_ms: number } | undefined
    return r === undefined ? undefined : { id: u8(r.id), from: r.from_handle, to: r.to_handle, state: r.state, sinceMs: r.stored_at_ms }
  }

  /** The newest messages held here, newest first. */
  recentMessageIds (limit: number): Uint8Array[] {
    return (this.s.get('SELECT id FROM messages ORDER BY stored_at_ms DESC, id LIMIT ?').pluck().all(limit) as Buffer[]).map(u8)
  }
}
