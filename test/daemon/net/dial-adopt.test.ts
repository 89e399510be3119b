// A dial whose addresses hang ends as soon as the peer connects to this node. A sender whose card for a peer names
// a stale or silent address (a laptop that moved, a node behind NAT) waited for that attempt's timeout while the
// peer, back again, had already connected to it; the batch then failed and its rows waited out a backoff with the
// peer's connection open all along.
import { libp2pNode as node, tarpit } from '../../helpers/libp2p-node.js' // first: it loads the runtime polyfill
import type { Connection } from '@libp2p/interface'
import { describe, expect, it, onTestFinished } from 'vitest'
import { ADDRESS_TIMEOUT_MS } from '../../../daemon/net/index.js'
import { TcpProxy } from '../../chaos/faults/proxy.js'
import { waitFor } from '../../helpers/mesh.js'

const PING = '/ipfs/ping/1.0.0'

describe('a dial in flight', () => {
  it('ends with the connection the peer opens to this node', { timeout: 30_000 }, async () => {
    const [a, b] = [await node(), await node()]
    const pit = await tarpit()
    const bId = b.peerId.toString()
    const started = Date.now()
    let settled: 'open' | Error | undefined
    const dialing = a.services.dialer.connect(bId, [`/ip4/127.0.0.1/tcp/${pit.port}`])
      .then(c => { settled = 'open'; return c }, (err: Error) => { settled = err; throw err })
    const socket = await pit.accepted // a's attempt is under way, and will hear nothing
    let attemptEnded = false
    socket.once('close', () => { attemptEnded = true })
    expect(settled).toBeUndefined()
    await b.dial(a.getMultiaddrs()[0])
    const conn = await dialing
    expect(conn.remotePeer.toString()).toBe(bId)
    expect(conn.direction).toBe('inbound')
    expect(conn.status).toBe('open')
    // ended by b's connection, while the attempt on the silent address still hung (a dial that waited for it failed
    // at its timeout)
    expect(attemptEnded).toBe(false)
    expect(Date.now() - started).toBeLessThan(ADDRESS_TIMEOUT_MS)
    // the next dial is that connection
    expect((await a.services.dialer.connect(bId)).id).toBe(conn.id)
  })

  it('keeps its own attempt running, and the connection it makes: the peer may have adopted that one', { timeout: 15_000 }, async () => {
    // when two nodes dial each other at once, each may adopt the other's connection; had either aborted or closed its
    // own attempt then, it would have closed the very connection the other adopted
    const [a, b] = [await node(), await node()]
    const bId = b.peerId.toString()
    const gate = new TcpProxy(Number(b.getMultiaddrs()[0].toString().split('/')[4])) // /ip4/127.0.0.1/tcp/<port>/p2p/…
    onTestFinished(async () => { await gate.close() })
    await gate.listen()
    gate.blackhole() // every byte held until heal()
    const dialing = a.services.dialer.connect(bId, [`/ip4/127.0.0.1/tcp/${gate.port}`])
    const [client] = await waitFor('a\'s own attempt held in the proxy', () => gate.clients(), c => c.length > 0)
    const ended = new Promise<void>(resolve => client.once('close', () => { resolve() })) // a ended its attempt
    await b.dial(a.getMultiaddrs()[0])
    const adopted = await dialing
    expect(adopted.direction).toBe('inbound')
    const own = new Promise<Connection>(resolve => {
      a.addEventListener('connection:open', evt => { if (evt.detail.direction === 'outbound') resolve(evt.detail) })
    })
    gate.heal() // a's attempt goes on to b and connects
    const conn = await Promise.race([own, ended.then(() => { throw new Error('a ended its own attempt after adopting b\'s connection') })])
    expect(conn.remotePeer.toString()).toBe(bId)
    const stream = await conn.newStream(PING, { signal: AbortSignal.timeout(5000) })
    await stream.close()
    expect(conn.status).toBe('open')
    expect(a.getConnections(b.peerId).map(c => c.id).sort()).toEqual([adopted.id, conn.id].sort())
  })
})
