// Every seat reaches every other, with real daemons on the NAT topology (faults/nat.ts): two laptops in two homes
// behind masquerading routers, VMs on the wan serving as relays and mailboxes, a LAN box beside laptop a. Each case
// prints one line `[reach] {"case", "sent", "delivered", "lost", "duplicated", "toDeliveredMs"}`. Here the relay case,
// small in `npm test` and larger under `npm run test:chaos` (AIOS_CHAOS=full); the other cases: reach.full.test.ts.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../helpers/mesh.js'
import { natForTest, placeMesh, reportCase, send, waitDelivered, type Sent } from './faults/nat-mesh.js'
import { N, CASE_MS, REACH_MS, circuitVia, cardAt, startAll, complete } from './faults/reach-cases.js'

describe('chaos: reach across NAT (relays, mailboxes, moving laptops, dead addresses, invites)', () => {
  it('laptop a (home 1) → laptop b (home 2) through the VM\'s relay: the whole lifecycle to COMPLETE, exactly once', { timeout: CASE_MS }, async () => {
    const nat = natForTest()
    const [vm, a, b] = await placeMesh(nat, [{ host: 'vm1', relay: true }, { host: 'a' }, { host: 'b' }])
    await startAll([vm, a, b])
    // the only way between the homes: each laptop's card, as the other holds it, names a circuit through the VM
    await waitFor("a holds b's card with a circuit through the VM, and b holds a's", () => [cardAt(a, b.handle)?.multiaddrs, cardAt(b, a.handle)?.multiaddrs],
      ([x, y]) => x?.some(circuitVia(vm)) === true && y?.some(circuitVia(vm)) === true, REACH_MS)
    const sent: Sent[] = []
    for (let i = 0; i < N; i++) sent.push(await send(a, b, `relay a->b #${i}`))
    for (let i = 0; i < N; i++) sent.push(await send(b, a, `relay b->a #${i}`))
    await waitDelivered(sent, REACH_MS)
    await complete(sent)
    for (const s of sent) await waitFor(`COMPLETE at the sender (${s.tag})`, async () => (await s.from.daemon.call('status', { obligation: s.obligation })).state, st => st === 'COMPLETE', REACH_MS)
    // the laptops' connection runs through the relay (the topology offers no other)
    const ab = (await a.daemon.call('peers', {})).find(p => p.peerId === b.daemon.peerId)
    expect(ab?.connected).toBe(true)
    expect(ab?.addresses.every(circuitVia(vm))).toBe(true)
    // exactly once: one row per message at each end, each receipt state once, all verified at the sender
    for (const s of sent) {
      const v = await s.from.daemon.call('status', { obligation: s.obligation })
      expect(v.receipts.map(r => r.state).sort()).toEqual(['COMPLETE', 'CONSUMED', 'DELIVERED', 'READ'])
      expect(v.receipts.every(r => r.verified && r.actor === s.to.handle)).toBe(true)
    }
    const line = await reportCase('relay: a -> b across two NATs, to COMPLETE', sent)
    expect({ lost: line.lost, duplicated: line.duplicated }).toEqual({ lost: 0, duplicated: 0 })
    // doctor says how each is reached: the laptop through the VM's relay, the VM directly at its public address
    const reach = async (n: typeof a): Promise<{ ok: boolean, detail: string }> => (await n.daemon.call('doctor')).checks.find((c: { name: string }) => c.name === 'reach')
    expect(await reach(a)).toMatchObject({ ok: true, detail: expect.stringMatching(new RegExp(`^relay via ${vm.handle} `)) })
    expect(await reach(vm)).toMatchObject({ ok: true, detail: expect.stringMatching(/^direct public at \/ip4\/203\.0\.113\.10\/.*serves as a relay and mailbox/) })
  })

})
