// Gossip in batches: a node's facts go out many to a gossip message on /aios-comm/facts/2; a peer that reads only
// /aios-comm/facts/1 (an older daemon) still gets each of them, one per message; a batch holding a bad fact, too
// many facts or too many bytes is refused whole, and the node goes on taking good ones.
import { describe, expect, it } from 'vitest'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { buildCard, cardJson, signCard, utf8, verifyCardJson, type KeyPair } from '../../../cards/index.js'
import { factBatchFromWire, factBatchToWire, factFromWire, factToWire, type FactData } from '../../../proto/index.js'
import { FACTS_TOPIC, FACT_BATCH_TOPIC, GOSSIP_BATCH_FACTS, MAX_GOSSIP_BATCH_DATA_BYTES } from '../../../daemon/sync/constants.js'
import type { MeshNode } from '../../../daemon/net/node.js'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../../helpers/mesh.js'
import { homeKey, rawPeer } from '../../helpers/raw-peer.js'

const WAIT_MS = 60_000

/** A raw peer with `x`'s node key (x's daemon stopped), connected to `to`, subscribed to `topics`, as `to` sees it. */
async function standIn (x: MeshNodeHandle, to: MeshNodeHandle, topics: string[]): Promise<MeshNode> {
  await x.daemon.stop()
  const peer = await rawPeer(x.home, p => p === to.daemon.peerId)
  const pid = peerIdFromString(to.daemon.peerId)
  await peer.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${to.port}`)] })
  await peer.dial(pid)
  for (const t of topics) peer.services.pubsub.subscribe(t)
  return peer
}

/** Every gossip message `peer` receives on `topic`, as decoded facts per message. */
function heard (peer: MeshNode, topic: string): FactData[][] {
  const got: FactData[][] = []
  peer.services.pubsub.addEventListener('message', e => {
    const m = e.detail
    if (m.topic !== topic) return
    got.push(topic === FACT_BATCH_TOPIC ? factBatchFromWire(m.data).facts : [factFromWire(m.data)])
  })
  return got
}

function newerCard (json: string, key: KeyPair, seq: number, description?: string): string {
  const v = verifyCardJson(json)
  if (!v.ok) throw new Error(v.reason)
  const c = v.card
  return cardJson(signCard(buildCard(key.publicKey, {
    handle: c.handle, peerId: c.peerId, multiaddrs: c.multiaddrs, seq, carrier: c.carrier, model: c.model, pane: c.pane,
    updatedAtMs: Date.now(), endorsement: c.endorsement, description
  }), key))
}

const receiptFacts = (home: string): number => query(home, "SELECT count(*) AS n FROM facts WHERE kind = 'receipt'")[0].n

describe('gossip in batches', () => {
  it('a node publishes its facts many to a message; a peer reading one fact per message gets each one', async () => {
    const [a, b, c] = await createMesh(3)
    await a.daemon.call('actor.add', { handle: 'agent-a2' })
    const batched = await standIn(b, a, [FACT_BATCH_TOPIC])
    const single = await standIn(c, a, [FACTS_TOPIC])
    const batches = heard(batched, FACT_BATCH_TOPIC)
    const singles = heard(single, FACTS_TOPIC)
    await waitFor('a subscribed to both topics, as the peers see it', () => [
      batched.services.pubsub.getSubscribers(FACT_BATCH_TOPIC).map(String), single.services.pubsub.getSubscribers(FACTS_TOPIC).map(String)
    ], ([x, y]) => x.includes(a.daemon.peerId) && y.includes(a.daemon.peerId), WAIT_MS)

    // many messages to a seat on a's own node at once: a signs their DELIVERED receipts in a few commit groups
    const before = receiptFacts(a.home)
    const sent = 200
    const obs = await Promise.all(Array.from({ length: sent }, async (_, i) => (await a.daemon.call('notify', { as: 'agent-a', to: 'agent-a2', text: `m${i}` })).obligation))
    await Promise.all(obs.map(async ob => await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED' })))
    const made = receiptFacts(a.home) - before
    expect(made).toBeGreaterThanOrEqual(sent)
    const total = (l: FactData[][]): number => l.reduce((n, m) => n + m.length, 0)
    await waitFor('every receipt a made heard on both topics', () => [total(batches), total(singles)], ([x, y]) => x >= made && y >= made, WAIT_MS)
    expect(batches.length).toBeLessThan(total(batches)) // batched: fewer gossip messages than facts
    expect(Math.max(...batches.map(m => m.length))).toBeLessThanOrEqual(GOSSIP_BATCH_FACTS)
    expect(singles.every(m => m.length === 1)).toBe(true)

    // once no peer reads /1 alone, a publishes on /2 only
    await single.stop()
    batched.services.pubsub.subscribe(FACTS_TOPIC)
    const alsoSingle = heard(batched, FACTS_TOPIC)
    // a barrier: a takes a peer's messages in the order it sent them, so once a has taken a fact the batch reader
    // gossips on /1 after subscribing to it, a knows that it reads /1 too
    const accepted = async (): Promise<number> => (await a.daemon.call('node.status')).truth.gossip.accepted
    const acceptedBefore = await accepted()
    const cJson = query(a.home, "SELECT json FROM cards WHERE handle = 'agent-c'")[0].json as string
    await batched.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'card', envelope: utf8(newerCard(cJson, homeKey(c.home, 'keys/agent-c.key'), 2)) }))
    await waitFor('a took the fact the batch reader gossiped on /1', accepted, n => n > acceptedBefore, WAIT_MS)
    const heardBefore = total(batches)
    const more = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-a2', text: 'one more' })
    await a.daemon.call('wait', { obligation: more.obligation, state: 'DELIVERED' })
    await waitFor('the next receipt heard on /2', () => total(batches), n => n > heardBefore, WAIT_MS)
    expect(alsoSingle).toEqual([])
  }, 180_000)

  it('a batch holding a bad fact, too many facts or too many bytes is refused whole; a good one after it is taken', async () => {
    const [a, b, c] = await createMesh(3, { topology: 'chain' })
    const rogue = await standIn(c, b, [FACT_BATCH_TOPIC])
    await waitFor('b subscribed, as the rogue sees it', () => rogue.services.pubsub.getSubscribers(FACT_BATCH_TOPIC).map(String), l => l.includes(b.daemon.peerId), WAIT_MS)
    const cKey = homeKey(c.home, 'keys/agent-c.key')
    const cJson = query(b.home, "SELECT json FROM cards WHERE handle = 'agent-c'")[0].json as string
    const seqAt = (home: string): number => query(home, "SELECT seq FROM cards WHERE handle = 'agent-c'")[0]?.seq
    const card = (json: string): FactData => ({ seq: 0, kind: 'card', envelope: utf8(json) })
    const publish = async (facts: FactData[]): Promise<void> => { await rogue.services.pubsub.publish(FACT_BATCH_TOPIC, factBatchToWire({ facts })) }
    const rejected = async (): Promise<number> => (await b.daemon.call('node.status')).truth.gossip.rejected

    // a valid card and a forged one in one batch: the forged one is never held; the message is refused
    const forged = JSON.parse(newerCard(cJson, cKey, 3))
    forged.description = 'I am someone else now'
    await publish([card(newerCard(cJson, cKey, 2)), card(JSON.stringify(forged))])
    await waitFor('b refused the batch', rejected, n => n === 1, WAIT_MS)
    expect(b.daemon.stderr).toMatch(/gossiped fact refused.*CARD_BAD_SIGNATURE|CARD_BAD_SIGNATURE.*gossiped fact refused/)

    // more facts than a batch may hold, and more bytes than a batch may have
    await publish(Array.from({ length: GOSSIP_BATCH_FACTS + 1 }, (_, i) => card(newerCard(cJson, cKey, 10 + i))))
    await waitFor('b refused the batch of too many facts', rejected, n => n === 2, WAIT_MS)
    await publish([{ seq: 0, kind: 'card', envelope: new Uint8Array(MAX_GOSSIP_BATCH_DATA_BYTES) }])
    await waitFor('b refused the batch of too many bytes', rejected, n => n === 3, WAIT_MS)
    expect(b.daemon.stderr).toMatch(/FACT_MALFORMED/)
    expect(b.daemon.stderr).toMatch(/FACT_TOO_LARGE/)
    expect(seqAt(b.home)).toBe(2) // of all three, only the valid card beside the forged one was taken

    // b goes on: a good batch after them reaches a through b
    await publish([card(newerCard(cJson, cKey, 200)), card(newerCard(cJson, cKey, 201))])
    await waitFor('seq 201 at a, through b', () => seqAt(a.home), s => s === 201, WAIT_MS)
    for (const home of [a.home, b.home]) {
      expect(query(home, "SELECT count(*) AS n FROM cards WHERE json LIKE '%someone else%'")[0].n).toBe(0)
      expect(query(home, "SELECT count(*) AS n FROM facts WHERE kind = 'card' AND CAST(bytes AS TEXT) LIKE '%someone else%'")[0].n).toBe(0)
    }
  }, 180_000)
})
