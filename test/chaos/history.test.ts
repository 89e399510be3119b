// The checker itself, on hand-made histories: each verdict is detected, and a clean history is all ok.
import { describe, expect, it } from 'vitest'
import { checkHistory, type HistoryEvent, type NodeSnapshot, type StoredMessage } from './history/index.js'

const OB = (n: number): string => `ob_${n.toString(16).padStart(32, '0')}`

function invoke (op: number, answer: 'ok' | 'fail' | 'info' | 'none', obligation = OB(op)): HistoryEvent[] {
  const e: HistoryEvent[] = [{ type: 'invoke', op, from: 'agent-a', to: 'agent-b', tag: `m${op}`, atMs: op }]
  if (answer === 'ok') e.push({ type: 'ok', op, obligation, atMs: op })
  if (answer === 'fail') e.push({ type: 'fail', op, code: 'DAEMON_NOT_RUNNING', atMs: op })
  if (answer === 'info') e.push({ type: 'info', op, code: 'DAEMON_PROTOCOL', atMs: op })
  return e
}

function row (op: number, side: 'sender' | 'recipient', state = 'DELIVERED', over: Partial<StoredMessage> = {}): StoredMessage {
  return { obligation: OB(op), hash: `h${op}`, tag: `m${op}`, from: 'agent-a', to: 'agent-b', localFrom: side === 'sender', localTo: side === 'recipient', state, ...over }
}

function node (name: string, messages: StoredMessage[], extra: Partial<NodeSnapshot> = {}): NodeSnapshot {
  const delivered = Object.fromEntries(messages.filter(m => m.state === 'DELIVERED').map(m => [m.obligation, 1]))
  return { node: name, messages, delivered, wakes: {}, ...extra }
}

/** One op (number 1) against a sender and a recipient store; returns its verdict and reason. */
function verdictOf (events: HistoryEvent[], sender: StoredMessage[], recipient: StoredMessage[], extra: Partial<NodeSnapshot> = {}): { verdict: string, reason: string } {
  const r = checkHistory(events, [node('a', sender), node('b', recipient, extra)])
  expect(r.ops).toHaveLength(1)
  return r.ops[0]
}

