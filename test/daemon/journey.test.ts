// The six-step journey between two real daemons, checked on both sides, every receipt's signature verified.
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { envelopeFromWire, receiptFromWire } from '../../proto/index.js'
import { parseKeyText, sha256, hex, verifyEnvelope } from '../../cards/index.js'
import { cli, errorCode, ok, tempDir } from '../helpers/cli.js'
import { createMesh, query, waitFor } from '../helpers/mesh.js'

describe('the journey of one message', () => {
  it('notify → DELIVERED → READ → CONSUMED → COMPLETE, the same on both nodes, every receipt verified', async () => {
    const [a, b] = await createMesh(2)
    // 1. notify answers at once with DELIVERY_PENDING
    const sent = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'please summarize the design', '--json'])
    expect(sent).toMatchObject({ state: 'DELIVERY_PENDING' })
    expect(sent.obligation).toMatch(/^ob_[0-9a-f]{32}$/)
    const ob = sent.obligation as string

    // 2–3. resolved from the card, delivered over libp2p, DELIVERED comes back
    await waitFor('DELIVERED at the sender', async () => await ok(a.home, ['status', ob, '--json']), s => s.state === 'DELIVERED')
    const inbox = await ok(b.home, ['inbox', '--json'])
    expect(inbox).toEqual([expect.objectContaining({ obligation: ob, from: 'agent-a', to: 'agent-b', state: 'DELIVERED' })])

    // 5. read issues READ and shows the body
    const read = await ok(b.home, ['read', ob, '--json'])
    expect(read).toMatchObject({ body: 'please summarize the design', state: 'READ' })

    // 6. ack writes a receipt file, issues CONSUMED and COMPLETE
    const acked = await ok(b.home, ['ack', ob, 'Summary written to the wiki.', '--json'])
    expect(acked.state).toBe('COMPLETE')
    expect(acked.evidence.sha256).toMatch(/^[0-9a-f]{64}$/)

    const atSender = await waitFor('COMPLETE at the sender', async () => await ok(a.home, ['status', ob, '--json']), s => s.state === 'COMPLETE')
    // what follows only reads: the recipient's view and the card an auditor needs, side by side
    const [atRecipient, cardText] = await Promise.all([ok(b.home, ['status', ob, '--json']), ok(a.home, ['card', 'show', 'agent-b', '--a2a'])])
    for (const s of [atSender, atRecipient]) {
      expect(s).toMatchObject({ obligation: ob, from: 'agent-a', to: 'agent-b', state: 'COMPLETE' })
      expect(s.receipts.map((r: any) => r.state)).toEqual(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'])
      for (const r of s.receipts) expect(r).toMatchObject({ actor: 'agent-b', verified: true })
    }
    expect(atSender.receipts[3].evidence).toMatchObject({ sha256: acked.evidence.sha256, check: 'ok' })

    // An auditor re-verifies every stored receipt from the sender's database with agent-b's key alone.
    const card = JSON.parse(cardText)
    const bKey = parseKeyText(card.capabilities.extensions[0].params.actorKey)!
    const [msg] = query(a.home, 'SELECT id, hash FROM messages')
    const rows = query(a.home, 'SELECT envelope FROM receipts')
    expect(rows).toHaveLength(4)
    for (const row of rows) {
      const env = envelopeFromWire(new Uint8Array(row.envelope))
      expect(verifyEnvelope(env, 'aios-comm/receipt').ok).toBe(true)
      expect(hex(env.signer)).toBe(hex(bKey))
      expect(hex(receiptFromWire(env.payload).messageHash)).toBe(hex(msg.hash))
    }
    expect(hex(msg.hash)).toBe(hex(sha256(new Uint8Array(query(a.home, 'SELECT envelope FROM messages')[0].envelope))))

    // finished steps cannot be undone or redone
    const [redo, open, all] = await Promise.all([cli(b.home, ['reject', ob, 'changed my mind']), ok(b.home, ['inbox', '--json']), ok(b.home, ['inbox', '--all', '--json'])])
    expect(errorCode(redo)).toBe('ALREADY_FINAL')
    expect(open).toEqual([])
    expect(all).toHaveLength(1)
  })

  it('ack with --file hashes that file; a missing file is refused and nothing is issued', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'build it', '--json'])
    await waitFor('delivery', async () => await ok(b.home, ['inbox', '--json']), l => l.length === 1)
    const missing = await cli(b.home, ['ack', obligation, 'built', '--file', join(b.home, 'nope.txt')])
    expect(errorCode(missing)).toBe('EVIDENCE_MISSING')
    expect((await ok(b.home, ['status', obligation, '--json'])).state).toBe('DELIVERED')
    const file = join(tempDir('aios-build-'), 'build.log') // outside the home: anywhere a build writes its log
    writeFileSync(file, 'build ok\n')
    const acked = await ok(b.home, ['ack', obligation, 'built', '--file', file, '--json'])
    expect(acked.evidence).toMatchObject({ path: file, size: 9, sha256: hex(sha256(new TextEncoder().encode('build ok\n'))) })
    const s = await waitFor('COMPLETE at the sender', async () => await ok(a.home, ['status', obligation, '--json']), x => x.state === 'COMPLETE')
    expect(s.receipts.at(-1).evidence.check).toBe('ok')
    // the evidence changes afterwards: the recipient's status says so
    writeFileSync(file, 'build broken\n')
    const after = await ok(b.home, ['status', obligation, '--json'])
    expect(after.receipts.at(-1).evidence.check).toBe('changed')
  })

  it('reject issues a terminal REJECTED that reaches the sender', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'delete prod', '--json'])
    await waitFor('delivery', async () => await ok(b.home, ['inbox', '--json']), l => l.length === 1)
    await ok(b.home, ['reject', obligation, 'not without a ticket'])
    await waitFor('REJECTED at the sender', async () => await ok(a.home, ['status', obligation, '--json']), s => s.state === 'REJECTED')
    expect(errorCode(await cli(b.home, ['ack', obligation, 'done anyway']))).toBe('ALREADY_FINAL')
  })

  it('a message between two seats of one node is delivered in place', async () => {
    const [a] = await createMesh(1)
    await ok(a.home, ['actor', 'add', 'agent-z'])
    const { obligation } = await ok(a.home, ['--as', 'agent-a', 'notify', '--to', 'agent-z', '--text', 'local', '--json'])
    await waitFor('DELIVERED', async () => await ok(a.home, ['status', obligation, '--json']), s => s.state === 'DELIVERED')
    const [zInbox, aInbox] = await Promise.all([ok(a.home, ['--as', 'agent-z', 'inbox', '--json']), ok(a.home, ['--as', 'agent-a', 'inbox', '--json'])])
    expect(zInbox).toHaveLength(1)
    expect(aInbox).toHaveLength(0)
    await ok(a.home, ['--as', 'agent-z', 'ack', obligation, 'ok'])
    const [done, ambiguous] = await Promise.all([ok(a.home, ['status', obligation, '--json']), cli(a.home, ['notify', '--to', 'agent-z', '--text', 'who am I'])])
    expect(done.state).toBe('COMPLETE')
    expect(errorCode(ambiguous)).toBe('ACTOR_AMBIGUOUS')
  })

  it('says in one line when no daemon runs, and refuses unknown recipients', async () => {
    const [a] = await createMesh(1, { start: false })
    const r = await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x'])
    expect(errorCode(r)).toBe('DAEMON_NOT_RUNNING')
    expect(r.code).toBe(4)
    await a.daemon.start()
    // each is refused and changes nothing, so they run side by side
    const [unknown, invalid, missing, usage] = await Promise.all([
      cli(a.home, ['notify', '--to', 'agent-nobody', '--text', 'x']),
      cli(a.home, ['status', 'ob_123']),
      cli(a.home, ['status', `ob_${'0'.repeat(32)}`]),
      cli(a.home, ['notify', '--to', 'agent-a'])
    ])
    expect(errorCode(unknown)).toBe('RECIPIENT_UNKNOWN')
    expect(errorCode(invalid)).toBe('OBLIGATION_INVALID')
    expect(errorCode(missing)).toBe('OBLIGATION_UNKNOWN')
    expect(errorCode(usage)).toBe('USAGE')
  })
})
