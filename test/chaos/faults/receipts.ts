// Receipts under faults: while a run's faults go on, recipients read, consume and complete (with an evidence file)
// some of the messages they hold, and the mesh owner revokes keys; afterwards a node that is neither sender nor
// recipient must show each final state the recipient signed, and each revocation (history/receipts.ts).
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'
import { generateKeyPair, keyText } from '../../../cards/index.js'
import { call } from '../../../cli/control-client.js'
import { checkReceipts, snapshotReceipts, type History, type ReceiptMismatch } from '../history/index.js'
import { query, waitFor, type MeshNodeHandle } from '../../helpers/mesh.js'
import type { Rng } from './seed.js'

const SETTLE_MS = 30_000 // after the faults, for the first answered act at most
const EVERY_MS = 250 // one message acted on per round: a steady trickle that overlaps every fault of a cycle
const TARGETS = ['READ', 'CONSUMED', 'COMPLETE'] as const
/** How long the observer may take to learn every receipt after the faults end: sync rounds plus gossip. */
const CONVERGE_MS = 60_000

/** Starts acting on messages the recipients hold, at most `limit` of them; returns the function that stops it. */
export function actOnReceipts (history: History, recipients: MeshNodeHandle[], rng: Rng, limit: number): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'aios-chaos-evidence-'))
  onTestFinished(() => { rmSync(dir, { recursive: true, force: true }) })
  const done = new Set<string>()
  let running = true
  const loop = (async () => {
    while (running && done.size < limit) {
      await new Promise(resolve => setTimeout(resolve, EVERY_MS))
      const n = rng.pick(recipients)
      if (!n.daemon.running) continue
      let held: string[]
      try {
        held = query<{ id: Buffer }>(n.home, "SELECT id FROM messages WHERE local_to = 1 AND to_handle = ? AND state = 'DELIVERED'", n.handle)
          .map(r => `ob_${r.id.toString('hex')}`).filter(ob => !done.has(ob))
      } catch {
        continue // the file is being created or is briefly locked
      }
      if (held.length === 0) continue
      const ob = rng.pick(held)
      done.add(ob)
      await steps(history, n, ob, rng.pick(TARGETS), dir)
    }
  })()
  // The faults may have left nothing acted on (every pick found its node down, or nothing delivered yet): the loop
  // then goes on after them until one act is answered, so the check after it always has something to measure.
  return async () => {
    const until = Date.now() + SETTLE_MS
    while (actsTally(history).receiptsAnswered === 0 && Date.now() < until && done.size < limit) {
      await new Promise(resolve => setTimeout(resolve, EVERY_MS))
    }
    running = false
    await loop
  }
}

/** READ, then CONSUMED, then COMPLETE (ack with a file) up to the target; stops at the first act not answered ok. */
async function steps (history: History, n: MeshNodeHandle, ob: string, target: typeof TARGETS[number], dir: string): Promise<void> {
  const base = { node: n.handle, actor: n.handle, subject: ob }
  if (!await history.act({ ...base, type: 'act', kind: 'READ' }, async () => await call(n.home, 'read', { obligation: ob, as: n.handle }))) return
  if (target === 'READ') return
  if (!await history.act({ ...base, type: 'act', kind: 'CONSUMED' }, async () => await call(n.home, 'consume', { obligation: ob, as: n.handle }))) return
  if (target === 'CONSUMED') return
  const content = randomBytes(64)
  const file = join(dir, `${ob}.txt`)
  writeFileSync(file, content)
  const evidence = createHash('sha256').update(content).digest('hex')
  await history.act({ ...base, type: 'act', kind: 'COMPLETE', evidence }, async () => await call(n.home, 'ack', { obligation: ob, as: n.handle, sentence: `done: ${ob}`, file }))
}

/** The mesh owner revokes a fresh key (a seat that never joined: the revocation changes nothing else in the run). */
export async function revokeOne (history: History, owner: MeshNodeHandle): Promise<void> {
  const key = keyText(generateKeyPair().publicKey)
  await history.act({ type: 'act', kind: 'revoke', node: owner.handle, actor: owner.handle, subject: key }, async () => await call(owner.home, 'mesh.revoke', { target: key, reason: 'revoked under faults' }))
}

/** Waits (bounded) for the observer to show what the signers hold; returns what still differs then. */
export async function receiptsWrong (history: History, signers: MeshNodeHandle[], observer: MeshNodeHandle, convergeMs = CONVERGE_MS): Promise<ReceiptMismatch[]> {
  const wrong = (): ReceiptMismatch[] => checkReceipts(history.events, signers.map(n => snapshotReceipts(n.handle, n.home)), snapshotReceipts(observer.handle, observer.home))
  try {
    return await waitFor(`${observer.handle} shows every receipt and revocation signed under faults`, wrong, w => w.length === 0, convergeMs)
  } catch {
    return wrong()
  }
}

/** How many receipts (READ, CONSUMED, COMPLETE) and revocations were asked and answered ok, for the run's log. */
export function actsTally (history: History): { receipts: number, receiptsAnswered: number, revocations: number, revocationsAnswered: number } {
  const ok = new Set(history.events.flatMap(e => e.type === 'acted' && e.outcome === 'ok' ? [e.act] : []))
  const acts = history.events.flatMap(e => e.type === 'act' ? [e] : [])
  const receipts = acts.filter(e => e.kind !== 'revoke')
  const revocations = acts.filter(e => e.kind === 'revoke')
  return { receipts: receipts.length, receiptsAnswered: receipts.filter(e => ok.has(e.act)).length, revocations: revocations.length, revocationsAnswered: revocations.filter(e => ok.has(e.act)).length }
}
