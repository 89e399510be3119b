// A node dials a peer that listens only on a WebSocket address (a host whose network lets only web ports through).
// @libp2p/websockets dials with the global WebSocket, which Node 20 lacks: there every such dial failed at once
// ("WebSocket is not defined"), and the peer was reached only when it dialed first. Real libp2p nodes on loopback.
import { libp2pNode as node, tarpit } from '../../helpers/libp2p-node.js' // first: it loads the runtime polyfill
import { createHash } from 'node:crypto'
import { createServer } from 'node:net'
import { once } from 'node:events'
import { multiaddr } from '@multiformats/multiaddr'
import { describe, expect, it, onTestFinished } from 'vitest'
import { TcpProxy } from '../../chaos/faults/proxy.js'

/**
 * A hostile WebSocket endpoint: it completes the handshake, then sends a frame with a reserved bit set, which the
 * protocol forbids. The client reports that as an error once the socket is open.
 */
async function hostile (): Promise<number> {
  const server = createServer(socket => {
    let head = ''
    socket.on('data', chunk => {
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      socket.removeAllListeners('data')
      const key = /sec-websocket-key: *(.+)\r\n/i.exec(head)?.[1] ?? ''
      const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64')
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`)
      socket.write(Buffer.from([0xc2, 0x00])) // FIN, RSV1 and a binary opcode: no extension was agreed
      socket.resume()
    })
    socket.on('error', () => {})
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  onTestFinished(() => { server.close() })
  return (server.address() as { port: number }).port
}

describe('a dial to a WebSocket address', () => {
  it('connects from a node that listens on TCP alone, and a stream opens on it', async () => {
    const [a, b] = [await node('/ip4/127.0.0.1/tcp/0'), await node('/ip4/127.0.0.1/tcp/0/ws')]
    const ws = b.getMultiaddrs()[0]
    expect(ws.toString()).toMatch(/\/ws\/p2p\//)
    const conn = await a.dial(ws)
    expect(conn.remotePeer.equals(b.peerId)).toBe(true)
    expect(conn.remoteAddr.toString()).toContain('/ws')
    const stream = await conn.newStream('/ipfs/ping/1.0.0')
    await stream.close()
  })

  it('a peer breaking the protocol, a connection reset under it, a dial given up while the handshake hangs, a refused one: each fails as an error and the node goes on', { timeout: 20_000 }, async () => {
    const a = await node('/ip4/127.0.0.1/tcp/0')
    const b = await node('/ip4/127.0.0.1/tcp/0/ws')
    const bId = b.peerId.toString()
    // a frame the protocol forbids, once the socket is open (a peer's card may name any address)
    await expect(a.dial(multiaddr(`/ip4/127.0.0.1/tcp/${await hostile()}/ws/p2p/${bId}`))).rejects.toThrow()
    const port = Number(b.getMultiaddrs()[0].toString().split('/')[4])
    // an open connection whose TCP connection is reset (a network that drops it)
    const proxy = new TcpProxy(port)
    await proxy.listen()
    onTestFinished(async () => { await proxy.close() })
    const conn = await a.dial(multiaddr(`/ip4/127.0.0.1/tcp/${proxy.port}/ws/p2p/${bId}`))
    const closed = new Promise<void>(resolve => { a.addEventListener('connection:close', () => { resolve() }, { once: true }) })
    proxy.cut()
    await closed
    expect(conn.status).not.toBe('open')
    // a handshake that hears nothing, given up
    const pit = await tarpit()
    const abort = new AbortController()
    const hung = a.dial(multiaddr(`/ip4/127.0.0.1/tcp/${pit.port}/ws/p2p/${bId}`), { signal: abort.signal })
    await pit.accepted
    abort.abort()
    await expect(hung).rejects.toThrow()
    // a port with nothing on it
    const refused = createServer()
    refused.listen(0, '127.0.0.1')
    await once(refused, 'listening')
    const free = (refused.address() as { port: number }).port
    await new Promise<void>(resolve => refused.close(() => { resolve() }))
    await expect(a.dial(multiaddr(`/ip4/127.0.0.1/tcp/${free}/ws/p2p/${bId}`))).rejects.toThrow()
    // and the next dial, straight to b, connects
    const again = await a.dial(b.getMultiaddrs()[0])
    expect(again.status).toBe('open')
  })
})
