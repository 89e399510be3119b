// One socket write per message a connection layer sends: the encrypted connection and the TCP connection under it
// write each chunk of a message on its own (TLS: a record each for the yamux header, the length prefix and the
// body; TCP: a write each for Noise's length, ciphertext and tag), so a deliver frame cost several records and write
// syscalls. Corking the socket for one sendData call hands Node the chunks together: node:tls seals them into one
// record, net writes them with one writev.
import type { ConnectionEncrypter, SecuredConnection, MessageStream } from '@libp2p/interface'
import { serviceCapabilities } from '@libp2p/interface'

interface Corkable { cork: () => void, uncork: () => void }
interface SendsData { sendData?: (data: unknown) => unknown, socket?: Partial<Corkable> }

const COALESCED = Symbol('aios-comm.coalesced-writes')

/**
 * Makes every sendData call of a connection one write on its socket, where the connection has a corkable Node
 * socket (TCP, and TLS over it); anything else (a relayed stream, a WebSocket) is left as it is.
 */
export function coalesceWrites (connection: unknown): void {
  const c = connection as SendsData & { [COALESCED]?: true }
  const socket = c.socket
  if (c[COALESCED] === true || typeof c.sendData !== 'function' || typeof socket?.cork !== 'function' || typeof socket.uncork !== 'function') return
  const send = c.sendData.bind(c)
  const s = socket as Corkable
  c.sendData = data => {
    s.cork()
    try {
      return send(data)
    } finally {
      s.uncork()
    }
  }
  c[COALESCED] = true
}

/** An encrypter whose connections, the raw one under it and the encrypted one it gives, write each message at once. */
export function coalescing<C> (factory: (components: C) => ConnectionEncrypter): (components: C) => ConnectionEncrypter {
  return components => {
    const enc = factory(components)
    const secured = async (connection: MessageStream, run: () => Promise<SecuredConnection>): Promise<SecuredConnection> => {
      coalesceWrites(connection)
      const out = await run()
      coalesceWrites(out.connection)
      return out
    }
    return {
      protocol: enc.protocol,
      [Symbol.toStringTag]: String((enc as unknown as Record<symbol, unknown>)[Symbol.toStringTag] ?? enc.protocol),
      [serviceCapabilities]: ['@libp2p/connection-encryption'],
      secureInbound: async (connection, options) => await secured(connection, async () => await enc.secureInbound(connection, options)),
      secureOutbound: async (connection, options) => await secured(connection, async () => await enc.secureOutbound(connection, options))
    } as ConnectionEncrypter
  }
}