describe('history checker', () => {
  it('ok: acknowledged, DELIVERED at the sender, held once by the recipient', () => {
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender')], [row(1, 'recipient')]).verdict).toBe('ok')
  })

  it('lost: DELIVERED at the sender but absent from the recipient', () => {
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender')], [])).toMatchObject({ verdict: 'lost', reason: expect.stringContaining('absent from the recipient') })
  })

  it('lost: a DELIVERED receipt was seen during the run, the recipient does not hold the message', () => {
    const events = [...invoke(1, 'ok'), { type: 'receipt', obligation: OB(1), state: 'DELIVERED', node: 'a', atMs: 2 } as HistoryEvent]
    expect(verdictOf(events, [row(1, 'sender', 'DELIVERY_PENDING')], []).verdict).toBe('lost')
  })

  it('lost: an acknowledged notify that no store holds', () => {
    expect(verdictOf(invoke(1, 'ok'), [], []).verdict).toBe('lost')
  })

  it('duplicated: stored twice at the recipient under two ids', () => {
    const twin = row(1, 'recipient', 'DELIVERED', { obligation: OB(99), hash: 'h99' })
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender')], [row(1, 'recipient'), twin]).verdict).toBe('duplicated')
  })

  it('duplicated: two different messages with one id', () => {
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender')], [row(1, 'recipient', 'DELIVERED', { hash: 'other' })])).toMatchObject({ verdict: 'duplicated', reason: 'two different messages with one id' })
  })

  it('duplicated: delivered twice (two DELIVERED receipts) or woken twice', () => {
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender')], [row(1, 'recipient')], { delivered: { [OB(1)]: 2 } }).verdict).toBe('duplicated')
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender')], [row(1, 'recipient')], { wakes: { [OB(1)]: 2 } }).verdict).toBe('duplicated')
  })

  it('duplicated: a notify refused with a definite error was stored anyway', () => {
    expect(verdictOf(invoke(1, 'fail'), [row(1, 'sender')], []).verdict).toBe('duplicated')
  })

  it('duplicated: the answer names another obligation than the one stored', () => {
    expect(verdictOf(invoke(1, 'ok', OB(7)), [row(1, 'sender')], [row(1, 'recipient')]).verdict).toBe('duplicated')
  })

  it('unknown: no answer, and nothing stored, or stored and delivered once — never ok', () => {
    expect(verdictOf(invoke(1, 'info'), [], []).verdict).toBe('unknown')
    expect(verdictOf(invoke(1, 'none'), [row(1, 'sender')], [row(1, 'recipient')]).verdict).toBe('unknown')
  })

  it('stuck: acknowledged but never DELIVERED, whether or not the recipient holds it', () => {
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender', 'DELIVERY_PENDING')], []).verdict).toBe('stuck')
    expect(verdictOf(invoke(1, 'ok'), [row(1, 'sender', 'DELIVERY_PENDING')], [row(1, 'recipient')]).verdict).toBe('stuck')
    expect(verdictOf(invoke(1, 'info'), [row(1, 'sender', 'DELIVERY_PENDING')], []).verdict).toBe('stuck')
  })

  it('refused and nothing stored is ok; counts add up over a mixed history', () => {
    const events = [...invoke(1, 'ok'), ...invoke(2, 'ok'), ...invoke(3, 'fail'), ...invoke(4, 'info'), ...invoke(5, 'ok')]
    const r = checkHistory(events, [
      node('a', [row(1, 'sender'), row(2, 'sender'), row(5, 'sender', 'DELIVERY_PENDING')]),
      node('b', [row(1, 'recipient')])
    ])
    expect(r.counts).toEqual({ ok: 2, lost: 1, duplicated: 0, unknown: 1, stuck: 1 })
    expect(r.refused).toBe(1)
    expect(r.ops.map(o => o.verdict)).toEqual(['ok', 'lost', 'ok', 'unknown', 'stuck'])
  })

  it('unmatched: a stored message that no op of the history sent is flagged, wherever it is stored', () => {
    const stray = row(7, 'recipient', 'DELIVERED', { tag: 'sent by nobody' })
    const r = checkHistory(invoke(1, 'ok'), [node('a', [row(1, 'sender')]), node('b', [row(1, 'recipient'), stray])])
    expect(r.ops.map(o => o.verdict)).toEqual(['ok'])
    expect(r.unmatched).toEqual([{ node: 'b', obligation: OB(7), tag: 'sent by nobody' }])
    expect(checkHistory(invoke(1, 'ok'), [node('a', [row(1, 'sender')]), node('b', [row(1, 'recipient')])]).unmatched).toEqual([])
  })

  it('retry: a lost answer, then the retry with the same key answers the obligation stored once: ok', () => {
    const events = [...invoke(1, 'info'), { type: 'retry', op: 1, attempt: 2, atMs: 3 } as HistoryEvent, { type: 'ok', op: 1, obligation: OB(1), atMs: 4 } as HistoryEvent]
    expect(verdictOf(events, [row(1, 'sender')], [row(1, 'recipient')]).verdict).toBe('ok')
  })

  it('duplicated: a retry after a lost answer stored the message a second time in the recipient\'s inbox', () => {
    const events = [...invoke(1, 'info'), { type: 'retry', op: 1, attempt: 2, atMs: 3 } as HistoryEvent, { type: 'ok', op: 1, obligation: OB(2), atMs: 4 } as HistoryEvent]
    const second = (side: 'sender' | 'recipient'): StoredMessage => row(1, side, 'DELIVERED', { obligation: OB(2), hash: 'h2' })
    expect(verdictOf(events, [row(1, 'sender'), second('sender')], [row(1, 'recipient'), second('recipient')]))
      .toMatchObject({ verdict: 'duplicated', reason: 'held 2 times in the recipient\'s inbox' })
  })

  it('duplicated: two attempts of one op answered with two different obligations', () => {
    const events = [...invoke(1, 'ok'), { type: 'retry', op: 1, attempt: 2, atMs: 3 } as HistoryEvent, { type: 'ok', op: 1, obligation: OB(2), atMs: 4 } as HistoryEvent]
    expect(verdictOf(events, [row(1, 'sender', 'DELIVERED', { obligation: OB(2) })], [row(1, 'recipient', 'DELIVERED', { obligation: OB(2) })], { delivered: { [OB(2)]: 1 } }))
      .toMatchObject({ verdict: 'duplicated', reason: 'its attempts were answered with 2 different obligations' })
  })

  it('a refusal that answers a retry says nothing of the lost first attempt: committed and delivered once is unknown, not refused', () => {
    const events = [...invoke(1, 'info'), { type: 'retry', op: 1, attempt: 2, atMs: 3 } as HistoryEvent, { type: 'fail', op: 1, code: 'OUTBOX_FULL', atMs: 4 } as HistoryEvent]
    const r = checkHistory(events, [node('a', [row(1, 'sender')]), node('b', [row(1, 'recipient')])])
    expect(r.ops[0].verdict).toBe('unknown')
    expect(r.refused).toBe(0)
  })
})
