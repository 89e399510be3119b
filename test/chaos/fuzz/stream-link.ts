// A peer's end of a libp2p stream to a protocol handler run in-process, as a node runs it on an inbound stream
// (the handler function the stream handler calls, a real lpStream over a multiplexed in-memory connection; only the
// socket is gone).
import '../../../daemon/runtime/polyfill.js'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr, type Multiaddr } from '@multiformats/multiaddr'
import { lpStream, mockMuxer, multiaddrConnectionPair, type LengthPrefixedStream } from '@libp2p/utils'
import type { Connection, Stream, StreamMuxer } from '@libp2p/interface'
import { MAX_FRAME_BYTES } from '../../../daemon/net/index.js'

export type Handler = (stream: Stream, connection: Connection) => Promise<void>

export interface StreamLink {
  lp: LengthPrefixedStream<Stream>
  stream: Stream
  /** The handler's promise: a rejection is what the daemon's guard would log as a failed handler. */
  served: Promise<void>
  /** The handler's failure, once it failed. */
  failure: () => unknown
}

interface MockConnection {
  local: StreamMuxer
  incoming: Stream[]
  wake?: () => void
}

// One in-memory connection per remote peer and address, holding each link's stream, as libp2p multiplexes a peer's
// streams on its connection (a stream pair of its own for each link would never be freed: ≈60 KB each).
const connections = new Map<string, MockConnection>()

function connectionTo (key: string, addr: Multiaddr): MockConnection {
  let c = connections.get(key)
  if (c === undefined) {
    const [outbound, inbound] = multiaddrConnectionPair({ outbound: { remoteAddr: addr }, inbound: { remoteAddr: addr } })
    const made: MockConnection = { local: mockMuxer().createStreamMuxer(outbound), incoming: [] }
    mockMuxer().createStreamMuxer(inbound).addEventListener('stream', e => { made.incoming.push(e.detail); made.wake?.() })
    connections.set(key, made)
    c = made
  }
  return c
}

/** Opens a stream from `remotePeer` (at `remoteAddr`) to the handler. */
export async function openLink (handler: Handler, remotePeer: string, remoteAddr = '/ip4/127.0.0.1/tcp/4001'): Promise<StreamLink> {
  const addr = multiaddr(remoteAddr)
  const c = connectionTo(`${remotePeer} ${remoteAddr}`, addr)
  const outbound = await c.local.createStream()
  while (c.incoming.length === 0) await new Promise<void>(resolve => { c.wake = resolve })
  const inbound = c.incoming.shift() as Stream
  const connection = { remotePeer: peerIdFromString(remotePeer), remoteAddr: addr } as unknown as Connection
  let failed: unknown
  const served = handler(inbound, connection).catch(err => { failed = err ?? new Error('the handler failed') })
  return { lp: lpStream(outbound, { maxDataLength: MAX_FRAME_BYTES }), stream: outbound, served, failure: () => failed }
}

/** Reads the next frame, or undefined when the stream ended (or was reset) first. */
export async function readFrame (link: StreamLink): Promise<Uint8Array | undefined> {
  try {
    return (await link.lp.read()).subarray()
  } catch {
    return undefined
  }
}
