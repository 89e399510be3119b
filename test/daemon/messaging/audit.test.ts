// AUDITED: a seat other than the recipient checks the evidence of a COMPLETE and signs its verdict. Three real daemons
// on loopback (sender agent-a, recipient agent-b, auditor agent-c), real SQLite, the CLI for every step: a FAIL verdict
// reopens the obligation for its recipient everywhere, the next ack is a new round, a PASS makes it AUDITED on all
// three nodes; every rule about who may judge what is refused with its code and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSharedMesh, query, waitFor, type MeshNodeHandle, type SharedMesh } from '../../helpers/mesh.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'
import { homeKey, openDeliver, rawPeer, signedReceipt } from '../../helpers/raw-peer.js'
import { openReceipt } from '../../../daemon/receipts/index.js'

const WAIT_MS = 20_000
const idOf = (ob: string): Buffer => Buffer.from(ob.slice(3), 'hex')

// AIOS_TRANSCRIPT=1 prints the commands of the first test as run, with what each printed
const transcript: string[] = []
const NAMES = ['$A', '$B', '$C']
async function shown (n: MeshNodeHandle, nodes: MeshNodeHandle[], args: string[]): Promise<string> {
  const r = await cli(n.home, args)
  transcript.push(`$ aios-comm --home ${NAMES[nodes.indexOf(n)]} ${args.map(a => a.includes(' ') ? JSON.stringify(a) : a).join(' ')}`, (r.stdout + r.stderr).trimEnd())
  if (r.code !== 0) transcript.push(`exit status ${r.code}`)
  return r.stdout
}

async function stateOn (n: MeshNodeHandle, ob: string, want: string): Promise<void> {
  await waitFor(`${ob} is ${want} on ${n.handle}`, async () => await n.daemon.call('status', { obligation: ob }).catch(() => undefined), s => s?.state === want, WAIT_MS)
}

async function toAudit (c: MeshNodeHandle, ob: string): Promise<void> {
  await waitFor(`${c.handle} is asked to audit ${ob}`, async () => await c.daemon.call('inbox', {}), items => items.some(i => i.obligation === ob && i.audit !== undefined), WAIT_MS)
}

