// A peer's end of a libp2p stream to a protocol handler run in-process, as a node runs it on an inbound stream
// (the handler function the stream handler calls, a real lpStream over a stream pair; only the socket is gone).
import '../../../daemon/runtime/polyfill.js'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream, streamPair, type LengthPrefixedStream } from '@libp2p/utils'
import type { Connection, Stream } from '@libp2p/interface'
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

/** Opens a stream from `remotePeer` (at `remoteAddr`) to the handler. */
export async function openLink (handler: Handler, remotePeer: string, remoteAddr = '/ip4/127.0.0.1/tcp/4001'): Promise<StreamLink> {
  // addresses given: the pair's own default names a port after a counter, invalid after 65,535 pairs
  const addr = multiaddr(remoteAddr)
  const [outbound, inbound] = await streamPair({ outboundConnection: { remoteAddr: addr }, inboundConnection: { remoteAddr: addr } })
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
