// The WebSocket transport loaded when it is first needed: at start when the node listens on a WebSocket address,
// otherwise at its first dial to one. @libp2p/websockets brings `ws` and node's HTTP, HTTPS and zlib, which a node
// that listens on TCP alone and has not dialed a WebSocket address need not carry. The stand-in answers the filters
// as the real transport does (the same matchers) and hands each dial to it.
import { multiaddr, type Multiaddr } from '@multiformats/multiaddr'
import { WebSockets, WebSocketsSecure } from '@multiformats/multiaddr-matcher'
import { serviceCapabilities, transportSymbol, type Transport } from '@libp2p/interface'
import type { WebSocketsComponents } from '@libp2p/websockets'

type Factory = (components: WebSocketsComponents) => Transport

const isWebSocket = (ma: Multiaddr): boolean => WebSockets.exactMatch(ma) || WebSocketsSecure.exactMatch(ma)

/** The transport's module, with a WebSocket client to dial with (see ./ws-client.ts). */
async function transport (): Promise<typeof import('@libp2p/websockets')> {
  const [m, client] = await Promise.all([import('@libp2p/websockets'), import('./ws-client.js')])
  client.ensureWebSocket()
  return m
}

/** The WebSocket transport for a node listening on `listen`: the real one when it listens on a WebSocket address. */
export async function webSocketsFor (listen: string[]): Promise<Factory> {
  if (listen.some(a => isWebSocket(multiaddr(a)))) return (await transport()).webSockets()
  return components => {
    let real: Promise<Transport> | undefined
    const loaded = async (): Promise<Transport> => await (real ??= transport().then(m => m.webSockets()(components)))
    return {
      [transportSymbol]: true,
      [Symbol.toStringTag]: '@libp2p/websockets (loaded on first dial)',
      [serviceCapabilities]: ['@libp2p/transport'],
      dial: async (ma, options) => await (await loaded()).dial(ma, options),
      createListener: () => { throw new Error('this node does not listen on a WebSocket address') },
      listenFilter: () => [], // no listen address of this node is one (checked above)
      dialFilter: mas => mas.filter(isWebSocket)
    } satisfies Transport & { [serviceCapabilities]: string[] }
  }
}
