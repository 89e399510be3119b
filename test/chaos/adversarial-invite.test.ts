// A stranger (a libp2p node holding no card) connected while an invitation is open: the gater lets it in, and then
// it may use /aios-comm/join/1 and nothing else. The DHT, gossip, deliver and sync all refuse it, no node names it to
// anyone, and a wrong invitation secret is refused before anything is checked, endorsed or disclosed, and limited.
import { describe, expect, it, onTestFinished } from 'vitest'
import { randomBytes } from 'node:crypto'
import { lpStream } from '@libp2p/utils'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { generateKeyPair, parseKeyText, signAdmissionRequest, utf8 } from '../../cards/index.js'
import {
  factToWire, joinRequestToWire, joinResponseFromWire, syncPageFromWire, syncRequestToWire,
  type JoinRequestData, type JoinResponseData
} from '../../proto/index.js'
import { createNode, type MeshNode } from '../../daemon/net/node.js'
import { FACTS_TOPIC, SYNC_PROTOCOL } from '../../daemon/sync/constants.js'
import { factMessageId } from '../../daemon/sync/gossip.js'
import { cardKey } from '../../daemon/directory/dht.js'
import { JOIN_PROTOCOL, WRONG_SECRETS_BURST, parseToken } from '../../daemon/join/index.js'
import { actorAdd } from '../../daemon/index.js'
import { createMesh, query, waitFor, withCtx, type MeshNodeHandle } from '../helpers/mesh.js'
import { openDeliver, rawPeer, signedMessage } from '../helpers/raw-peer.js'
import { KAD, cidKey, kadAsk, peerKey, type KadAnswer } from '../helpers/kad-rpc.js'
import { recordTally } from './report.js'

const tally = { forgedAccepted: 0, crashes: 0 }

