// `aios-comm demo`: three daemons on loopback in temp homes; one obligation walks DELIVERY_PENDING → DELIVERED →
// READ → CONSUMED → COMPLETE; one daemon stops, messages wait for it, it restarts and catches up; then cleanup.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { call } from '../control-client.js'
import { DaemonProcess, buildMesh, waitFor, type SeatPlan } from '../harness/index.js'

const SEATS: SeatPlan[] = [
  { name: 'alice', handle: 'agent-amai', carrier: 'claude-code' },
  { name: 'bob', handle: 'agent-bo', carrier: 'codex' },
  { name: 'carol', handle: 'agent-cyd', carrier: 'codex' }
]

export async function runDemo (opts: { keep?: boolean } = {}): Promise<void> {
  const say = (line: string): void => { process.stdout.write(`${line}\n`) }
  const root = mkdtempSync(join(tmpdir(), 'aios-comm-demo-'))
  const daemons: DaemonProcess[] = []
  try {
    say(`== aios-comm demo: three nodes on 127.0.0.1, homes under ${root}`)
    const homes = await buildMesh({ seats: SEATS, home: seat => join(root, seat.name), say })
    daemons.push(...homes.map(h => new DaemonProcess(h.home, { log: 'error' })))
    await Promise.all(daemons.map(async d => await d.start()))
    say(`daemons running: ${homes.map(h => `${h.name} (:${h.port})`).join(', ')}`)
    const [alice, bob, carol] = homes

    say('\n== one obligation, step by step')
    const sent = await call(alice.home, 'notify', { to: bob.handle, text: 'Please review PR #42 and say when it is merged.' })
    say(`${alice.handle} → ${bob.handle}: ${sent.obligation} ${sent.state}`)
    const watch = async (state: string): Promise<void> => {
      const s = await waitFor(state, async () => await call(alice.home, 'status', { obligation: sent.obligation }), v => v.state === state)
      const r = s.receipts.find(x => x.state === state)
      say(`  at ${alice.name}: ${state.padEnd(9)} signed by ${r?.actor ?? '?'}, signature ${r?.verified === true ? 'verified' : 'NOT verified'}`)
    }
    await watch('DELIVERED')
    const read = await call(bob.home, 'read', { obligation: sent.obligation })
    say(`${bob.handle} reads: "${read.body}"`)
    await watch('READ')
    await call(bob.home, 'consume', { obligation: sent.obligation })
    await watch('CONSUMED')
    const acked = await call(bob.home, 'ack', { obligation: sent.obligation, sentence: 'Reviewed and merged PR #42.' })
    say(`${bob.handle} acks with evidence ${acked.evidence.path} (sha256 ${acked.evidence.sha256.slice(0, 16)}…)`)
    await watch('COMPLETE')
    const final = await call(alice.home, 'status', { obligation: sent.obligation })
    say(`  at ${alice.name}: the evidence re-hashes ${final.receipts.at(-1)?.evidence?.check ?? 'nothing'}; chain ${final.receipts.map(r => r.state).join(' → ')}`)

    say(`\n== ${carol.name} goes offline; messages wait in ${alice.name}'s outbox`)
    await daemons[2].stop()
    const queued: string[] = []
    for (let i = 1; i <= 5; i++) queued.push((await call(alice.home, 'notify', { to: carol.handle, text: `offline message ${i}` })).obligation)
    const box = await waitFor('the outbox to retry', async () => await call(alice.home, 'outbox', {}), l => l.length === 5 && l.every(x => x.attempts > 0))
    say(`outbox at ${alice.name}: ${box.length} pending for ${carol.handle}, last error: ${String(box[0].lastError).slice(0, 70)}…`)
    await daemons[2].start()
    const t0 = Date.now()
    say(`${carol.name} is back`)
    await waitFor('the catch-up', async () => await Promise.all(queued.map(async ob => (await call(alice.home, 'status', { obligation: ob })).state)), states => states.every(s => s === 'DELIVERED'))
    const inbox = await call(carol.home, 'inbox', {})
    say(`all ${queued.length} DELIVERED ${Date.now() - t0} ms after ${carol.name}'s daemon was ready; ${carol.handle}'s inbox holds ${inbox.length}, each once`)
    say('\n== done: every state above was derived from receipts signed by the recipient and verified by the sender')
  } finally {
    await Promise.all(daemons.map(async d => await d.stop()))
    if (opts.keep === true) say(`homes kept under ${root}`)
    else rmSync(root, { recursive: true, force: true })
  }
}