describe('AUDITED across three nodes', () => {
  let mesh: SharedMesh
  let a: MeshNodeHandle
  let b: MeshNodeHandle
  let c: MeshNodeHandle
  beforeAll(async () => {
    mesh = await createSharedMesh(3)
    ;[a, b, c] = mesh.nodes
  })
  afterAll(async () => {
    await mesh?.close()
    if (process.env.AIOS_TRANSCRIPT === '1') console.log(transcript.join('\n'))
  })

  it('a FAIL verdict reopens it for the recipient, a fixed ack is round 2, a PASS makes it AUDITED on all three nodes', async () => {
    const all = [a, b, c]
    const ob = (await shown(a, all, ['notify', '--to', 'agent-b', '--text', 'fix the parser and add a test', '--require', 'AUDITED', '--auditor', 'agent-c'])).split(' ')[0]
    await stateOn(a, ob, 'DELIVERED')
    // nothing to judge before the recipient acks
    expect(errorCode(await cli(c.home, ['audit', ob, 'pass', 'looks fine']))).toBe('OBLIGATION_UNKNOWN')

    await shown(b, all, ['ack', ob, 'Fixed the parser.'])
    await toAudit(c, ob)
    await shown(c, all, ['inbox'])
    // woken like a recipient: the auditor's node owes agent-c a wake for it
    expect(query(c.home, 'SELECT handle FROM wake_queue WHERE message_id = ? AND woken_at_ms IS NULL', idOf(ob)).map(r => r.handle)).toEqual(['agent-c'])
    for (const n of [a, b, c]) await stateOn(n, ob, 'COMPLETE')
    // not done at COMPLETE: the journey waits for the auditor's verdict
    expect(await a.daemon.call('status', { obligation: ob })).toMatchObject({ done: false, verdict: 'COMPLETE, waiting for the verdict of its auditor agent-c' })
    await shown(a, all, ['status', ob])
    // COMPLETE is not the end of an audited obligation: the recipient cannot ack or reject again while it waits
    expect(errorCode(await cli(b.home, ['ack', ob, 'again']))).toBe('AUDIT_PENDING')
    expect(errorCode(await cli(b.home, ['reject', ob, 'changed my mind']))).toBe('AUDIT_PENDING')
    // only the auditor the sender named judges
    expect(errorCode(await cli(b.home, ['audit', ob, 'pass', 'my own work is fine']))).toBe('NOT_AUDITOR')
    expect(errorCode(await cli(a.home, ['audit', ob, 'pass', 'trust me']))).toBe('NOT_AUDITOR')
    expect(errorCode(await cli(c.home, ['audit', ob, 'maybe', 'hmm']))).toBe('AUDIT_INVALID')

    await shown(b, all, ['ack', ob, 'again'])
    await shown(b, all, ['audit', ob, 'pass', 'my own work is fine'])
    await shown(c, all, ['audit', ob, 'fail', 'No test was added.'])
    const judged = await ok(c.home, ['status', ob, '--json'])
    expect(judged.state).toBe('CONSUMED')
    expect(judged.receipts.find((r: { verdict?: string }) => r.verdict === 'FAIL')).toMatchObject({ state: 'AUDITED', actor: 'agent-c', verified: true, note: 'No test was added.' })
    expect(errorCode(await cli(c.home, ['audit', ob, 'pass', 'on second thought']))).toBe('AUDIT_DONE')
    // reopened everywhere: the verdict is a signed fact every node holds
    for (const n of [a, b]) await stateOn(n, ob, 'CONSUMED')
    await shown(b, all, ['inbox'])
    await shown(a, all, ['status', ob])
    const inbox = await b.daemon.call('inbox', {})
    expect(inbox.find(i => i.obligation === ob)).toMatchObject({ state: 'CONSUMED' })
    // the recipient is owed a wake again for it
    expect(query(b.home, 'SELECT handle FROM wake_queue WHERE message_id = ? AND woken_at_ms IS NULL', idOf(ob)).map(r => r.handle)).toContain('agent-b')

    await shown(b, all, ['ack', ob, 'Fixed the parser and added test/parser.test.ts.'])
    await waitFor(`${c.handle} holds round 2`, async () => query(c.home, "SELECT state FROM receipts WHERE message_id = ? AND state LIKE 'COMPLETE%'", idOf(ob)).map(r => r.state), s => s.includes('COMPLETE#2'), WAIT_MS)
    await toAudit(c, ob)
    const passed = JSON.parse(await shown(c, all, ['audit', ob, 'pass', 'The new test covers the bug.', '--json']))
    expect(passed).toMatchObject({ verdict: 'PASS', round: 2, state: 'AUDITED', evidence: 'ok' })
    for (const n of [a, b, c]) await stateOn(n, ob, 'AUDITED')
    for (const n of [a, b, c]) expect((await n.daemon.call('status', { obligation: ob })).done, n.handle).toBe(true)
    for (const n of all) await shown(n, all, ['status', ob])
    const st = await a.daemon.call('status', { obligation: ob })
    expect(st.receipts.map((r: { state: string, verified: boolean }) => `${r.state}:${String(r.verified)}`).sort()).toEqual(
      ['AUDITED:true', 'AUDITED:true', 'COMPLETE:true', 'COMPLETE:true', 'CONSUMED:true', 'DELIVERED:true', 'READ:true'])
    // an ack again signs nothing new (as on any final obligation); the verdict stands
    expect(await ok(b.home, ['ack', ob, 'once more', '--json'])).toMatchObject({ state: 'AUDITED', issued: [] })
    // neither the refused ack nor the repeated one touched the files the two COMPLETEs name: each still hashes right
    for (const n of all) {
      const view = await n.daemon.call('status', { obligation: ob })
      expect(view.receipts.filter((r: { evidence?: { check: string } }) => r.evidence !== undefined && r.evidence.check !== 'ok' && r.evidence.check !== 'not-here')).toEqual([])
    }
    expect(errorCode(await cli(c.home, ['audit', ob, 'fail', 'late']))).toBe('ALREADY_FINAL')
  })

  it('refuses an auditor that is the recipient, an auditor for another level, and AUDITED without an auditor', async () => {
    const before = query(a.home, 'SELECT count(*) AS n FROM messages')[0].n
    expect(errorCode(await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x', '--auditor', 'agent-b']))).toBe('AUDITOR_INVALID')
    expect(errorCode(await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x', '--require', 'COMPLETE', '--auditor', 'agent-c']))).toBe('AUDITOR_INVALID')
    expect(errorCode(await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x', '--require', 'AUDITED']))).toBe('AUDITOR_INVALID')
    expect(errorCode(await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x', '--auditor', 'nobody-here']))).toBe('AUDITOR_INVALID')
    expect(query(a.home, 'SELECT count(*) AS n FROM messages')[0].n).toBe(before)
  })

  it('an ack repeated on a COMPLETE obligation signs nothing and leaves the evidence file its COMPLETE names as it was', async () => {
    const { obligation: ob } = await a.daemon.call('notify', { to: 'agent-b', text: 'plain work' })
    await stateOn(a, ob, 'DELIVERED')
    const first = await ok(b.home, ['ack', ob, 'Done.', '--json'])
    const again = await ok(b.home, ['ack', ob, 'Done, said differently.', '--json'])
    expect(again).toMatchObject({ state: 'COMPLETE', issued: [], evidence: first.evidence })
    const view = await b.daemon.call('status', { obligation: ob })
    expect(view.receipts.find((r: { state: string }) => r.state === 'COMPLETE').evidence.check).toBe('ok')
  })

  it('a recipient cannot forge its own verdict: an AUDITED by its key, or naming itself, is refused and changes nothing', async () => {
    const sent = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'audit me', '--auditor', 'agent-c', '--json'])
    const ob = sent.obligation as string
    await stateOn(a, ob, 'DELIVERED')
    await ok(b.home, ['ack', ob, 'Done, trust me.'])
    await stateOn(a, ob, 'COMPLETE')
    const row = query(b.home, "SELECT envelope FROM receipts WHERE message_id = ? AND state = 'COMPLETE'", idOf(ob))[0]
    const complete = openReceipt(new Uint8Array(row.envelope))
    if (!complete.ok) throw new Error('the COMPLETE does not open')
    await b.daemon.stop()
    try {
      const rogue = await rawPeer(b.home)
      const bKey = homeKey(b.home, 'keys/agent-b.key')
      const base = { ...complete.receipt, state: 'AUDITED' as const, verdict: 'PASS' as const, audited: complete.hash, note: 'passed', evidence: undefined, atMs: Date.now() }
      const forged = [
        signedReceipt(bKey, { ...base, actor: 'agent-b' }), // names itself: not the auditor the header names
        signedReceipt(bKey, { ...base, actor: 'agent-c' }), // names the auditor, signed with the recipient's key
        signedReceipt(bKey, { ...base, actor: 'agent-c', verdict: undefined }) // and no verdict at all
      ]
      const s = await openDeliver(rogue, a.daemon.peerId, a.port)
      const res = await s.request({ receipts: forged })
      expect(res.receiptResults.map(r => r.errorCode)).toEqual(['RECEIPT_WRONG_SIGNER', 'RECEIPT_WRONG_SIGNER', 'RECEIPT_WRONG_SIGNER'])
      const st = await a.daemon.call('status', { obligation: ob })
      expect(st.state).toBe('COMPLETE')
      expect(query(a.home, "SELECT count(*) AS n FROM receipts WHERE message_id = ? AND state LIKE 'AUDITED%'", idOf(ob))[0].n).toBe(0)
    } finally {
      await b.daemon.start()
    }
  })
})
