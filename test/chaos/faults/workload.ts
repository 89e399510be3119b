// The workload of a chaos run: writers sending tagged messages between seats, an observer logging receipts as
// they appear, the final wait for healing, and the audit that turns the history into a tally.
import { expect, onTestFinished } from 'vitest'
import { chaosLevel, recordTally, type ChaosTally } from '../report.js'
import { checkHistory, snapshotNode, type CheckResult, type History } from '../history/index.js'
import { UNKNOWN_LIMIT } from '../table.mjs' // a plain ES module, shared with the runner (test/chaos/run.mjs)
import { query, waitFor, type MeshNodeHandle } from '../../helpers/mesh.js'
import type { Supervisor } from './supervisor.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const FULL = chaosLevel() === 'full'

/** A JSONL history file in a temp folder that is kept when the test fails; its path is printed then. */
export function historyPath (suite: string): string {
  const dir = mkdtempSync(join(tmpdir(), `aios-chaos-${suite}-`))
  onTestFinished(({ task }) => { if (task.result?.state !== 'fail') rmSync(dir, { recursive: true, force: true }) })
  return join(dir, 'history.jsonl')
}

/** Sends `count` messages over the given (sender, recipient) pairs, `concurrency` at a time; never throws. */
export async function write (history: History, pairs: Array<[MeshNodeHandle, MeshNodeHandle]>, count: number, label: string, concurrency = 4, onSent?: (n: number) => void): Promise<void> {
  let next = 0
  let sent = 0
  const lane = async (): Promise<void> => {
    while (next < count) {
      const i = next++
      const [from, to] = pairs[i % pairs.length]
      await history.notify(from.home, from.handle, to.handle, `${label} #${i} ${from.handle}->${to.handle}`)
      onSent?.(++sent)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, async () => await lane()))
}

/** Logs every DELIVERED state that appears at a sender, until stopped. */
export function observeReceipts (history: History, nodes: MeshNodeHandle[]): () => Promise<void> {
  const seen = new Set<string>()
  let running = true
  const loop = (async () => {
    while (running) {
      for (const n of nodes) {
        try {
          for (const r of query<{ id: Buffer, state: string }>(n.home, "SELECT id, state FROM messages WHERE local_from = 1 AND state <> 'DELIVERY_PENDING'")) {
            const ob = `ob_${r.id.toString('hex')}`
            if (seen.has(ob)) continue
            seen.add(ob)
            history.log({ type: 'receipt', obligation: ob, state: r.state, node: n.handle })
          }
        } catch {
          // the file is being created or is briefly locked; look again next round
        }
      }
      await new Promise(resolve => setTimeout(resolve, 200))
    }
  })()
  return async () => {
    running = false
    await loop
  }
}

/** After healing: waits until no node has an acknowledged message that is not DELIVERED and no outbox row left. */
export async function waitHealed (nodes: MeshNodeHandle[], timeoutMs = 90_000): Promise<boolean> {
  const open = (): number => nodes.reduce((sum, n) => sum +
    query<{ n: number }>(n.home, "SELECT count(*) AS n FROM messages WHERE local_from = 1 AND state = 'DELIVERY_PENDING'")[0].n +
    query<{ n: number }>(n.home, "SELECT count(*) AS n FROM outbox WHERE status = 'pending'")[0].n, 0)
  try {
    await waitFor('every acknowledged message DELIVERED and every outbox empty', open, n => n === 0, timeoutMs)
    return true
  } catch {
    return false
  }
}

export interface AuditInput {
  suite: string
  history: History
  nodes: MeshNodeHandle[]
  supervisor: Supervisor
  cycles: number
  /** Only for a suite that measures it: left out, the table prints "-". */
  forgedAccepted?: number
  /** Receipts and revocations under faults that an independent node does not show as signed (see receipts.ts). */
  receiptsWrong?: number
}

export interface Settled {
  tally: ChaosTally
  result: CheckResult
  healed: boolean
}

/** Resumes every daemon, retries the notifies whose answers were lost, waits for healing, stops every daemon
 * cleanly, reads every store and classifies the history; asserts nothing and records nothing. */
export async function settle (a: AuditInput): Promise<Settled> {
  for (const n of a.nodes) a.supervisor.resume(n.daemon)
  await a.history.retryLost()
  const healed = await waitHealed(a.nodes)
  for (const n of a.nodes) await a.supervisor.stop(n.daemon)
  const result = checkHistory(a.history.events, a.nodes.map(n => snapshotNode(n.handle, n.home)))
  const tally: ChaosTally = {
    suite: a.suite,
    cycles: a.cycles,
    messages: a.history.invocations,
    faults: a.history.faults - a.supervisor.crashes.length,
    ...result.counts,
    refused: result.refused,
    retried: a.history.retries,
    unmatched: result.unmatched.length,
    ...(a.receiptsWrong === undefined ? {} : { receiptsWrong: a.receiptsWrong }),
    ...(a.forgedAccepted === undefined ? {} : { forgedAccepted: a.forgedAccepted }),
    crashes: a.supervisor.crashes.length
  }
  return { tally, result, healed }
}

/** The most unknown outcomes a run of `messages` notifies may end with (see UNKNOWN_LIMIT in table.mjs). */
export function unknownAllowed (messages: number): number {
  return Math.floor(UNKNOWN_LIMIT * messages)
}

/** settle(), then records the tally and asserts on it: nothing lost, duplicated, stuck or unmatched, no crash,
 * healed, unknown outcomes within their bound, and no receipt shown wrong. */
export async function audit (a: AuditInput): Promise<ChaosTally> {
  const { tally: t, result, healed } = await settle(a)
  const tally = recordTally(t)
  process.stdout.write(`[chaos] ${a.suite}: ${JSON.stringify(tally)}\n`)
  const bad = result.ops.filter(o => o.verdict !== 'ok' && o.verdict !== 'unknown')
  if (bad.length > 0 || result.unmatched.length > 0 || a.supervisor.crashes.length > 0 || !healed || tally.unknown > unknownAllowed(tally.messages)) {
    process.stdout.write(`[chaos] ${a.suite}: history in ${a.history.path ?? '(memory)'}; healed ${String(healed)}\n`)
    for (const o of bad.slice(0, 10)) process.stdout.write(`[chaos]   op ${o.op} ${o.verdict}: ${o.reason} (${o.tag})\n`)
    for (const u of result.unmatched.slice(0, 10)) process.stdout.write(`[chaos]   unmatched at ${u.node}: ${u.obligation} (${u.tag})\n`)
    for (const c of a.supervisor.crashes) process.stdout.write(`[chaos]   crash ${c.home} exit ${String(c.code)} ${String(c.signal)}: ${c.stderr.slice(-500)}\n`)
  }
  expect(a.supervisor.crashes).toEqual([])
  expect({ lost: tally.lost, duplicated: tally.duplicated, stuck: tally.stuck, unmatched: tally.unmatched, receiptsWrong: tally.receiptsWrong ?? 0 })
    .toEqual({ lost: 0, duplicated: 0, stuck: 0, unmatched: 0, receiptsWrong: 0 })
  expect(healed, 'every acknowledged message DELIVERED and every outbox empty after the faults').toBe(true)
  expect(tally.unknown, `unknown outcomes (at most ${UNKNOWN_LIMIT * 100} % of ${tally.messages})`).toBeLessThanOrEqual(unknownAllowed(tally.messages))
  expect(tally.ok).toBeGreaterThan(0)
  return tally
}
