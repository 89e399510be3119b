// The receipts checker: what recipients signed under faults (READ, CONSUMED, COMPLETE with evidence) and which keys
// the mesh owner revoked, against what an independent node, neither sender nor recipient, learned by gossip and
// sync. Pure: a history and three kinds of store contents in, the mismatches out.
import type { HistoryEvent } from './events.js'

/** One receipt as a store holds it: the state its actor signed for a message, and a COMPLETE's evidence hash. */
export interface HeldReceipt {
  obligation: string
  state: string
  actor: string
  evidence?: string // sha256 hex of the evidence file, COMPLETE only
}

/** The receipts and revocations one node's store holds. */
export interface ReceiptSnapshot {
  node: string
  receipts: HeldReceipt[]
  /** Revoked actor keys, as key text (ed25519:…). */
  revocations: string[]
}

export interface ReceiptMismatch {
  subject: string // an obligation or a revoked key
  reason: string
}

/** Later states outrank earlier ones; REJECTED ends a message as COMPLETE does. */
const RANK: Record<string, number> = { DELIVERED: 1, READ: 2, CONSUMED: 3, COMPLETE: 4, REJECTED: 4 }

type Act = Extract<HistoryEvent, { type: 'act' }>

/**
 * For every message a recipient acted on and every key revoked under faults: an answered act must be in its signer's
 * store (a COMPLETE with the evidence hashed by the test), and the observer must show the final state (and
 * evidence) the signer holds, and every revocation the revoker holds. Unanswered acts are judged by what the signer
 * holds: whatever it signed must reach the observer.
 */
export function checkReceipts (events: HistoryEvent[], signers: ReceiptSnapshot[], observer: ReceiptSnapshot): ReceiptMismatch[] {
  const acts = new Map<number, Act>()
  const answered = new Set<number>()
  for (const e of events) {
    if (e.type === 'act') acts.set(e.act, e)
    else if (e.type === 'acted' && e.outcome === 'ok') answered.add(e.act)
  }
  const byNode = new Map(signers.map(s => [s.node, s]))
  const out: ReceiptMismatch[] = []
  const judged = new Set<string>()
  for (const a of acts.values()) {
    const signer = byNode.get(a.node)
    if (signer === undefined) {
      out.push({ subject: a.subject, reason: `no snapshot of ${a.node}, which acted on it` })
      continue
    }
    if (a.kind === 'revoke') {
      const held = signer.revocations.includes(a.subject)
      if (answered.has(a.act) && !held) out.push({ subject: a.subject, reason: `the revocation was answered, yet ${a.node} does not hold it` })
      else if (held && !observer.revocations.includes(a.subject)) out.push({ subject: a.subject, reason: `revoked at ${a.node}, unknown to ${observer.node}` })
      continue
    }
    const mine = signer.receipts.filter(r => r.obligation === a.subject && r.actor === a.actor)
    if (answered.has(a.act)) {
      const r = mine.find(r => r.state === a.kind)
      if (r === undefined) out.push({ subject: a.subject, reason: `${a.kind} was answered, yet ${a.actor} at ${a.node} holds no such receipt` })
      else if (a.kind === 'COMPLETE' && r.evidence !== a.evidence) out.push({ subject: a.subject, reason: `COMPLETE names evidence ${String(r.evidence)}, the file hashes to ${String(a.evidence)}` })
    }
    const key = `${a.node}\n${a.actor}\n${a.subject}`
    if (judged.has(key)) continue
    judged.add(key)
    const theirs = observer.receipts.filter(r => r.obligation === a.subject && r.actor === a.actor)
    const signed = final(mine)
    const seen = final(theirs)
    if (signed?.state !== seen?.state || signed?.evidence !== seen?.evidence) {
      out.push({ subject: a.subject, reason: `${a.actor} signed ${show(signed)}; ${observer.node} shows ${show(seen)}` })
    }
  }
  return out
}

function final (receipts: HeldReceipt[]): HeldReceipt | undefined {
  let best: HeldReceipt | undefined
  for (const r of receipts) if (best === undefined || (RANK[r.state] ?? 0) > (RANK[best.state] ?? 0)) best = r
  return best
}

function show (r: HeldReceipt | undefined): string {
  if (r === undefined) return 'nothing'
  return r.evidence === undefined ? r.state : `${r.state} (evidence ${r.evidence.slice(0, 12)})`
}
