// The checker: classifies every notify of a history against the stores' final contents as
// ok / lost / duplicated / unknown / stuck, and flags stored messages that no op sent. Pure: the same history and
// snapshots give the same verdicts.
import { DELIVERED_OR_LATER, type CheckResult, type Classified, type HistoryEvent, type NodeSnapshot, type StoredMessage, type Unmatched, type Verdict } from './events.js'

type Answer = Extract<HistoryEvent, { type: 'ok' | 'fail' | 'info' }>

interface Op {
  op: number
  from: string
  to: string
  tag: string
  /** Every attempt's answer, in order (a retry follows a lost answer). */
  answers: Answer[]
  /** The answer the op is judged by: an ok if any attempt got one, else the first attempt's refusal, else none. */
  answer?: Answer
}

interface Placed extends StoredMessage {
  node: string
  delivered: number
  wakes: number
}

export function checkHistory (events: HistoryEvent[], snapshots: NodeSnapshot[]): CheckResult {
  const ops = new Map<number, Op>()
  const seenDelivered = new Set<string>()
  for (const e of events) {
    if (e.type === 'invoke') ops.set(e.op, { op: e.op, from: e.from, to: e.to, tag: e.tag, answers: [] })
    else if (e.type === 'ok' || e.type === 'fail' || e.type === 'info') ops.get(e.op)?.answers.push(e)
    else if (e.type === 'receipt' && DELIVERED_OR_LATER.has(e.state)) seenDelivered.add(e.obligation)
  }
  for (const op of ops.values()) op.answer = judged(op.answers)
  const tags = new Set([...ops.values()].map(o => o.tag))
  const unmatched: Unmatched[] = []
  const byTag = new Map<string, Placed[]>()
  for (const s of snapshots) {
    for (const m of s.messages) {
      if (!tags.has(m.tag)) unmatched.push({ node: s.node, obligation: m.obligation, tag: m.tag })
      const list = byTag.get(m.tag) ?? []
      list.push({ ...m, node: s.node, delivered: s.delivered[m.obligation] ?? 0, wakes: s.wakes[m.obligation] ?? 0 })
      byTag.set(m.tag, list)
    }
  }
  const classified = [...ops.values()].sort((a, b) => a.op - b.op).map(op => classify(op, byTag.get(op.tag) ?? [], seenDelivered))
  const counts: Record<Verdict, number> = { ok: 0, lost: 0, duplicated: 0, unknown: 0, stuck: 0 }
  for (const c of classified) counts[c.verdict]++
  const refused = [...ops.values()].filter(o => o.answer?.type === 'fail').length
  return { ops: classified, counts, refused, unmatched }
}

/**
 * An op's answers reduced to one: the last ok (a retry with the same key answers the first attempt's obligation);
 * a refusal only when it answered the first attempt (a refusal after a lost answer says nothing of that attempt).
 */
function judged (answers: Answer[]): Answer | undefined {
  const oks = answers.filter(a => a.type === 'ok')
  if (oks.length > 0) return oks[oks.length - 1]
  return answers[0]?.type === 'fail' ? answers[0] : undefined
}

function classify (op: Op, rows: Placed[], seenDelivered: Set<string>): Classified {
  const verdict = (v: Verdict, reason: string): Classified => ({ op: op.op, tag: op.tag, verdict: v, reason })
  const sent = rows.filter(r => r.localFrom && r.from === op.from)
  const held = rows.filter(r => r.localTo && r.to === op.to)
  const dup = duplication(rows, sent, held)
  if (dup !== undefined) return verdict('duplicated', dup)
  const named = new Set(op.answers.flatMap(a => a.type === 'ok' ? [a.obligation] : []))
  if (named.size > 1) return verdict('duplicated', `its attempts were answered with ${named.size} different obligations`)
  const answer = op.answer
  if (answer?.type === 'fail') {
    return rows.length === 0 ? verdict('ok', `refused (${answer.code}) and nothing stored`) : verdict('duplicated', `refused (${answer.code}) yet stored: a retry would send it twice`)
  }
  const s = sent[0]
  const h = held[0]
  if (answer?.type === 'ok') {
    if (s !== undefined && s.obligation !== answer.obligation) return verdict('duplicated', `answered ${answer.obligation} but stored as ${s.obligation}`)
    const acked = seenDelivered.has(answer.obligation) || (s !== undefined && DELIVERED_OR_LATER.has(s.state))
    if (acked && h === undefined) return verdict('lost', 'DELIVERED at the sender, absent from the recipient\'s store')
    if (s === undefined && h === undefined) return verdict('lost', 'acknowledged by notify, held by no store')
    if (s === undefined) return verdict('lost', 'the sender lost its own record of an acknowledged notify')
    if (!DELIVERED_OR_LATER.has(s.state) || h === undefined) return verdict('stuck', `still ${s.state} at the sender${h === undefined ? ', not at the recipient' : ', though the recipient holds it'}`)
    if (h.delivered !== 1) return verdict('stuck', 'the recipient holds no DELIVERED receipt for it')
    return verdict('ok', 'delivered once')
  }
  // No answer: whatever happened must be consistent, but it is never counted ok.
  if (s === undefined && h !== undefined) return verdict('lost', 'held by the recipient but the sender lost its record')
  if (s !== undefined && (!DELIVERED_OR_LATER.has(s.state) || h === undefined)) return verdict('stuck', `committed without an answer, still ${s.state}`)
  return verdict('unknown', s === undefined ? 'no answer; never committed' : 'no answer; committed and delivered once')
}

/** Any sign that one notify became two messages, or one message was stored, acknowledged or woken twice. */
function duplication (rows: Placed[], sent: Placed[], held: Placed[]): string | undefined {
  if (held.length > 1) return `held ${held.length} times in the recipient's inbox`
  const ids = new Set(rows.map(r => r.obligation))
  if (ids.size > 1) return `one notify stored under ${ids.size} obligation ids`
  if (sent.length > 1) return 'stored twice at the sender'
  if (new Set(rows.map(r => r.hash)).size > 1) return 'two different messages with one id'
  const many = rows.find(r => r.delivered > 1)
  if (many !== undefined) return `${many.delivered} DELIVERED receipts at ${many.node}`
  const woken = rows.find(r => r.wakes > 1)
  if (woken !== undefined) return `${woken.wakes} wake entries at ${woken.node}`
  return undefined
}
