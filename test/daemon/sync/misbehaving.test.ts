// A misbehaving peer gossips forged, stale and revoked cards: none is accepted, none is relayed; revocation
// spreads and the revoked actor's node is cut off. A page of refused facts costs the log one line, not one a fact.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { lpStream } from '@libp2p/utils'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { buildCard, cardJson, signCard, utf8, verifyCardJson, type KeyPair } from '../../../cards/index.js'
import { factToWire, syncPageToWire } from '../../../proto/index.js'
import { FACTS_TOPIC, SYNC_PROTOCOL } from '../../../daemon/sync/constants.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'
import { homeKey, rawPeer } from '../../helpers/raw-peer.js'

function cardFrom (json: string, key: KeyPair, changes: { seq: number, description?: string, updatedAtMs?: number }): string {
  const v = verifyCardJson(json)
  if (!v.ok) throw new Error(v.reason)
  const c = v.card
  const card = signCard(buildCard(key.publicKey, {
    handle: c.handle, peerId: c.peerId, multiaddrs: c.multiaddrs, seq: changes.seq, carrier: c.carrier, model: c.model, pane: c.pane,
    updatedAtMs: changes.updatedAtMs ?? Date.now(), endorsement: c.endorsement, description: changes.description
  }), key)
  return cardJson(card)
}

