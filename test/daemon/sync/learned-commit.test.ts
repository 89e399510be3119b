// A fact learned from a peer is stored without an fsync of its own, by gossip and by sync alike (real SQLite, a real
// gossipsub topic validator, a real sync stream over libp2p): the live spread never waits on the disk at each hop. It
// is still served on by sequence only once a durable commit covers it (the fact log's watermark).
import '../../../daemon/runtime/polyfill.js'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey, peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream } from '@libp2p/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCard, cardJson, keyPairFromSeed, sha256, signCard, signEndorsement, utf8, type KeyPair } from '../../../cards/index.js'
import { factToWire, syncPageToWire, syncRequestFromWire } from '../../../proto/index.js'
import { HomeContext, actorAdd, importCardJson, initHome, meshCreate, refreshLocalCard } from '../../../daemon/index.js'
import { Core } from '../../../daemon/core.js'
import { Directory } from '../../../daemon/directory/directory.js'
import { createLogger } from '../../../daemon/runtime/log.js'
import { createNode, type MeshNode } from '../../../daemon/net/node.js'
import { FACTS_TOPIC, FactGossip, SyncClient, factMessageId, SYNC_PROTOCOL } from '../../../daemon/sync/index.js'

const PEER_SEED = new Uint8Array(32).fill(103) // the libp2p key of the peer that hosts agent-b (it relays and serves facts)

interface Setup { ctx: HomeContext, core: Core, here: MeshNode, peer: MeshNode, owner: KeyPair, peerId: string }

async function setup (): Promise<Setup> {
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'aios-learned-'))
  await initHome(dir, { listen: ['/ip4/127.0.0.1/tcp/0'] })
  let ctx = HomeContext.open(dir)
  meshCreate(ctx)
  await actorAdd(ctx, 'agent-a')
  await refreshLocalCard(ctx, 'agent-a')
  const owner = ctx.requireMeshOwnerKey()
  const peerId = peerIdFromPrivateKey(await generateKeyPairFromSeed('Ed25519', PEER_SEED)).toString()
  importCardJson(ctx, newCard(owner, 'agent-b', 2, peerId))
  ctx.close()
  ctx = HomeContext.open(dir)
  const here = await ctx.peerId()
  const core = new Core(ctx, new Directory(ctx, here), here, createLogger('learned', 'error'))
  const node = await createNode({ seed: ctx.nodeKey().seed, listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
  await node.start()
  const peer = await createNode({ seed: PEER_SEED, listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
  await peer.start()
  await node.peerStore.merge(peer.peerId, { multiaddrs: peer.getMultiaddrs().map(a => multiaddr(a.toString().replace(/\/p2p\/.*$/, ''))) })
  return { ctx, core, here: node, peer, owner, peerId }
}

/** The JSON of a card for a new actor, endorsed by the mesh owner, hosted on `peerId`: a fact any node accepts. */
function newCard (owner: KeyPair, handle: string, seed: number, peerId: string): string {
  const k = keyPairFromSeed(new Uint8Array(32).fill(seed))
  const now = Date.now()
  return cardJson(signCard(buildCard(k.publicKey, {
    handle, peerId, multiaddrs: ['/ip4/127.0.0.1/tcp/1'], seq: 1, carrier: 'shell', model: 'm', updatedAtMs: now, endorsement: signEndorsement(owner, handle, k.publicKey, now)
  }), k))
}

describe('facts learned from a peer', () => {
  let s: Setup
  beforeAll(async () => { s = await setup() })
  afterAll(async () => {
    await s?.peer.stop()
    await s?.here.stop()
    s?.ctx.close()
  })

  it('a gossiped fact is stored and accepted for relaying without an fsync; a durable commit covers it before it is served by sequence', async () => {
    const store = s.core.store
    const gossip = new FactGossip(s.here.services.pubsub, s.core)
    gossip.start()
    try {
      const validate = s.here.services.pubsub.topicValidators.get(FACTS_TOPIC)
      expect(validate).toBeDefined()
      const bytes = utf8(newCard(s.owner, 'agent-c', 3, s.peerId))
      const durableBefore = store.commit.durableCommits
      const verdict = await validate!(peerIdFromString(s.peerId), { type: 'unsigned', topic: FACTS_TOPIC, data: factToWire({ seq: 0, kind: 'card', envelope: bytes }) })
      expect(verdict).toBe('accept')
      expect(store.facts.has(sha256(bytes))).toBe(true)
      expect(store.commit.durableCommits, 'the gossiped fact waited for an fsync before it was accepted').toBe(durableBefore)
      const seq = store.facts.head()
      expect(store.facts.durableHead(), 'a relaxed fact counted as durable').toBeLessThan(seq)
      await store.watermark.whenDurable() // what the sync tail waits for before serving it on
      expect(store.facts.durableHead()).toBe(seq)
    } finally {
      gossip.stop()
    }
  })

  it('a fact in a sync page is stored without an fsync, with the checkpoint for that peer', async () => {
    const store = s.core.store
    const bytes = utf8(newCard(s.owner, 'agent-d', 4, s.peerId))
    const served = new Promise<void>((resolve, reject) => {
      void s.peer.handle(SYNC_PROTOCOL, async stream => {
        try {
          const lp = lpStream(stream)
          syncRequestFromWire((await lp.read()).subarray())
          await lp.write(syncPageToWire({ facts: [{ seq: 7, kind: 'card', envelope: bytes }], head: 7, done: true }))
          resolve() // the stream stays open, as a live tail does
        } catch (err) {
          reject(err as Error)
        }
      })
    })
    const durableBefore = store.commit.durableCommits
    const sync = new SyncClient(s.here, s.core)
    try {
      void sync.pull(s.peerId)
      await served
      await new Promise<void>(resolve => {
        const onAppend = (): void => { if (store.facts.has(sha256(bytes))) { s.core.events.off('facts:appended', onAppend); resolve() } }
        s.core.events.on('facts:appended', onAppend)
        onAppend()
      })
      await store.commit.run(() => {}, { durable: false }) // the page's commit, queued before this one, has finished
      expect(store.facts.has(sha256(bytes))).toBe(true)
      expect(store.facts.checkpoint(s.peerId)).toBe(7)
      expect(store.commit.durableCommits, 'the sync page waited for an fsync').toBe(durableBefore)
    } finally {
      sync.close()
    }
  })
})
