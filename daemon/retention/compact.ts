// One compaction: final obligations past the archive horizon keep a compact row and lose the rest, archived ones
// past the purge horizon leave only their id, and the fact log sheds what no longer says anything (receipts and
// leases of archived obligations, superseded cards and endorsements). Work goes in small transactions with the
// event loop free between them, so a daemon that compacts a year of history keeps serving meanwhile.
import { MESH_EXTENSION_URI, bytesEqual, hex, sha256, utf8 } from '../../cards/index.js'
import type { Logger } from '../runtime/log.js'
import type { ArchivedRow, FinalState, Store } from '../store/index.js'
import { deriveState, headerOf, isFinal, openReceipt } from '../receipts/index.js'
import { envelopeFromWire, headerFromWire, receiptFromWire } from '../../proto/index.js'
import type { CompactionReport, RetentionPolicy } from './types.js'

/** Obligations per transaction: each turn of work stays in the low milliseconds. */
export const COMPACT_BATCH = 500
/** Expired and failed messages archived by one run at most (the next run takes the rest). */
const MAX_GIVEN_UP_PER_RUN = 50_000
/** Free pages handed back to the file system per turn (4 KiB each). */
const VACUUM_PAGES_PER_TURN = 2048
/** The log a compaction lets grow before it is copied back into the file (64 MiB of 4 KiB pages). */
const COMPACTION_LOG_PAGES = 16_384
/** Receipts rows read per turn in the scan for final obligations. */
const SCAN_WINDOW = 4096

const yieldTurn = async (): Promise<void> => await new Promise(resolve => setImmediate(resolve))

/** What a compaction needs: the store, and a log for its report (the daemon's core, or a home opened by the CLI). */
export interface CompactHost { store: Store, log: Logger }

export async function compact (core: CompactHost, policy: RetentionPolicy, nowMs = Date.now()): Promise<CompactionReport> {
  const t0 = performance.now()
  const store = core.store
  const report: CompactionReport = {
    archived: 0, purged: 0, factsDropped: 0, historyDropped: 0, heldInFlight: 0,
    bytesBefore: store.retention.size().bytes, bytesAfter: 0, startedAt: new Date(nowMs).toISOString(), durationMs: 0
  }
  const archiveBefore = nowMs - policy.archiveAfterMs
  const logPages = store.retention.logCheckpointPages(COMPACTION_LOG_PAGES) // the store's own, put back after
  try {
    await archiveFinal(core, archiveBefore, nowMs, report)
    await archiveGivenUp(core, archiveBefore, nowMs, report)
    if (policy.purgeAfterMs !== undefined) await purge(store, nowMs - policy.purgeAfterMs, nowMs, report)
    report.factsDropped += await dropSupersededCards(store)
    report.factsDropped += await store.commit.run(() => dropSpentEndorsements(store, nowMs))
    report.historyDropped = await store.commit.run(() => store.retention.pruneHistory(archiveBefore))
    await giveBackPages(store)
  } finally {
    store.retention.logCheckpointPages(logPages)
  }
  store.retention.truncateLog() // the file on disk shrinks only once its log is written back into it
  report.bytesAfter = store.retention.size().bytes
  report.durationMs = Math.round(performance.now() - t0)
  core.log.info('compaction done', { ...report })
  return report
}

/**
 * Obligations with a terminal receipt, final for longer than the horizon: found by reading the receipts in the order
 * they were written, so a year of history is read once, page after page, and what one batch archives lies together.
 */
async function archiveFinal (core: CompactHost, beforeMs: number, nowMs: number, report: CompactionReport): Promise<void> {
  const r = core.store.retention
  let cursor = 0
  let rows: ArchivedRow[] = []
  const flush = async (): Promise<void> => {
    if (rows.length === 0) return
    const batch = rows
    rows = []
    report.factsDropped += await core.store.commit.run(() => r.archive(batch))
    report.archived += batch.length
  }
  for (;;) {
    const window = r.terminalReceipts(cursor, SCAN_WINDOW)
    cursor = window.next
    for (const t of window.rows) {
      if (t.atMs >= beforeMs) continue
      const { states, lastAtMs } = r.receiptSummary(t.messageId)
      const state = deriveState(states)
      // a COMPLETE that waits for its auditor's verdict is not final, however old
      if (!isFinal(state, state === 'COMPLETE' && audited(core, t.messageId)) || lastAtMs >= beforeMs) continue // already archived (no receipts left), or touched since
      if (r.inFlight(t.messageId)) {
        report.heldInFlight++
        continue
      }
      const row = finalRow(core, t.messageId, state as FinalState, lastAtMs, nowMs)
      if (row !== undefined) rows.push(row)
      if (rows.length >= COMPACT_BATCH) await flush()
    }
    await flush() // a batch never spans windows: the next window reads rows this one may delete
    if (window.end) return
    await yieldTurn()
  }
}

/** The obligation names an auditor: its message says so, else the header its COMPLETE carries (decoded, not verified:
 * keeping an obligation whole is never unsafe). */
function audited (core: CompactHost, id: Uint8Array): boolean {
  const m = core.store.retention.messageOf(id)
  if (m !== undefined) return m.auditor !== undefined
  const envelope = core.store.retention.receiptsIn(id, 'COMPLETE')[0]
  if (envelope === undefined) return false
  try {
    const header = receiptFromWire(envelopeFromWire(envelope).payload).header
    return header !== undefined && (headerFromWire(envelopeFromWire(header).payload).auditor ?? '') !== ''
  } catch {
    return true
  }
}

