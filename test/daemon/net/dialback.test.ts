// /aios-comm/dialback/1 against a real daemon: a trusted peer's claim "I am at A" is confirmed only when a new
// connection to exactly A proves its peer id; another peer's address, a closed port, another host or another peer
// id get no, or no dial at all; a no comes no sooner than a yes could have; asks are limited per peer.
import { describe, expect, it } from 'vitest'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream } from '@libp2p/utils'
import { createMesh, freePort } from '../../helpers/mesh.js'
import { rawPeer } from '../../helpers/raw-peer.js'
import { DIALBACK, DIALBACK_PROTOCOL } from '../../../daemon/net/index.js'
import type { MeshNode } from '../../../daemon/net/index.js'

async function ask (asker: MeshNode, server: { peerId: string, port: number }, addr: string): Promise<{ answer: number, ms: number }> {
  const pid = peerIdFromString(server.peerId)
  await asker.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${server.port}`)] })
  const started = Date.now()
  const stream = await asker.dialProtocol(pid, DIALBACK_PROTOCOL)
  const lp = lpStream(stream)
  await lp.write(multiaddr(addr).bytes)
  const answer = (await lp.read({ signal: AbortSignal.timeout(20_000) })).subarray()
  await stream.close()
  expect(answer.length).toBe(1)
  return { answer: answer[0], ms: Date.now() - started }
}

describe('dial-back', () => {
  it('confirms a claim only when the dial reaches the asker, and refuses to dial anyone else', { timeout: 60_000 }, async () => {
    const [a, b, c] = await createMesh(3, { start: false })
    await a.daemon.start()
    await b.daemon.start()
    const server = { peerId: (await a.daemon.call('node.status')).peerId as string, port: a.port }
    const bId = (await b.daemon.call('node.status')).peerId as string
    // the asker holds c's node key (c's daemon is not running): a node that hosts a trusted actor
    const asker = await rawPeer(c.home)
    const me = asker.peerId.toString()
    const myPort = Number(asker.getMultiaddrs()[0].toString().split('/')[4])

    // the asker is there: yes
    expect((await ask(asker, server, `/ip4/127.0.0.1/tcp/${myPort}/p2p/${me}`)).answer).toBe(DIALBACK.reached)
    // an address that leads to another node (b answers the handshake as itself), and a closed port: no, and only
    // after the whole dial budget, so the time taken tells nothing about what listens there
    const closed = await freePort()
    const [other, nothing] = await Promise.all([
      ask(asker, server, `/ip4/127.0.0.1/tcp/${b.port}/p2p/${me}`),
      ask(asker, server, `/ip4/127.0.0.1/tcp/${closed}/p2p/${me}`)
    ])
    expect(other.answer).toBe(DIALBACK.unreachable)
    expect(nothing.answer).toBe(DIALBACK.unreachable)
    expect(nothing.ms).toBeGreaterThanOrEqual(4900)
    // another host than the asker's connection comes from, and another peer id: refused without a dial
    expect((await ask(asker, server, `/ip4/203.0.113.9/tcp/7733/p2p/${me}`)).answer).toBe(DIALBACK.refused)
    expect((await ask(asker, server, `/ip4/127.0.0.1/tcp/${b.port}/p2p/${bId}`)).answer).toBe(DIALBACK.refused)
    // six asks a minute per peer: the seventh is refused, however good its address
    expect((await ask(asker, server, `/ip4/127.0.0.1/tcp/${myPort}/p2p/${me}`)).answer).toBe(DIALBACK.reached)
    expect((await ask(asker, server, `/ip4/127.0.0.1/tcp/${myPort}/p2p/${me}`)).answer).toBe(DIALBACK.refused)
  })
})
