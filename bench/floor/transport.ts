// The transport floor's two ends as functions: libp2p 3 with the daemon's stack (TCP, yamux) and either connection
// encrypter (Noise or TLS), one stream, length-prefixed frames of a fixed size, each answered by an 8-byte ack; no
// storage, no signatures. Frames are read with the daemon's own length prefix (daemon/net/length-prefix.ts): the
// floor pays no more per frame than the daemon's streams. Used by the floor's processes (peer.ts) and in-process by
// the transport microbenchmark.
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { noise } from '@libp2p/noise'
import { tls } from '@libp2p/tls'
import { yamux } from '@libp2p/yamux'
import { multiaddr } from '@multiformats/multiaddr'
import type { Stream } from '@libp2p/interface'
import type { RunResult } from '../results.js'
import { lengthPrefixed } from '../../daemon/net/length-prefix.js'

export const PROTOCOL = '/aios-bench/floor/1'
const MAX_FRAME = 1 << 20 // above the largest body the bench sends (64 KB)

export type Encrypter = 'noise' | 'tls'
export const ENCRYPTERS: readonly Encrypter[] = ['noise', 'tls']
export const isEncrypter = (s: string): s is Encrypter => (ENCRYPTERS as readonly string[]).includes(s)

export async function floorNode (listen: string[], encrypter: Encrypter): Promise<Libp2p> {
  return await createLibp2p({
    addresses: { listen },
    transports: [tcp()],
    connectionEncrypters: [encrypter === 'tls' ? tls() : noise()],
    streamMuxers: [yamux()]
  })
}

async function answer (stream: Stream): Promise<void> {
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME })
  try {
    for (;;) {
      const frame = await lp.read()
      await lp.write(frame.subarray(0, 8))
    }
  } catch {
    // the sender closed its stream: this run is over
  }
}

/** A node that acks every frame on the floor's protocol; its first address is the one to dial. */
export async function floorServer (encrypter: Encrypter): Promise<Libp2p> {
  const n = await floorNode(['/ip4/127.0.0.1/tcp/0'], encrypter)
  await n.handle(PROTOCOL, stream => { void answer(stream) }, { maxInboundStreams: 16 })
  return n
}

/** An open floor stream from a client node: send `total` frames of `bytes` with up to `window` unacknowledged. */
export class FloorClient {
  private constructor (private readonly node: Libp2p, private readonly stream: Stream) {}

  static async dial (addr: string, encrypter: Encrypter): Promise<FloorClient> {
    const n = await floorNode([], encrypter)
    return new FloorClient(n, await n.dialProtocol(multiaddr(addr), PROTOCOL))
  }

  async run (bytes: number, total: number, window: number): Promise<RunResult> {
    const lp = lengthPrefixed(this.stream, { maxDataLength: MAX_FRAME })
    const sentAt = new Float64Array(total)
    const latencies: number[] = []
    let acked = 0
    let wake: (() => void) | undefined
    const reader = (async () => {
      while (acked < total) {
        const ack = await lp.read()
        const seq = new DataView(ack.subarray().buffer, ack.subarray().byteOffset, 8).getUint32(0)
        latencies.push(performance.now() - sentAt[seq])
        acked++
        wake?.()
      }
    })()
    const t0 = performance.now()
    for (let i = 0; i < total; i++) {
      while (i - acked >= window) await new Promise<void>(resolve => { wake = resolve })
      const frame = new Uint8Array(bytes)
      new DataView(frame.buffer).setUint32(0, i)
      sentAt[i] = performance.now()
      await lp.write(frame)
    }
    await reader
    return { seconds: (performance.now() - t0) / 1000, latencies }
  }

  async close (): Promise<void> {
    await this.stream.close()
    await this.node.stop()
  }
}