/** The compact row of an obligation whose final receipt is held: from the message, else from that receipt's header. */
function finalRow (core: CompactHost, id: Uint8Array, state: FinalState, finalAtMs: number, nowMs: number): ArchivedRow | undefined {
  const r = core.store.retention
  const envelope = r.receiptsIn(id, state)[0]
  const o = envelope === undefined ? undefined : openReceipt(envelope)
  if (o === undefined || !o.ok) return undefined // a receipt that does not open is no proof to keep; the obligation stays as it is
  const m = r.messageOf(id)
  let ref: { hash: Uint8Array, from: string, to: string, sentAtMs?: number, local: boolean }
  if (m !== undefined) ref = m
  else {
    const h = headerOf(o.receipt)
    if (!h.ok) return undefined
    ref = { hash: o.receipt.messageHash, from: h.header.from, to: h.header.to, sentAtMs: h.header.sentAtMs, local: false }
  }
  if (!bytesEqual(ref.hash, o.receipt.messageHash)) return undefined
  return {
    messageId: id, hash: ref.hash, from: ref.from, to: ref.to, state, finalReceipt: envelope, signerKey: o.signer,
    ...(o.receipt.evidence === undefined ? {} : { evidenceSha256: o.receipt.evidence.sha256 }),
    ...(ref.sentAtMs === undefined ? {} : { sentAtMs: ref.sentAtMs }),
    finalAtMs, archivedAtMs: nowMs, local: ref.local
  }
}

/** Messages that expired or failed before the horizon without a terminal receipt: nobody will ever answer them. */
async function archiveGivenUp (core: CompactHost, beforeMs: number, nowMs: number, report: CompactionReport): Promise<void> {
  const r = core.store.retention
  // read once (they are few): one skipped because something still waits to leave is not read again and again
  const all = r.givenUp(beforeMs, MAX_GIVEN_UP_PER_RUN)
  for (let i = 0; i < all.length; i += COMPACT_BATCH) {
    const rows: ArchivedRow[] = []
    for (const g of all.slice(i, i + COMPACT_BATCH)) {
      const m = r.messageOf(g.messageId)
      if (m === undefined) continue
      if (r.inFlight(g.messageId)) {
        report.heldInFlight++
        continue
      }
      rows.push({ messageId: g.messageId, hash: m.hash, from: m.from, to: m.to, state: g.state, sentAtMs: m.sentAtMs, finalAtMs: g.atMs, archivedAtMs: nowMs, local: m.local })
    }
    if (rows.length > 0) {
      report.factsDropped += await core.store.commit.run(() => r.archive(rows))
      report.archived += rows.length
    }
    await yieldTurn()
  }
}

async function purge (store: Store, beforeMs: number, nowMs: number, report: CompactionReport): Promise<void> {
  for (;;) {
    const ids = store.retention.purgeable(beforeMs, COMPACT_BATCH)
    if (ids.length === 0) return
    report.purged += await store.commit.run(() => store.retention.purge(ids, nowMs))
    await yieldTurn()
  }
}

/** The handle and seq a card fact states, read without verifying (it was verified when it was stored). */
export function cardIdentity (bytes: Uint8Array): { handle: string, seq: number } | undefined {
  try {
    const card = JSON.parse(Buffer.from(bytes).toString('utf8')) as { name?: unknown, capabilities?: { extensions?: Array<{ uri?: unknown, params?: { seq?: unknown } }> } }
    const seq = card.capabilities?.extensions?.find(e => e.uri === MESH_EXTENSION_URI)?.params?.seq
    return typeof card.name === 'string' && typeof seq === 'number' ? { handle: card.name, seq } : undefined
  } catch {
    return undefined
  }
}

/** Card facts for which a newer card of the same handle is held: only the newest says where a seat is. */
async function dropSupersededCards (store: Store): Promise<number> {
  const current = new Map(store.identity.cards().map(c => [c.handle, { seq: c.seq, hash: hex(sha256(utf8(c.json))) }]))
  let dropped = 0
  let after = 0
  for (;;) {
    const page = store.retention.cardFacts(after, COMPACT_BATCH)
    if (page.length === 0) return dropped
    after = page[page.length - 1].seq
    const stale = page.filter(f => {
      const id = cardIdentity(f.bytes)
      const held = id === undefined ? undefined : current.get(id.handle)
      return id !== undefined && held !== undefined && held.seq > id.seq && held.hash !== hex(sha256(f.bytes))
    }).map(f => f.seq)
    if (stale.length > 0) dropped += await store.commit.run(() => store.retention.dropFacts(stale))
    await yieldTurn()
  }
}

/** Endorsement facts that are neither the renewal held for their key nor still valid. */
function dropSpentEndorsements (store: Store, nowMs: number): number {
  const live = new Set(store.identity.renewals().filter(r => r.expiresAtMs > nowMs).map(r => hex(sha256(r.envelope))))
  const spent = store.retention.endorsementFacts().filter(f => !live.has(hex(f.hash))).map(f => f.seq)
  return store.retention.dropFacts(spent)
}

/** Hands the pages the work freed back to the file system, a bounded number per turn. */
async function giveBackPages (store: Store): Promise<void> {
  if (store.retention.size().autoVacuum !== 2) return
  let free = store.retention.size().freePages
  while (free > 0) {
    await store.commit.run(() => undefined) // let this turn's group commit first: the vacuum is a write of its own
    store.retention.vacuumSome(VACUUM_PAGES_PER_TURN)
    const left = store.retention.size().freePages
    if (left >= free) return // nothing more could be given back
    free = left
    await yieldTurn()
  }
}
