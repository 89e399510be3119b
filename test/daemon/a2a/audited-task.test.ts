// An audited obligation as an A2A task: a COMPLETE that waits for its auditor is still working (the task's client is
// told whose verdict it waits for); AUDITED is completed, with the ack's artifact and the auditor's; a FAIL verdict
// leaves it working. The mapping is pure; the views are what status returns.
import { describe, expect, it } from 'vitest'
import { taskJson, type ObligationView } from '../../../daemon/a2a/task.js'

const at = '2026-12-02T01:00:00.000Z'
const base: ObligationView = { obligation: 'ob_00112233445566778899aabbccddeeff', from: 'agent-a', to: 'agent-b', state: 'COMPLETE', sentAt: at, receipts: [] }
const complete = { state: 'COMPLETE', actor: 'agent-b', at, verified: true, note: 'Fixed the parser.', evidence: { path: '/e/r.md', sha256: 'ab'.repeat(32), size: 10, check: 'ok' } }
const pass = { state: 'AUDITED', actor: 'agent-c', at, verified: true, note: 'The test covers it.', verdict: 'PASS' }
const fail = { state: 'AUDITED', actor: 'agent-c', at, verified: true, note: 'No test.', verdict: 'FAIL' }

const stateOf = (t: Record<string, unknown>): string => (t.status as { state: string }).state

describe('an audited obligation as an A2A task', () => {
  it('a COMPLETE without an auditor is completed; with one it is working until AUDITED, then completed with both artifacts', () => {
    expect(stateOf(taskJson({ ...base, receipts: [complete] }))).toBe('TASK_STATE_COMPLETED')
    const waiting = taskJson({ ...base, auditor: 'agent-c', receipts: [complete] })
    expect(stateOf(waiting)).toBe('TASK_STATE_WORKING')
    expect(JSON.stringify(waiting.status)).toContain('agent-c')
    expect(waiting.artifacts).toBeUndefined()
    const reopened = taskJson({ ...base, state: 'CONSUMED', auditor: 'agent-c', receipts: [complete, fail] })
    expect(stateOf(reopened)).toBe('TASK_STATE_WORKING')
    const done = taskJson({ ...base, state: 'AUDITED', auditor: 'agent-c', receipts: [complete, fail, { ...complete, note: 'Added the test.' }, pass] })
    expect(stateOf(done)).toBe('TASK_STATE_COMPLETED')
    const artifacts = done.artifacts as Array<{ name: string, parts: Array<{ text?: string, data?: { auditor?: string, verdict?: string } }> }>
    expect(artifacts.map(a => a.name)).toEqual(['receipt', 'audit'])
    expect(artifacts[0].parts[0].text).toBe('Added the test.') // the newest round's ack
    expect(artifacts[1].parts[0].text).toBe('The test covers it.')
    expect(artifacts[1].parts[1].data).toMatchObject({ auditor: 'agent-c', verdict: 'PASS' })
  })
})
