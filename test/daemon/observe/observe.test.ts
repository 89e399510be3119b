// Observing a real two-daemon mesh: the status table, `watch` JSON lines in order, and the journey of one
// obligation with its evidence re-checked (ok, then CHANGED on the recipient's node after the file is edited, then
// MISSING there; the sender keeps judging from its own copy).
import { describe, expect, it } from 'vitest'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ok } from '../../helpers/cli.js'
import { createMesh, waitFor } from '../../helpers/mesh.js'
import { Watcher } from '../../helpers/watcher.js'

const show = (title: string, text: string): void => { if (process.env.AIOS_OBS_SHOW !== undefined) process.stdout.write(`\n--- ${title}\n${text}\n`) }

describe('observing a mesh', () => {
  it('watch streams one delivery in order as JSON lines; status OB shows the journey and re-checks evidence', async () => {
    const [a, b] = await createMesh(2)
    const wa = new Watcher(a.home)
    const wb = new Watcher(b.home)
    await Promise.all([wa.start(), wb.start()])
    // the steps go over the control socket (what the CLI sends); the printed tables below go through the CLI
    const { obligation: ob } = await a.daemon.call('notify', { to: 'agent-b', text: 'run the nightly build' })
    // the recipient's wake is attempted (the seat has no pane here: it fails, and says why)
    await waitFor('a wake event on b', () => wb.events, l => l.some(e => e.type === 'wake' && e.obligation === ob))
    await b.daemon.call('read', { obligation: ob })
    mkdirSync(join(b.home, 'evidence'), { recursive: true })
    const file = join(b.home, 'evidence', 'build.log') // inside the home only its evidence/ folder can be evidence
    writeFileSync(file, 'build ok\n')
    await b.daemon.call('ack', { obligation: ob, sentence: 'Nightly build passed.', file })
    await waitFor('COMPLETE seen by a\'s watcher', () => wa.events, l => l.some(e => e.type === 'receipt' && e.state === 'COMPLETE'))

    const kinds = (l: any[]): string[] => l.filter(e => e.obligation === ob).map(e => e.type === 'receipt' ? e.state : e.type)
    expect(kinds(wa.events)).toEqual(['sent', 'DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'])
    // wakes that fail are retried with backoff, so their number varies; the first comes after the delivery
    expect(kinds(wb.events).filter(k => k !== 'wake')).toEqual(['delivered', 'READ', 'CONSUMED', 'COMPLETE'])
    expect(kinds(wb.events).indexOf('wake')).toBe(1)
    for (const w of [wa, wb]) {
      const seqs = w.events.map(e => e.seq)
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y)) // numbered in the order the daemon saw them
      for (const e of w.events) expect(Date.parse(e.at)).not.toBeNaN()
    }
    expect(wb.events.find(e => e.type === 'wake')).toMatchObject({ seat: 'agent-b', result: 'failed', code: expect.stringMatching(/^CONTRACT_/) })
    show('watch --json (a)', wa.events.map(e => JSON.stringify(e)).join('\n'))

    await waitFor('COMPLETE at a', async () => await a.daemon.call('status', { obligation: ob }), s => s.state === 'COMPLETE')
    const steps = (s: any): string[] => s.journey.map((x: any) => `${x.step as string}:${x.status as string}`)
    const json = await ok(a.home, ['status', ob, '--json']) // the CLI's --json is the route's document
    expect(json).toEqual(await a.daemon.call('status', { obligation: ob }))
    for (const d of [a.daemon, b.daemon]) {
      const s = await d.call('status', { obligation: ob })
      expect(s).toMatchObject({ obligation: ob, from: 'agent-a', to: 'agent-b', state: 'COMPLETE', done: true })
      expect(s.receipts.map((r: any) => [r.state, r.actor, r.verified])).toEqual(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE'].map(x => [x, 'agent-b', true]))
      const complete = s.journey.find((x: any) => x.step === 'COMPLETE')
      expect(complete).toMatchObject({ status: 'done', verified: true, node: b.daemon.peerId, evidence: 'evidence ok' })
      expect(s.journey.find((x: any) => x.step === 'created')).toMatchObject({ status: 'done', verified: true, node: a.daemon.peerId })
    }
    expect(steps(await b.daemon.call('status', { obligation: ob }))).toEqual(['created:done', 'sent:done', 'DELIVERED:done', 'woken:pending', 'READ:done', 'CONSUMED:done', 'COMPLETE:done'])
    expect(steps(await a.daemon.call('status', { obligation: ob }))).toEqual(['created:done', 'sent:done', 'DELIVERED:done', 'woken:unknown', 'READ:done', 'CONSUMED:done', 'COMPLETE:done'])
    show('status OB (a)', await ok(a.home, ['status', ob]))

    // the evidence is edited afterwards: the recipient's node re-hashes its own file and says so, and it is no
    // longer "done" there; the sender judges from the copy that came beside the receipt and never reads the path
    writeFileSync(file, 'build broken\n')
    const atB = await b.daemon.call('status', { obligation: ob })
    expect(atB.journey.find((x: any) => x.step === 'COMPLETE').evidence).toBe('evidence CHANGED')
    expect(atB.done).toBe(false)
    expect(atB.state).toBe('COMPLETE') // the signed fact stands; the check beside it changed
    const atA = await a.daemon.call('status', { obligation: ob })
    expect(atA.journey.find((x: any) => x.step === 'COMPLETE').evidence).toBe('evidence ok')
    expect(atA.done).toBe(true)
    const text = await ok(b.home, ['status', ob])
    expect(text).toContain('evidence CHANGED')
    expect(text).toMatch(/NOT DONE: COMPLETE is signed, but evidence CHANGED/)
    show('status OB after the evidence changed (b)', text)
    rmSync(file)
    expect((await b.daemon.call('status', { obligation: ob })).journey.find((x: any) => x.step === 'COMPLETE').evidence).toBe('evidence MISSING')
  })

  it('status prints node, peers with RTT, seats, outbox per destination and the oldest undelivered obligation', async () => {
    const t0 = Date.now()
    const [a, b] = await createMesh(2)
    const j = await waitFor('an RTT for b', async () => await a.daemon.call('node.status'), s => s.peers.some((p: any) => p.peerId === b.daemon.peerId && typeof p.latencyMs === 'number'))
    const t1 = Date.now()
    // the stable shape, plus the new fields
    expect(j).toMatchObject({ peerId: a.daemon.peerId, addresses: expect.any(Array), actors: [expect.objectContaining({ handle: 'agent-a', healthy: expect.any(Boolean) })], peers: expect.any(Array), outbox: { pending: 0 } })
    expect(j.version).toMatch(/^\d+\.\d+\.\d+/)
    // the daemon started within this test, and its uptime is the seconds since then, as measured here
    const startedAt = Date.parse(j.startedAt)
    expect(startedAt).toBeGreaterThanOrEqual(t0)
    expect(startedAt).toBeLessThanOrEqual(t1)
    expect(j.uptimeSeconds).toBeLessThanOrEqual(Math.ceil((t1 - startedAt) / 1000))
    const up = await ok(a.home, ['status'])
    expect(up).toMatch(new RegExp(`^node ${a.daemon.peerId}  aios-comm \\S+  up \\d+s`))
    expect(up).toMatch(/PEER\s+STATE\s+RTT\s+SEATS\s+ADDRESS/)
    expect(up).toMatch(/\S+…\S+\s+up\s+\d+(\.\d)? ms\s+agent-b\s+\/ip4\/127\.0\.0\.1\/tcp\/\d+/)
    expect(up).toMatch(/SEAT\s+CARRIER\s+PANE\s+HEALTH\s+LAST WAKE\nagent-a\s/)
    expect(up).toContain('outbox empty')
    show('status (a, b up)', up)

    await b.daemon.stop()
    await waitFor('b down at a', async () => await a.daemon.call('node.status'), s => s.peers.every((p: any) => !p.connected))
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'are you there?' })
    const s = await ok(a.home, ['status', '--json'])
    expect(s.outbox.pending).toBe(1)
    expect(s.outbox.byDest).toEqual([expect.objectContaining({ dest: 'agent-b', kind: 'message', pending: 1, failed: 0 })])
    expect(s.oldest.undelivered).toMatchObject({ obligation, from: 'agent-a', to: 'agent-b', state: 'DELIVERY_PENDING' })
    const down = await ok(a.home, ['status'])
    expect(down).toMatch(/OUTBOX TO\s+KIND\s+PENDING\s+FAILED\s+EXPIRED\s+OLDEST\nagent-b\s+message\s+1\s+0\s+0\s/)
    expect(down).toMatch(new RegExp(`oldest undelivered:  ${obligation}  agent-a → agent-b  DELIVERY_PENDING for \\d+s`))
    expect(down).toMatch(/\S+…\S+\s+down\s+-\s+agent-b/)
    show('status (a, b down)', down)
    // retry (the web page's button) makes the waiting delivery due now; only the sender's node may
    expect(await a.daemon.call('retry', { obligation })).toEqual({ obligation, retried: 1 })
    await expect(a.daemon.call('retry', { obligation: `ob_${'0'.repeat(32)}` })).rejects.toMatchObject({ code: 'OBLIGATION_UNKNOWN' })
  })
})
