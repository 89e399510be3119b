// Every seat reaches every other, with real daemons on the NAT topology (faults/nat.ts): two laptops in two homes
// behind masquerading routers, VMs on the wan serving as relays and mailboxes, a LAN box beside laptop a. Each case
// prints one line `[reach] {"case", "sent", "delivered", "lost", "duplicated", "toDeliveredMs"}`. The mailbox, the move,
// the dead address, the invite and the relay kills: run by `npm run test:chaos` only (the relay case: reach.test.ts).
import { describe, expect, it, onTestFinished } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cardImport, refreshLocalCard } from '../../daemon/index.js'
import { saveConfig } from '../../daemon/home/config.js'
import { verifyCardJson } from '../../cards/index.js'
import { ok, tempDir } from '../helpers/cli.js'
import { DaemonProcess, freePort, query, waitFor, withCtx } from '../helpers/mesh.js'
import { DEAD_ADDRESS } from './faults/nat.js'
import { natForTest, placeMesh, reportCase, send, toDeliveredMs, waitDelivered, type NatNode, type Sent } from './faults/nat-mesh.js'
import { FULL } from './faults/workload.js'
import { N, CASE_MS, REACH_MS, MAILBOX_AFTER_MS, RESIGN_MS, DEAD_FIRST_MS, KILLS, circuitVia, cardAt, startAll, statesAt } from './faults/reach-cases.js'

