// The receipts checker on hand-made histories: each rule catches its mismatch, and a consistent run has none.
import { describe, expect, it } from 'vitest'
import { checkReceipts, type HeldReceipt, type HistoryEvent, type ReceiptSnapshot } from './history/index.js'

const OB = 'ob_01'
const KEY = 'ed25519:revoked'

function act (n: number, kind: 'READ' | 'CONSUMED' | 'COMPLETE' | 'revoke', outcome: 'ok' | 'fail' | 'info', subject = kind === 'revoke' ? KEY : OB): HistoryEvent[] {
  const e: HistoryEvent[] = [{ type: 'act', act: n, kind, node: 'agent-b', actor: 'agent-b', subject, ...(kind === 'COMPLETE' ? { evidence: 'e1' } : {}), atMs: n }]
  e.push({ type: 'acted', act: n, outcome, atMs: n })
  return e
}

const r = (state: string, evidence?: string): HeldReceipt => ({ obligation: OB, state, actor: 'agent-b', ...(evidence === undefined ? {} : { evidence }) })
const snap = (node: string, receipts: HeldReceipt[], revocations: string[] = []): ReceiptSnapshot => ({ node, receipts, revocations })
const ACKED = [r('DELIVERED'), r('READ'), r('CONSUMED'), r('COMPLETE', 'e1')]
const acked = [...act(1, 'READ', 'ok'), ...act(2, 'CONSUMED', 'ok'), ...act(3, 'COMPLETE', 'ok')]

describe('receipts checker', () => {
  it('a run where the observer shows what the recipient signed has no mismatch', () => {
    expect(checkReceipts([...acked, ...act(4, 'revoke', 'ok')], [snap('agent-b', ACKED, [KEY])], snap('agent-c', ACKED, [KEY]))).toEqual([])
  })

  it('the observer shows an earlier state than the recipient signed', () => {
    const w = checkReceipts(acked, [snap('agent-b', ACKED)], snap('agent-c', ACKED.slice(0, 3)))
    expect(w).toEqual([{ subject: OB, reason: 'agent-b signed COMPLETE (evidence e1); agent-c shows CONSUMED' }])
  })

  it('the observer shows a COMPLETE with other evidence than the recipient signed', () => {
    expect(checkReceipts(acked, [snap('agent-b', ACKED)], snap('agent-c', [...ACKED.slice(0, 3), r('COMPLETE', 'e2')]))).toHaveLength(1)
  })

  it('an answered act the signer does not hold, or holds with other evidence than the file', () => {
    expect(checkReceipts(acked, [snap('agent-b', ACKED.slice(0, 3))], snap('agent-c', ACKED.slice(0, 3)))[0].reason).toBe('COMPLETE was answered, yet agent-b at agent-b holds no such receipt')
    const other = [...ACKED.slice(0, 3), r('COMPLETE', 'e9')]
    expect(checkReceipts(acked, [snap('agent-b', other)], snap('agent-c', other))[0].reason).toBe('COMPLETE names evidence e9, the file hashes to e1')
  })

  it('an act whose answer was lost is judged by what the signer holds: signed, it must reach the observer', () => {
    const lost = [...act(1, 'READ', 'ok'), ...act(2, 'CONSUMED', 'info')]
    expect(checkReceipts(lost, [snap('agent-b', ACKED.slice(0, 2))], snap('agent-c', ACKED.slice(0, 2)))).toEqual([])
    expect(checkReceipts(lost, [snap('agent-b', ACKED.slice(0, 3))], snap('agent-c', ACKED.slice(0, 2)))).toHaveLength(1)
  })

  it('a revocation answered but not held by the revoker, or held by it and unknown to the observer', () => {
    expect(checkReceipts(act(1, 'revoke', 'ok'), [snap('agent-b', [])], snap('agent-c', [], [KEY]))[0].reason).toBe('the revocation was answered, yet agent-b does not hold it')
    expect(checkReceipts(act(1, 'revoke', 'info'), [snap('agent-b', [], [KEY])], snap('agent-c', []))[0].reason).toBe('revoked at agent-b, unknown to agent-c')
    expect(checkReceipts(act(1, 'revoke', 'fail'), [snap('agent-b', [])], snap('agent-c', []))).toEqual([])
  })
})
