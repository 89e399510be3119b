// Real libp2p nodes of the daemon's own make (createNode), and a listener that never answers, for the dial tests.
import '../../daemon/runtime/polyfill.js'
import { randomBytes } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import { once } from 'node:events'
import { onTestFinished } from 'vitest'
import { createNode, type MeshNode } from '../../daemon/net/node.js'

/** A started node with a fresh key, trusting every peer, listening on `listen`; stopped when the test ends. */
export async function libp2pNode (listen = '/ip4/127.0.0.1/tcp/0'): Promise<MeshNode> {
  const n = await createNode({ seed: randomBytes(32), listen: [listen], announce: [], isTrustedPeer: () => true })
  await n.start()
  onTestFinished(async () => { await n.stop() })
  return n
}

/**
 * A TCP listener that reads what it is sent and never says a word: a dial to it (a TCP handshake, a WebSocket one)
 * hangs until the dialer gives up. `accepted`: the first connection, read and dropped so the dialer's close is seen.
 */
export async function tarpit (): Promise<{ port: number, accepted: Promise<Socket> }> {
  const server = createServer()
  const accepted = once(server, 'connection').then(([s]) => {
    (s as Socket).resume()
    return s as Socket
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  onTestFinished(() => { server.close() })
  return { port: (server.address() as { port: number }).port, accepted }
}
