// The WebSocket client the WebSocket transport dials with. @libp2p/websockets dials with the global `WebSocket`, which
// Node has by default from 22 on; on Node 20 it is undefined, and every dial to a /ws address failed at once
// ("WebSocket is not defined"): such a node could be reached only by its own dials. Where the global is missing, it
// becomes the `ws` module's client (the module the transport's listener already serves with). Where the two differ for
// the transport, it behaves as the standard one does: an error is an event, never thrown for want of a listener
// (the transport stops listening for errors once a socket is open, and `ws` emits one for a frame that breaks the
// protocol, or when a socket still connecting is closed); 'close' follows each error, and the transport acts on that.
import { WebSocket as WsClient } from 'ws'

class NodeWebSocket extends WsClient {
  constructor (address: string | URL, protocols?: string | string[]) {
    super(address, protocols)
    this.on('error', () => {})
  }
}

/** Gives the process a global WebSocket when it has none (Node 20); leaves Node's own alone. */
export function ensureWebSocket (): void {
  if (globalThis.WebSocket !== undefined) return
  Object.defineProperty(globalThis, 'WebSocket', { value: NodeWebSocket, writable: true, configurable: true, enumerable: false })
}
