// A node's own facts leave by gossip only once they are durable. A durable commit's facts are visible in the log
// before the fdatasync that makes them durable returns (it runs on the thread pool after the commit); a DELIVERED
// receipt that another node held before then names a message a power cut at the recipient could still take back.
// Real daemons: the recipient runs under strace, which holds every fdatasync's return for DELAY_US, and each message
// is sent once the one before is committed there, so later messages commit while an earlier fdatasync is held.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../../helpers/mesh.js'
import { tempDir } from '../../helpers/cli.js'
import { STRACE, killTracedWhenDone } from '../../helpers/strace.js'

const DELAY_US = 300_000
const MESSAGES = 8
const WAIT_MS = 60_000

/** When each fdatasync of the trace returned, in ms since the epoch, with when it was entered. */
function fdatasyncs (lines: string[]): Array<{ enteredMs: number, returnedMs: number }> {
  const open = new Map<string, number>() // thread → entry time (s) of an unfinished call
  const out: Array<{ enteredMs: number, returnedMs: number }> = []
  for (const l of lines) {
    const m = /^(\d+)\s+(\d+\.\d+)\s+(.*)$/.exec(l)
    if (m === null) continue
    const [, tid, at, rest] = m
    if (/^fdatasync\(.*<unfinished \.\.\.>/.test(rest)) {
      open.set(tid, Number(at))
      continue
    }
    const took = /= 0.*<(\d+\.\d+)>$/.exec(rest)
    if (took === null) continue
    let entered: number | undefined
    if (/^fdatasync\(/.test(rest)) entered = Number(at)
    else if (/^<\.\.\. fdatasync resumed>/.test(rest)) entered = open.get(tid)
    if (entered === undefined) continue
    open.delete(tid)
    out.push({ enteredMs: entered * 1000, returnedMs: (entered + Number(took[1])) * 1000 + DELAY_US / 1000 })
  }
  return out
}

const obligationHex = (ob: string): string => ob.slice('ob_'.length).toUpperCase()

async function heldAt (x: MeshNodeHandle, ob: string): Promise<boolean> {
  return query(x.home, 'SELECT 1 FROM messages WHERE hex(id) = ?', obligationHex(ob)).length > 0
}

/** x's DELIVERED receipts about these obligations: when x stored each. */
function deliveredAt (x: MeshNodeHandle, obs: string[]): Map<string, number> {
  const rows = query<{ id: string, at: number }>(x.home, `SELECT hex(message_id) AS id, received_at_ms AS at FROM receipts WHERE state = 'DELIVERED'`)
  const want = new Set(obs.map(obligationHex))
  return new Map(rows.filter(r => want.has(r.id)).map(r => [r.id, r.at]))
}

describe('gossip waits for durability', () => {
  it('no node holds a DELIVERED receipt before the recipient\'s fdatasync covering it returned', async () => {
    const trace = join(tempDir(), 'b-fdatasync.txt')
    const [a, b, c] = await createMesh(3, {
      prefix: i => i === 1 ? [STRACE, '-f', '-qq', '-ttt', '-T', '-o', trace, '-e', 'trace=fdatasync', '-e', `inject=fdatasync:delay_exit=${DELAY_US}`] : []
    })
    killTracedWhenDone(b.daemon)

    // until b's gossip reaches c: a message whose DELIVERED c holds, published by b
    let n = 0
    await waitFor('b gossiping to c', async () => {
      const r = await a.daemon.call('notify', { to: 'agent-b', text: `warm-up ${n++}`, wait: 'DELIVERED', waitMs: WAIT_MS })
      await waitFor('c holding it', () => deliveredAt(c, [r.obligation]).size, k => k === 1, WAIT_MS)
      return (await b.daemon.call('node.status')).truth.gossip.published
    }, published => published > 0, WAIT_MS)

    const sent: string[] = []
    for (let i = 0; i < MESSAGES; i++) {
      const r = await a.daemon.call('notify', { to: 'agent-b', text: `held ${i}` })
      sent.push(r.obligation)
      await waitFor(`b holding message ${i}`, async () => await heldAt(b, r.obligation), held => held, WAIT_MS)
    }
    for (const ob of sent) expect((await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED', timeoutMs: WAIT_MS })).state).toBe('DELIVERED')
    await waitFor('c holding every DELIVERED', () => deliveredAt(c, sent).size, k => k === MESSAGES, WAIT_MS)

    const syncs = fdatasyncs(readFileSync(trace, 'utf8').split('\n'))
    const signed = new Map(query<{ id: string, at: number }>(b.home, `SELECT hex(message_id) AS id, at_ms AS at FROM receipts WHERE state = 'DELIVERED'`).map(r => [r.id, r.at]))
    const early: string[] = []
    for (const x of [a, c]) {
      for (const [id, at] of deliveredAt(x, sent)) {
        // the DELIVERED is signed inside the transaction that stores the message; the first fdatasync entered after
        // that made it durable at the earliest
        const signedAt = signed.get(id) as number
        const durable = syncs.filter(s => s.enteredMs >= signedAt).map(s => s.returnedMs).sort((p, q) => p - q)[0]
        expect(durable, `no fdatasync at b after ${id} was signed`).toBeDefined()
        if (at < Math.floor(durable)) early.push(`${x.handle} held ${id} ${Math.round(durable - at)} ms before it was durable at b`)
      }
    }
    expect(early).toEqual([])
  }, 180_000)
})
