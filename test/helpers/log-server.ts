// A node's fact log served over real libp2p: a home with agent-a, its Core on real SQLite, a libp2p node (`server`,
// the home's node key) and a trusted peer (`client`, hosting agent-b) that can dial it. The sync server and the
// gossip publisher are started by the test that needs them.
import '../../daemon/runtime/polyfill.js'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey, peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream } from '@libp2p/utils'
import { buildCard, cardJson, keyPairFromSeed, signCard, signEndorsement } from '../../cards/index.js'
import { syncPageFromWire, syncRequestToWire, type FactData } from '../../proto/index.js'
import { HomeContext, actorAdd, importCardJson, initHome, meshCreate, refreshLocalCard } from '../../daemon/index.js'
import { Core } from '../../daemon/core.js'
import { Directory } from '../../daemon/directory/directory.js'
import { createLogger } from '../../daemon/runtime/log.js'
import { createNode, type MeshNode } from '../../daemon/net/node.js'
import { MAX_FRAME_BYTES } from '../../daemon/net/index.js'
import { factMessageId, SYNC_PROTOCOL } from '../../daemon/sync/index.js'

const PEER_SEED = new Uint8Array(32).fill(102) // the libp2p key of the node that hosts agent-b (the client)

export interface LogServer { dir: string, ctx: HomeContext, core: Core, server: MeshNode, client: MeshNode }

export async function logServer (prefix: string): Promise<LogServer> {
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), prefix))
  await initHome(dir, { listen: ['/ip4/127.0.0.1/tcp/0'] })
  let ctx = HomeContext.open(dir)
  meshCreate(ctx)
  await actorAdd(ctx, 'agent-a')
  await refreshLocalCard(ctx, 'agent-a')
  const owner = ctx.requireMeshOwnerKey()
  const b = keyPairFromSeed(new Uint8Array(32).fill(2))
  const bPeer = peerIdFromPrivateKey(await generateKeyPairFromSeed('Ed25519', PEER_SEED)).toString()
  const now = Date.now()
  importCardJson(ctx, cardJson(signCard(buildCard(b.publicKey, {
    handle: 'agent-b', peerId: bPeer, multiaddrs: ['/ip4/127.0.0.1/tcp/1'], seq: 1, carrier: 'shell', model: 'm', updatedAtMs: now, endorsement: signEndorsement(owner, 'agent-b', b.publicKey, now)
  }), b)))
  ctx.close()
  ctx = HomeContext.open(dir)
  const peerId = await ctx.peerId()
  const core = new Core(ctx, new Directory(ctx, peerId), peerId, createLogger('log-server', 'error'))
  const server = await createNode({ seed: ctx.nodeKey().seed, listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
  await server.start()
  const client = await createNode({ seed: PEER_SEED, listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
  await client.start()
  await client.peerStore.merge(server.peerId, { multiaddrs: server.getMultiaddrs().map(a => multiaddr(a.toString().replace(/\/p2p\/.*$/, ''))) })
  return { dir, ctx, core, server, client }
}

/**
 * The client's sync stream to the server: the request sent (with `window`, pages the server may send ahead of acks),
 * pages read one at a time, anything else (an ack) sent by hand; `close` ends the client's side, and it reads on.
 */
export async function openSync (s: LogServer, since: number, tail: boolean, window = 0): Promise<{ read: () => Promise<ReturnType<typeof syncPageFromWire>>, send: (bytes: Uint8Array) => Promise<void>, close: () => Promise<void>, abort: () => void }> {
  const stream = await s.client.dialProtocol(peerIdFromString(s.server.peerId.toString()), SYNC_PROTOCOL)
  // room for every page a server could send unasked: what one that keeps no window sends can then be counted
  const lp = lpStream(stream, { maxDataLength: MAX_FRAME_BYTES, maxBufferSize: 64 << 20 })
  await lp.write(syncRequestToWire({ since, limit: 0, tail, window }))
  return {
    read: async () => syncPageFromWire((await lp.read()).subarray()),
    send: async bytes => { await lp.write(bytes) },
    close: async () => { await stream.close() },
    abort: () => { stream.abort(new Error('done')) }
  }
}

/** One request without the tail: the facts of the pages the server sends, then its close. */
export async function pull (s: LogServer, since: number): Promise<FactData[]> {
  const sync = await openSync(s, since, false)
  const got: FactData[] = []
  for (;;) {
    const page = await sync.read()
    got.push(...page.facts)
    if (page.done) break
  }
  await sync.close()
  return got
}

/** Both nodes stopped, the store closed and the home removed (it is in /dev/shm where there is one: memory). */
export async function stopLogServer (s: LogServer | undefined): Promise<void> {
  await s?.client.stop()
  await s?.server.stop()
  s?.ctx.close()
  if (s !== undefined) rmSync(s.dir, { recursive: true, force: true })
}