describe('chaos: reach across NAT (relays, mailboxes, moving laptops, dead addresses, invites)', () => {
  it('a and b never up at once: a sends and stops, b starts later; delivered through the mailbox, DELIVERED signed by b, exactly once', { timeout: CASE_MS }, async () => {
    const nat = natForTest()
    const short = (c: { mailboxAfterMs: number }): void => { c.mailboxAfterMs = MAILBOX_AFTER_MS }
    const [vm, a, b] = await placeMesh(nat, [{ host: 'vm1', relay: true }, { host: 'a', edit: short }, { host: 'b', edit: short }])
    // b was online once (yesterday): its card, naming the VM as its mailbox, reached the VM
    await startAll([vm, b])
    await waitFor("the VM holds b's card naming the VM as b's mailbox", () => cardAt(vm, b.handle)?.mailboxes, m => m?.includes(vm.daemon.peerId) === true, REACH_MS)
    await b.daemon.stop()
    await a.daemon.start()
    await waitFor("a holds b's card naming its mailbox", () => cardAt(a, b.handle)?.mailboxes, m => m?.includes(vm.daemon.peerId) === true, REACH_MS)
    const sent: Sent[] = []
    for (let i = 0; i < N; i++) sent.push(await send(a, b, `mailbox a->b #${i}`))
    // b unreachable for longer than mailboxAfterMs: each message handed to the VM, and a says so
    for (const s of sent) {
      await waitFor(`"held at mailbox" in a's status of ${s.tag}`, async () => JSON.stringify(await a.daemon.call('status', { obligation: s.obligation })), v => /held at mailbox/i.test(v), REACH_MS)
    }
    await a.daemon.stop()
    const woke = Date.now()
    await b.daemon.start()
    await waitDelivered(sent, REACH_MS, 'b holds every message, from the mailbox')
    // DELIVERED signed by b, after its own commit, once per message
    for (const s of sent) {
      const rows = query<{ actor: string }>(b.home, "SELECT actor FROM receipts WHERE message_id = ? AND state = 'DELIVERED'", Buffer.from(s.obligation.slice(3), 'hex'))
      expect(rows).toEqual([{ actor: b.handle }])
    }
    const line = await reportCase('mailbox: a and b never up at once', sent, { since: 'b started' }, () => woke)
    await b.daemon.stop()
    // a, back later (b asleep again), learns DELIVERED, signed by b, through the mailbox
    await a.daemon.start()
    for (const s of sent) {
      await waitFor(`a sees DELIVERED signed by b (${s.tag})`, async () => (await a.daemon.call('status', { obligation: s.obligation })).receipts, rs => rs.some(r => r.state === 'DELIVERED' && r.actor === b.handle && r.verified), REACH_MS)
    }
    expect(query(a.home, "SELECT count(*) AS n FROM outbox WHERE kind = 'message' AND status = 'pending'")[0].n).toBe(0)
    expect({ lost: line.lost, duplicated: line.duplicated }).toEqual({ lost: 0, duplicated: 0 })
  })

  it('a laptop moves to the other home: its card is re-signed within a minute and delivery continues', { timeout: CASE_MS }, async () => {
    const nat = natForTest()
    const [vm, a, b] = await placeMesh(nat, [{ host: 'vm1', relay: true }, { host: 'a' }, { host: 'b' }])
    await startAll([vm, a, b])
    const before: Sent[] = []
    for (let i = 0; i < N; i++) before.push(await send(a, b, `move before a->b #${i}`), await send(b, a, `move before b->a #${i}`))
    await waitDelivered(before, REACH_MS, 'the messages sent before the move')
    const held = cardAt(b, a.handle)
    const old = nat.address('a')
    const moved = nat.move('a', 2)
    const movedAt = Date.now()
    const after: Sent[] = []
    for (let i = 0; i < N; i++) after.push(await send(a, b, `move after a->b #${i}`), await send(b, a, `move after b->a #${i}`))
    const card = await waitFor("a's card, re-signed with its new address, held by b", () => cardAt(b, a.handle),
      c => c !== undefined && c.seq > (held?.seq ?? 0) && c.multiaddrs.some(x => x.includes(`/ip4/${moved}/`)) && !c.multiaddrs.some(x => x.includes(`/ip4/${old}/`)), RESIGN_MS)
    const resignedMs = Date.now() - movedAt
    await waitDelivered(after, REACH_MS, 'the messages sent after the move')
    const sent = [...before, ...after]
    const line = await reportCase('move: laptop a changes network', sent, { faults: 1, cardResignedMs: resignedMs, seq: `${held?.seq ?? '?'} -> ${card?.seq ?? '?'}` })
    expect({ lost: line.lost, duplicated: line.duplicated }).toEqual({ lost: 0, duplicated: 0 })
  })

  it('a dead private address listed first does not stop a direct LAN delivery (a -> LAN box)', { timeout: CASE_MS }, async () => {
    const nat = natForTest()
    // no relay, no mDNS, and the box dials nobody: the only way is a's own dial of the box's card
    const [a, box] = await placeMesh(nat, [
      { host: 'a', edit: c => { c.mdns = false } },
      { host: 'box', edit: c => { c.mdns = false; c.connectKnownPeers = false } }
    ])
    const real = `/ip4/${nat.address('box')}/tcp/${box.port}`
    const dead = `/ip4/${DEAD_ADDRESS}/tcp/${box.port}`
    await withCtx(box.home, async ctx => {
      ctx.config.announce = [dead, real]
      ctx.config.announceOnly = true
      saveConfig(ctx.paths.config, ctx.config)
      await refreshLocalCard(ctx, box.handle, [dead, real])
    })
    const file = join(tempDir('aios-reach-card-'), 'box.card.json')
    writeFileSync(file, await withCtx(box.home, ctx => ctx.store.identity.card(box.handle)?.json ?? ''))
    await withCtx(a.home, ctx => cardImport(ctx, file))
    expect(cardAt(a, box.handle)?.multiaddrs).toEqual([dead, real]) // the dead one first
    await box.daemon.start()
    const startedAt = Date.now()
    await a.daemon.start()
    const sent: Sent[] = []
    for (let i = 0; i < N; i++) sent.push(await send(a, box, `dead-first a->box #${i}`))
    await waitDelivered(sent, REACH_MS)
    const [first] = toDeliveredMs(sent.slice(0, 1)) // the one that waited for the dial
    const line = await reportCase('dead address first: a -> LAN box, direct', sent, { fromDaemonStartMs: Math.max(...toDeliveredMs(sent, () => startedAt)) })
    expect(first).toBeLessThan(DEAD_FIRST_MS)
    expect({ lost: line.lost, duplicated: line.duplicated }).toEqual({ lost: 0, duplicated: 0 })
  })

  it('join by invite from behind NAT: a (home 1) invites, a new home on laptop b (home 2) joins and messages flow', { timeout: CASE_MS }, async () => {
    const nat = natForTest()
    const [a, vm] = await placeMesh(nat, [{ host: 'a' }, { host: 'vm1', relay: true }]) // a owns the mesh
    await startAll([a, vm])
    await waitFor("a's own card names a circuit through the VM", async () => verifyCardJson(JSON.stringify(await a.daemon.call('card.show', { handle: a.handle }))), v => v.ok && v.card.multiaddrs.some(circuitVia(vm)), REACH_MS)
    const invite = await a.daemon.call('invite', {})
    expect(invite.addrs.some(circuitVia(vm))).toBe(true) // the token carries the relay address, not only private ones
    const home = tempDir('aios-reach-join-')
    const port = await freePort()
    await ok(home, ['init', '--listen', `/ip4/0.0.0.0/tcp/${port}`])
    const joiner = new DaemonProcess(home, {}, [], nat.prefix('b'))
    onTestFinished(async () => { await joiner.kill() })
    await joiner.start()
    const joinedAt = Date.now()
    const joined = await joiner.call('join', { token: invite.token, handles: ['agent-n'] })
    expect(joined.seats).toEqual(['agent-n'])
    const joinMs = Date.now() - joinedAt
    const c: NatNode = { home, handle: 'agent-n', port, daemon: joiner, host: 'b' }
    const sent: Sent[] = []
    for (let i = 0; i < N; i++) sent.push(await send(c, a, `join n->a #${i}`), await send(a, c, `join a->n #${i}`))
    await waitDelivered(sent, REACH_MS)
    const line = await reportCase('join by invite from behind NAT', sent, { joinMs })
    expect({ lost: line.lost, duplicated: line.duplicated }).toEqual({ lost: 0, duplicated: 0 })
  })

  it(`a relay killed mid-stream (${KILLS}×, two relay VMs): nothing lost, delivery continues through the other`, { timeout: CASE_MS }, async () => {
    const nat = natForTest()
    const [vm1, vm2, a, b] = await placeMesh(nat, [{ host: 'vm1', relay: true }, { host: 'vm2', relay: true }, { host: 'a' }, { host: 'b' }])
    const relays = [vm1, vm2]
    await startAll([vm1, vm2, a, b])
    await waitFor("each laptop holds the other's card with a circuit", () => [cardAt(a, b.handle)?.multiaddrs, cardAt(b, a.handle)?.multiaddrs],
      ([x, y]) => relays.some(r => x?.some(circuitVia(r)) === true) && relays.some(r => y?.some(circuitVia(r)) === true), REACH_MS)
    const sent: Sent[] = []
    const perStage = FULL ? 20 : 3
    let kills = 0
    const killed: string[] = []
    for (let stage = 0; stage <= KILLS; stage++) {
      const batch: Sent[] = []
      for (let i = 0; i < perStage; i++) batch.push(await send(a, b, `kill ${stage} a->b #${i}`), await send(b, a, `kill ${stage} b->a #${i}`))
      sent.push(...batch)
      if (stage === KILLS) break
      for (const r of relays) if (!r.daemon.running) await r.daemon.start() // the relay killed before is back
      // the relay that carries a <-> b right now, killed while the next messages are on their way
      await waitDelivered(batch.slice(0, 2), REACH_MS, 'the stage\'s first messages, before the kill')
      const path = (await a.daemon.call('peers', {})).find(p => p.peerId === b.daemon.peerId)?.addresses ?? []
      const carrying = relays.find(r => r.daemon.running && path.some(circuitVia(r)))
      expect(carrying, `a's connection to b: ${path.join(', ')}`).toBeDefined()
      const victim = carrying as NatNode
      await victim.daemon.kill()
      kills++
      killed.push(victim.host)
    }
    await waitDelivered(sent, REACH_MS, 'every message, after the relay kills')
    const line = await reportCase('relay killed mid-stream (two relays)', sent, { faults: kills, killed: killed.join(',') })
    expect(kills).toBe(KILLS)
    expect({ lost: line.lost, duplicated: line.duplicated }).toEqual({ lost: 0, duplicated: 0 })
    // and each sender learns DELIVERED
    for (const node of [a, b]) {
      const mine = sent.filter(s => s.from === node)
      await waitFor(`DELIVERED at ${node.host} for all it sent`, async () => await statesAt(node, mine), l => l.every(st => st !== 'DELIVERY_PENDING'), REACH_MS)
    }
  })
})