/** A node with a fresh key, holding no card of any mesh, that accepts everyone and knows where `to` listens. */
async function stranger (to: MeshNodeHandle): Promise<MeshNode> {
  const node = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
  await node.start()
  await node.peerStore.merge(peerIdFromString(to.daemon.peerId), { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${to.port}`)] })
  return node
}

async function joinAttempt (node: MeshNode, to: MeshNodeHandle, req: Partial<JoinRequestData>): Promise<JoinResponseData | undefined> {
  const stream = await node.dialProtocol(peerIdFromString(to.daemon.peerId), JOIN_PROTOCOL, { signal: AbortSignal.timeout(10_000) })
  const lp = lpStream(stream)
  try {
    await lp.write(joinRequestToWire({ secret: new Uint8Array(32), requests: [], cards: [], ...req }))
    return joinResponseFromWire((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray())
  } catch {
    return undefined
  } finally {
    stream.abort(new Error('done'))
  }
}

const peersIn = (a: KadAnswer | undefined): string[] => [...a?.closer ?? [], ...a?.providers ?? []].map(p => p.peerId)

function alive (...nodes: MeshNodeHandle[]): void {
  for (const n of nodes) if (!n.daemon.running) tally.crashes++
  for (const n of nodes) expect(n.daemon.running).toBe(true)
}

describe('chaos: a stranger during an open invitation', () => {
  it('may open the join protocol and nothing else: the DHT, gossip, deliver and sync refuse it, and no node names it', async () => {
    const [a, b, c] = await createMesh(3, { start: false })
    await Promise.all([a.daemon.start(), b.daemon.start()])
    const member = await rawPeer(c.home) // c's node, trusted, asking the same questions: what the DHT tells members
    await member.peerStore.merge(peerIdFromString(a.daemon.peerId), { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${a.port}`)] })
    // agent-b's card in a's DHT, put there now rather than whenever b's own put runs
    const cardB = query<{ json: string }>(a.home, "SELECT json FROM cards WHERE handle = 'agent-b'")[0].json
    expect(await kadAsk(member, a.daemon.peerId, KAD.PUT_VALUE, cardKey('agent-b'), utf8(cardB))).toBeDefined()
    const heldByA = await kadAsk(member, a.daemon.peerId, KAD.GET_VALUE, cardKey('agent-b'))
    expect(Buffer.from(heldByA!.value!).toString('utf8')).toContain(b.daemon.peerId)
    const { token } = await a.daemon.call('invite', {})

    const s = await stranger(a)
    onTestFinishedStop(s)
    const heard: Uint8Array[] = []
    s.services.pubsub.subscribe(FACTS_TOPIC)
    s.services.pubsub.addEventListener('message', evt => { heard.push(evt.detail.data) })

    // (1) the join protocol is open to it (a wrong secret gets an answer: the refusal)
    const joined = await joinAttempt(s, a, { secret: new Uint8Array(32).fill(9) })
    expect(joined?.errorCode).toBe('INVITE_INVALID')
    expect(parseToken(token).peer).toBe(a.daemon.peerId)

    // (2) the DHT answers it nothing: no record, no member's peer id or address
    for (const [type, key] of [[KAD.FIND_NODE, peerKey(b.daemon.peerId)], [KAD.GET_VALUE, cardKey('agent-b')], [KAD.GET_PROVIDERS, cidKey(b.daemon.peerId)]] as const) {
      const answer = await kadAsk(s, a.daemon.peerId, type, key)
      expect(peersIn(answer)).not.toContain(b.daemon.peerId)
      expect(answer?.value).toBeUndefined()
      expect(answer).toBeUndefined()
    }

    // (3) gossip: a never takes the stranger in; its publish reaches nobody, and a member's copy of the same fact is taken
    await withCtx(c.home, async ctx => await actorAdd(ctx, 'agent-c', { model: 'model-two' })) // agent-c's card, seq 2
    const card2 = await withCtx(c.home, ctx => ctx.store.identity.card('agent-c')!.json)
    const seqAtA = async (): Promise<number> => (await a.daemon.call('where', { handle: 'agent-c' })).seq
    expect(await seqAtA()).toBe(1)
    const gossipRefused = (): boolean => a.daemon.stderr.includes(`"peer":"${s.peerId.toString()}","protocol":"/meshsub/`)
    await waitFor('a refuses the stranger its gossip stream (or, unguarded, subscribes to it)', () => ({ refused: gossipRefused(), sees: s.services.pubsub.getSubscribers(FACTS_TOPIC).map(String) }), v => v.refused || v.sees.includes(a.daemon.peerId))
    const published = await s.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'card', envelope: utf8(card2) }))
    expect(published.recipients.map(String)).not.toContain(a.daemon.peerId)
    expect(await seqAtA()).toBe(1)
    await waitFor('a member subscribed at a', () => member.services.pubsub.getSubscribers(FACTS_TOPIC).map(String), l => l.includes(a.daemon.peerId))
    await member.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'card', envelope: utf8(card2) }))
    await waitFor("a takes the member's copy", seqAtA, n => n === 2)
    // … and the facts a makes itself reach members by gossip, never the stranger
    await a.daemon.call('actor.add', { handle: 'agent-a', model: 'model-two' })
    await waitFor("b hears of agent-a's new card (or, unguarded, the stranger does)", async () => ({ b: (await b.daemon.call('where', { handle: 'agent-a' })).seq, refused: gossipRefused(), heard: heard.length }), v => (v.b === 2 && v.refused) || v.heard > 0)
    expect(heard).toEqual([])

    // (4) deliver and sync refuse it
    const deliver = await openDeliver(s, a.daemon.peerId, a.port)
    const res = await deliver.request({ messages: [signedMessage(generateKeyPair(), { from: 'stranger', to: 'agent-a' }).bytes] })
    expect(res.error?.code).toBe('PEER_NOT_TRUSTED')
    expect(await syncPage(s, a)).toBeUndefined()

    // nobody is told of the stranger: a member asking for its id, or near it, does not get it back
    for (const [type, key] of [[KAD.FIND_NODE, peerKey(s.peerId.toString())], [KAD.GET_VALUE, peerKey(s.peerId.toString())], [KAD.GET_PROVIDERS, cidKey(s.peerId.toString())]] as const) {
      const answer = await kadAsk(member, a.daemon.peerId, type, key)
      expect(answer).toBeDefined()
      expect(peersIn(answer)).not.toContain(s.peerId.toString())
    }
    const near = await kadAsk(member, a.daemon.peerId, KAD.FIND_NODE, peerKey(b.daemon.peerId))
    expect(peersIn(near)).toContain(b.daemon.peerId) // the DHT still serves members
    tally.forgedAccepted += query(a.home, "SELECT count(*) AS n FROM cards WHERE peer_id = ?", s.peerId.toString())[0].n
    alive(a, b)
  })

  it('a wrong secret is refused before anything is checked or endorsed; guessing is limited', async () => {
    const [a] = await createMesh(2, { start: false }) // agent-b's card is held at a; b need not run
    await a.daemon.start()
    const { token } = await a.daemon.call('invite', {})
    const t = parseToken(token)
    const meshKey = parseKeyText(t.mesh)!
    const s = await stranger(a)
    onTestFinishedStop(s)
    const key = generateKeyPair()
    const request = (handle: string): Uint8Array => signAdmissionRequest(key, meshKey, handle, Date.now())

    // a request naming a handle the mesh holds: with a wrong secret, the answer says nothing about the handle
    const conflict = await joinAttempt(s, a, { secret: new Uint8Array(32).fill(1), requests: [request('agent-b')] })
    expect(conflict).toMatchObject({ errorCode: 'INVITE_INVALID', endorsements: [], cards: [], bootstrap: [] })
    let wrong = 1
    for (;;) {
      const r = await joinAttempt(s, a, { secret: new Uint8Array(randomBytes(32)), requests: [request('stranger-1')] })
      expect(r).toMatchObject({ endorsements: [], cards: [], bootstrap: [] })
      if (r?.errorCode === 'JOIN_RATE_LIMITED') break
      expect(r?.errorCode).toBe('INVITE_INVALID')
      wrong++
      expect(wrong).toBeLessThanOrEqual(WRONG_SECRETS_BURST)
    }
    expect(wrong).toBe(WRONG_SECRETS_BURST)
    // once limited, not even the right secret is looked at
    expect(await joinAttempt(s, a, { secret: t.secret, requests: [request('stranger-1')] })).toMatchObject({ errorCode: 'JOIN_RATE_LIMITED', endorsements: [] })
    expect(query(a.home, 'SELECT count(*) AS n FROM invites WHERE used_at_ms IS NOT NULL')[0].n).toBe(0)
    expect(query(a.home, "SELECT count(*) AS n FROM cards WHERE handle = 'stranger-1'")[0].n).toBe(0)
    expect(a.daemon.stderr).toContain('"code":"INVITE_INVALID"')
    alive(a)
    recordTally({ suite: 'stranger during an invitation', cycles: 2, messages: 0, forgedAccepted: tally.forgedAccepted, crashes: tally.crashes })
    expect(tally.forgedAccepted).toBe(0)
  })
})

async function syncPage (node: MeshNode, to: MeshNodeHandle): Promise<unknown> {
  try {
    const stream = await node.dialProtocol(peerIdFromString(to.daemon.peerId), SYNC_PROTOCOL, { signal: AbortSignal.timeout(10_000) })
    const lp = lpStream(stream)
    await lp.write(syncRequestToWire({ since: 0, limit: 0, tail: false }))
    return syncPageFromWire((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray())
  } catch {
    return undefined
  }
}

function onTestFinishedStop (node: MeshNode): void {
  onTestFinished(async () => { await node.stop() })
}