describe('misbehaving peers', () => {
  it('forged, stale and revoked cards are neither accepted nor relayed', async () => {
    const [a, b, c] = await createMesh(3, { topology: 'chain' })
    // a spare seat on the owner's node, endorsed and then revoked: its key is in the rogue's hands
    await a.daemon.call('actor.add', { handle: 'agent-x' })
    const xCard = JSON.stringify(await a.daemon.call('card.show', { handle: 'agent-x' }), null, 2)
    const xKey = homeKey(a.home, 'keys/agent-x.key')
    // the card first: a node that hears of the revocation before the card refuses the card, and has none to show
    await waitFor('b holds the card of agent-x', () => query(b.home, "SELECT count(*) AS n FROM cards WHERE handle = 'agent-x'")[0].n, n => n === 1)
    await a.daemon.call('mesh.revoke', { target: 'agent-x' })
    await waitFor('b knows the revocation', () => query(b.home, 'SELECT count(*) AS n FROM revocations')[0].n, n => n === 1)

    await c.daemon.stop()
    const rogue = await rawPeer(c.home, peer => peer === b.daemon.peerId)
    const pid = peerIdFromString(b.daemon.peerId)
    await rogue.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${b.port}`)] })
    await rogue.dial(pid)
    rogue.services.pubsub.subscribe(FACTS_TOPIC)
    await waitFor('the rogue meshed with b', () => rogue.services.pubsub.getSubscribers(FACTS_TOPIC).map(p => p.toString()), l => l.includes(b.daemon.peerId))
    const publish = async (json: string): Promise<void> => { await rogue.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'card', envelope: utf8(json) })) }
    const cKey = homeKey(c.home, 'keys/agent-c.key')
    const cJson = query(b.home, "SELECT json FROM cards WHERE handle = 'agent-c'")[0].json as string
    const seqAt = (home: string): number => query(home, "SELECT seq FROM cards WHERE handle = 'agent-c'")[0]?.seq

    // a valid newer card goes through b to a: the path works
    await publish(cardFrom(cJson, cKey, { seq: 3 }))
    await waitFor('seq 3 at a, relayed by b', () => seqAt(a.home), s => s === 3)

    const forged = JSON.parse(cardFrom(cJson, cKey, { seq: 4 }))
    forged.description = 'I am someone else now'
    await publish(JSON.stringify(forged))
    await publish(cardFrom(cJson, cKey, { seq: 2, updatedAtMs: Date.now() - 1000 })) // stale: lower than held
    await publish(cardFrom(xCard, xKey, { seq: 2 })) // the revoked key
    await waitFor('b refused the forged and the revoked card', async () => (await b.daemon.call('node.status')).truth.gossip.rejected, n => n >= 2)

    // a barrier: a later valid card reaches a, so anything b would have relayed before it has reached a too
    await publish(cardFrom(cJson, cKey, { seq: 5 }))
    await waitFor('seq 5 at a', () => seqAt(a.home), s => s === 5)
    expect(seqAt(b.home)).toBe(5)
    expect((await a.daemon.call('node.status')).truth.gossip.rejected).toBe(0)
    for (const home of [a.home, b.home]) {
      expect(query(home, "SELECT count(*) AS n FROM cards WHERE json LIKE '%someone else%'")[0].n).toBe(0)
      expect(query(home, "SELECT seq FROM cards WHERE handle = 'agent-x'")[0].seq).toBe(1)
      expect(query(home, "SELECT count(*) AS n FROM facts WHERE kind = 'card' AND CAST(bytes AS TEXT) LIKE '%someone else%'")[0].n).toBe(0)
    }
  }, 120_000)

  it('revocation spreads: the revoked seat can no longer send, and its node is cut off', async () => {
    const [a, b, c] = await createMesh(3)
    const before = await c.daemon.call('notify', { to: 'agent-b', text: 'still trusted' })
    await c.daemon.call('wait', { obligation: before.obligation, state: 'DELIVERED' })
    await a.daemon.call('mesh.revoke', { target: 'agent-c', reason: 'laptop lost' })
    await waitFor('revocation at b', async () => (await b.daemon.call('where', { handle: 'agent-c' })).problem, v => /CARD_REVOKED/.test(v ?? ''), 60_000)
    for (const x of [a, b]) {
      await waitFor(`${x.handle} dropped c`, async () => (await x.daemon.call('peers')).find((p: any) => p.peerId === c.daemon.peerId)?.connected ?? false, v => v === false, 60_000)
    }
    await expect(a.daemon.call('notify', { to: 'agent-c', text: 'to a revoked seat' })).rejects.toMatchObject({ code: 'CARD_REVOKED' })
    // c is cut off before it hears of its own revocation: what it sends now never reaches b
    const after = await c.daemon.call('notify', { to: 'agent-b', text: 'after revocation' })
    await waitFor('c tried and failed', async () => (await c.daemon.call('status', { obligation: after.obligation })).delivery?.attempts ?? 0, n => n >= 1, 60_000)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages')[0].n).toBe(1)
  }, 120_000)

  it('a sync page of refused facts is one log line that counts them, not a line for each', async () => {
    const [a, b] = await createMesh(2)
    await b.daemon.stop()
    const rogue = await rawPeer(b.home) // b's node key: a trusts it and pulls its fact log
    const REFUSED = 50 // receipts that do not decode: each one refused
    const facts = Array.from({ length: REFUSED }, (_, i) => ({ seq: i + 1, kind: 'receipt' as const, envelope: new Uint8Array(randomBytes(64)) }))
    let served = 0
    await rogue.handle(SYNC_PROTOCOL, stream => {
      void (async () => {
        const lp = lpStream(stream)
        await lp.read() // the request: whatever it asks, one page of them, then the tail stays open
        await lp.write(syncPageToWire({ facts, head: REFUSED, done: true }))
        served++
      })().catch(() => {})
    })
    const pid = peerIdFromString(a.daemon.peerId)
    await rogue.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${a.port}`)] })
    await rogue.dial(pid)
    const rogueId = rogue.peerId.toString()
    const lines = (): string[] => a.daemon.stderr.split('\n').filter(l => l.includes(rogueId) && l.includes('refused'))
    const counted = (): number => lines().reduce((n, l) => n + ((JSON.parse(l) as { refused?: number }).refused ?? 1), 0)
    await waitFor('a refused the page', counted, n => n >= REFUSED)
    expect(served).toBe(1)
    expect(lines()).toHaveLength(1)
    expect(JSON.parse(lines()[0])).toMatchObject({ msg: 'facts refused', refused: REFUSED, of: REFUSED, kind: 'receipt' })
    expect(query(a.home, "SELECT count(*) AS n FROM facts WHERE kind = 'receipt'")[0].n).toBe(0)
    expect((await a.daemon.call('node.status')).peers).toBeDefined() // still serving
  })
})
