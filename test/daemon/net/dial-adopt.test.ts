// A dial whose addresses hang ends as soon as the peer connects to this node. A sender whose card for a peer names
// a stale or silent address (a laptop that moved, a node behind NAT) waited for that attempt's timeout while the
// peer, back again, had already connected to it; the batch then failed and its rows waited out a backoff with the
// peer's connection open all along.
import '../../../daemon/runtime/polyfill.js'
import { randomBytes } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import { once } from 'node:events'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createNode, type MeshNode } from '../../../daemon/net/node.js'
import { ADDRESS_TIMEOUT_MS } from '../../../daemon/net/index.js'

async function node (): Promise<MeshNode> {
  const n = await createNode({ seed: randomBytes(32), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true })
  await n.start()
  onTestFinished(async () => { await n.stop() })
  return n
}

/** A TCP listener that reads what it is sent and never says a word: a dial to it hangs until its own timeout. */
async function tarpit (): Promise<{ server: Server, port: number, accepted: Promise<Socket> }> {
  const server = createServer()
  const accepted = once(server, 'connection').then(([s]) => {
    (s as Socket).resume() // read and dropped, so the dialer's close is seen
    return s as Socket
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  onTestFinished(() => { server.close() })
  return { server, port: (server.address() as { port: number }).port, accepted }
}

describe('a dial in flight', () => {
  it('ends with the connection the peer opens to this node, and its hung attempt is dropped', { timeout: 30_000 }, async () => {
    const [a, b] = [await node(), await node()]
    const pit = await tarpit()
    const bId = b.peerId.toString()
    const started = Date.now()
    let settled: 'open' | Error | undefined
    const dialing = a.services.dialer.connect(bId, [`/ip4/127.0.0.1/tcp/${pit.port}`])
      .then(c => { settled = 'open'; return c }, (err: Error) => { settled = err; throw err })
    const socket = await pit.accepted // a's attempt is under way, and will hear nothing
    const closed = once(socket, 'close')
    expect(settled).toBeUndefined()
    await b.dial(a.getMultiaddrs()[0])
    const conn = await dialing
    expect(conn.remotePeer.toString()).toBe(bId)
    expect(conn.direction).toBe('inbound')
    expect(conn.status).toBe('open')
    await closed // the attempt on the silent address was aborted, not left to its timeout
    // ended by b's connection, not by the attempt's timeout (a dial that waited for it failed after it)
    expect(Date.now() - started).toBeLessThan(ADDRESS_TIMEOUT_MS)
    // the next dial is that connection
    expect((await a.services.dialer.connect(bId)).id).toBe(conn.id)
  })

})
