// Read-only views: one obligation's derived state with its verified receipt chain, the inbox and the outbox.
import { MeshError, bytesEqual, hex, keyText } from '../../cards/index.js'
import { envelopeFromWire, messageFromWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import type { MessageRow, OutboxRow, ReceiptRow } from '../store/index.js'
import { checkReceipt, deriveState, headerOf, heldLeases, liveTenure, openReceipt, parseSlot, rank, roleOfAddress, signerOf, type MessageRef } from '../receipts/index.js'
import { roleReceiptRefusal } from './roles.js'
import { recheckEvidence, type EvidenceCheck } from './evidence.js'
import { obligationId, parseObligation } from './ids.js'

export interface ReceiptView {
  state: string
  actor: string
  at: string
  verified: boolean
  reason?: string
  signer: string
  note?: string
  evidence?: { path: string, sha256: string, size: number, check: EvidenceCheck['status'] }
  /** On an audited obligation: the COMPLETE round (from 2 on), and an AUDITED receipt's verdict. */
  round?: number
  verdict?: 'PASS' | 'FAIL'
}

export interface ObligationView {
  obligation: string
  from: string
  to: string
  state: string
  sentAt?: string
  thread?: string
  /** The seat whose verdict the obligation waits for (require AUDITED). */
  auditor?: string
  delivery?: { status: string, attempts: number, lastError?: string, nextAttemptAt?: string, heldAt?: { mailbox: string, since: string } }
  receipts: ReceiptView[]
  /** Role work: every lease granted on it, oldest first, and how each ended. */
  leases?: LeaseHistoryItem[]
  /** Archived by the retention policy: only the final receipt is kept (the others, the body and evidence are gone). */
  archived?: { at: string, finalAt: string, evidenceSha256?: string }
}

export interface LeaseHistoryItem {
  holder: string
  fence: number
  grantedAt: string
  expiresAt: string
  /** live: held now; released: given back at releasedAt; expired: ran out at expiresAt. */
  end: 'live' | 'released' | 'expired'
  releasedAt?: string
}

/** The leases held here for a message, one per fence. */
export function leaseHistory (core: Core, id: Uint8Array, nowMs = Date.now()): LeaseHistoryItem[] {
  return heldLeases(core.store.leases.forMessage(id)).map(t => ({
    holder: t.holder,
    fence: t.fence,
    grantedAt: new Date(t.grantedAtMs).toISOString(),
    expiresAt: new Date(t.expiresAtMs).toISOString(),
    end: t.releasedAtMs !== undefined ? 'released' : t.expiresAtMs <= nowMs ? 'expired' : 'live',
    ...(t.releasedAtMs === undefined ? {} : { releasedAt: new Date(t.releasedAtMs).toISOString() })
  }))
}

/** The state shown for a message: derived from receipts, or EXPIRED/FAILED when delivery gave up. */
function shownState (derived: string, outbox: OutboxRow | undefined): string {
  if (derived !== 'DELIVERY_PENDING' || outbox === undefined) return derived
  if (outbox.status === 'expired') return 'EXPIRED'
  if (outbox.status === 'failed') return 'FAILED'
  return derived
}

// The journey's order: the lattice, with the terminal words REJECTED and CANCELED last.
const order = (slot: string): number => {
  const s = parseSlot(slot)
  return s.state === 'REJECTED' ? 99 : s.state === 'CANCELED' ? 100 : s.state === 'AUDITED' ? rank('COMPLETE') + 0.5 : rank(s.state)
}

/**
 * One obligation's derived state with its verified receipt chain. A node that holds only the receipts (learned
 * by gossip) shows the same chain once one of them carries the header the message's sender signed: the header
 * names the sender, the recipient and the content, and the receipts are checked against it.
 */
export async function status (core: Core, ob: string): Promise<ObligationView> {
  const id = parseObligation(ob)
  const m = core.store.messages.message(id)
  const rows = core.store.receipts.forMessage(id).sort((a, b) => a.atMs - b.atMs || order(a.state) - order(b.state))
  if (m === undefined && rows.length === 0) return await archivedStatus(core, id, ob)
  const ref: MessageRef = m ?? refFromReceipts(core, id, rows.map(r => r.envelope), ob)
  const onRecipientNode = m?.localTo === true
  const role = roleOfAddress(ref.to) !== undefined
  // role work: each step is checked against the key of the seat that signed it (and, after DELIVERED, its lease)
  const keyOf = (actor: string): Uint8Array | undefined => role ? core.directory.get(actor)?.actorKey : onRecipientNode ? core.seatKey(ref.to).publicKey : core.directory.get(ref.to)?.actorKey
  // an auditor's verdict is checked against the key of the seat that signed it (the header says it must be the auditor)
  const signerKey = (r: ReceiptRow): Uint8Array | undefined => signerOf(r.state) === 'auditor' ? core.directory.get(r.actor)?.actorKey : keyOf(r.actor)
  const receipts: ReceiptView[] = await Promise.all(rows.map(async r => await receiptView(core, r, ref, signerKey(r))))
  const verified = rows.filter((_, i) => receipts[i].verified)
  const outbox = m?.localFrom === true ? core.store.outbox.forRef('message', id) : undefined
  const view: ObligationView = {
    obligation: obligationId(id),
    from: ref.from,
    to: ref.to,
    state: shownState(deriveState(verified), outbox),
    receipts
  }
  if (m !== undefined) {
    view.sentAt = new Date(m.sentAtMs).toISOString()
    view.thread = messageFromWire(envelopeFromWire(m.envelope).payload).thread
  }
  // the message row says it; only a node holding receipts alone reads the header one carries
  const auditor = m !== undefined ? m.auditor : auditorOf(rows)
  if (auditor !== undefined) view.auditor = auditor
  if (role) view.leases = leaseHistory(core, id)
  if (outbox !== undefined) {
    view.delivery = { status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError, nextAttemptAt: outbox.status === 'pending' ? new Date(outbox.nextAttemptMs).toISOString() : undefined }
    if (outbox.heldAt !== undefined) view.delivery.heldAt = { mailbox: outbox.heldAt, since: new Date(outbox.heldSinceMs ?? 0).toISOString() }
  }
  return view
}

/** An obligation the retention policy archived: its compact row, with the final receipt verified again. */
async function archivedStatus (core: Core, id: Uint8Array, ob: string): Promise<ObligationView> {
  const a = core.store.retention.archived(id)
  if (a === undefined) {
    const purged = core.store.retention.purgedAt(id)
    if (purged !== undefined) throw new MeshError('OBLIGATION_PURGED', `${ob} was final and purged on this node at ${new Date(purged).toISOString()}: only its id is kept`)
    throw new MeshError('OBLIGATION_UNKNOWN', `no obligation ${ob} is held on this node`)
  }
  const ref: MessageRef = { id, hash: a.hash, to: a.to, from: a.from }
  const receipts: ReceiptView[] = []
  const o = a.finalReceipt === undefined ? undefined : openReceipt(a.finalReceipt)
  if (a.finalReceipt !== undefined && o?.ok === true) {
    const r = o.receipt
    const row: ReceiptRow = { hash: o.hash, messageId: id, state: r.state, actor: r.actor, envelope: a.finalReceipt, atMs: r.atMs, receivedAtMs: a.archivedAtMs }
    // checked against the key this node accepted it under when it archived it (a seat may have rotated its key since)
    receipts.push(await receiptView(core, row, ref, a.signerKey))
  }
  // EXPIRED and FAILED have no receipt to check; a final receipt that no longer opens or verifies proves nothing
  const verified = a.finalReceipt === undefined || (receipts.length === 1 && receipts[0].verified)
  return {
    obligation: obligationId(id),
    from: a.from,
    to: a.to,
    state: verified ? a.state : 'UNVERIFIED',
    ...(a.sentAtMs === undefined ? {} : { sentAt: new Date(a.sentAtMs).toISOString() }),
    receipts,
    archived: {
      at: new Date(a.archivedAtMs).toISOString(),
      finalAt: new Date(a.finalAtMs).toISOString(),
      ...(a.evidenceSha256 === undefined ? {} : { evidenceSha256: hex(a.evidenceSha256) })
    }
  }
}

/** The auditor the sender's header names, read from the first receipt that carries a header. */
function auditorOf (rows: ReceiptRow[]): string | undefined {
  for (const r of rows) {
    const o = openReceipt(r.envelope)
    if (!o.ok) continue
    const h = headerOf(o.receipt)
    if (h.ok) return h.header.auditor
  }
  return undefined
}

/** What a node that holds only receipts knows of the message: from the first receipt whose sender-signed header verifies. */
function refFromReceipts (core: Core, id: Uint8Array, envelopes: Uint8Array[], ob: string): MessageRef {
  for (const envelope of envelopes) {
    const o = openReceipt(envelope)
    if (!o.ok) continue
    const h = headerOf(o.receipt)
    if (!h.ok) continue
    const sender = core.directory.get(h.header.from)
    if (sender === undefined || !bytesEqual(sender.actorKey, h.header.fromKey)) continue
    return { id, hash: o.receipt.messageHash, to: h.header.to, from: h.header.from }
  }
  throw new MeshError('OBLIGATION_UNVERIFIED', `receipts for ${ob} are held here, but none carries a header its sender signed: nothing about it can be shown`)
}

async function receiptView (core: Core, row: ReceiptRow, ref: MessageRef, recipientKey: Uint8Array | undefined): Promise<ReceiptView> {
  const opened = openReceipt(row.envelope)
  const signer = opened.ok ? keyText(opened.signer) : 'unknown'
  // a CANCELED is checked against the key the message was sent with, which its header carries; no card is needed
  const c = recipientKey === undefined && signerOf(row.state) !== 'sender'
    ? { ok: false as const, code: 'RECEIPT_WRONG_SIGNER', reason: `no key for ${ref.to}` }
    : checkReceipt(row.envelope, ref, recipientKey ?? new Uint8Array(0))
  const roleBad = c.ok ? roleReceiptRefusal(core, c.receipt, ref.to) : undefined
  if (roleBad !== undefined) Object.assign(c, { ok: false, code: roleBad.code, reason: roleBad.reason })
  const slot = parseSlot(row.state)
  const view: ReceiptView = { state: slot.state, actor: row.actor, at: new Date(row.atMs).toISOString(), verified: c.ok, signer }
  if (slot.round > 1) view.round = slot.round
  if (c.ok && c.receipt.verdict !== undefined) view.verdict = c.receipt.verdict
  if (!c.ok) view.reason = `${c.code}: ${c.reason}`
  if (c.ok && c.receipt.note !== undefined) view.note = c.receipt.note
  if (c.ok && c.receipt.evidence !== undefined) {
    const e = c.receipt.evidence
    // Judged from what this node holds for the receipt (its own file, or the sender's copy), never from e.path.
    const check = await recheckEvidence(e, core.store.evidence.get(row.hash))
    view.evidence = { path: e.path, sha256: hex(e.sha256), size: e.size, check: check.status }
  }
  return view
}

export interface InboxItem {
  obligation: string
  from: string
  to: string
  state: string
  sentAt: string
  preview: string
  thread?: string
  /** Role work offered to these seats' roles (`to` is role:NAME): who holds it now, if anyone, and until when. */
  role?: { holder?: string, fence?: number, until?: string }
  /** A COMPLETE one of these seats audits, waiting for its verdict (aios-comm audit OB pass|fail REASON). */
  audit?: { auditor: string }
}

export function inbox (core: Core, handles: string[], all: boolean): InboxItem[] {
  const roles = [...new Set(handles.flatMap(h => core.directory.get(h)?.roles ?? []))].map(r => `role:${r}`)
  const now = Date.now()
  const item = (m: MessageRow): InboxItem => {
    const msg = messageFromWire(envelopeFromWire(m.envelope).payload)
    const text = Buffer.from(msg.body).toString('utf8').replace(/\s+/g, ' ')
    return { obligation: obligationId(m.id), from: m.from, to: m.to, state: m.state, sentAt: new Date(m.sentAtMs).toISOString(), preview: text.length > 60 ? `${text.slice(0, 57)}...` : text, ...(msg.thread === undefined ? {} : { thread: msg.thread }) }
  }
  const own = core.store.messages.inbox(handles, !all).map(item)
  const offered = core.store.messages.inbox(roles, !all).map(m => {
    const live = liveTenure(heldLeases(core.store.leases.forMessage(m.id)), now)
    return { ...item(m), role: live === undefined ? {} : { holder: live.holder, fence: live.fence, until: new Date(live.expiresAtMs).toISOString() } }
  })
  const audits = core.store.messages.toAudit(handles).map(m => ({ ...item(m), audit: { auditor: m.auditor as string } }))
  return [...own, ...offered, ...audits]
}

export interface OutboxItem {
  kind: string
  obligation: string
  dest: string
  status: string
  attempts: number
  nextAttemptAt: string
  lastError?: string
  createdAt: string
  /** The mailbox that holds a copy, and since when. */
  heldAt?: { mailbox: string, since: string }
}

export function outbox (core: Core, all: boolean): OutboxItem[] {
  return core.store.outbox.list(all).map(o => {
    let ob = hex(o.ref)
    if (o.kind === 'message') ob = obligationId(o.ref)
    else {
      const r = o.messageId === undefined ? undefined : core.store.receipts.byHash(o.messageId, o.ref)
      if (r !== undefined) ob = `${obligationId(r.messageId)} ${r.state}`
    }
    return { kind: o.kind, obligation: ob, dest: o.dest, status: o.status, attempts: o.attempts, nextAttemptAt: new Date(o.nextAttemptMs).toISOString(), lastError: o.lastError, createdAt: new Date(o.createdAtMs).toISOString(),
      ...(o.heldAt === undefined ? {} : { heldAt: { mailbox: o.heldAt, since: new Date(o.heldSinceMs ?? 0).toISOString() } }) }
  })
}
