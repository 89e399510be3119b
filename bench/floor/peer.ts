// The transport floor, one process per side: libp2p 3 with the daemon's stack (TCP, Noise, yamux), one stream,
// length-prefixed frames of a fixed size, each answered by an 8-byte ack; no storage, no signatures.
//   node peer.js serve                           → prints {"addr": "..."} and echoes acks until SIGTERM
//   node peer.js send ADDR BYTES TOTAL WINDOW    → prints {"seconds": s, "latencies": [ms, ...]}
import '../../daemon/runtime/polyfill.js'
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { noise } from '@libp2p/noise'
import { yamux } from '@libp2p/yamux'
import { lpStream } from '@libp2p/utils'
import { multiaddr } from '@multiformats/multiaddr'
import type { Stream } from '@libp2p/interface'

const PROTOCOL = '/aios-bench/floor/1'
const MAX_FRAME = 1 << 20

async function node (listen: string[]): Promise<Libp2p> {
  return await createLibp2p({ addresses: { listen }, transports: [tcp()], connectionEncrypters: [noise()], streamMuxers: [yamux()] })
}

async function answer (stream: Stream): Promise<void> {
  const lp = lpStream(stream, { maxDataLength: MAX_FRAME })
  try {
    for (;;) {
      const frame = await lp.read()
      await lp.write(frame.subarray(0, 8))
    }
  } catch {
    // the sender closed its stream: this run is over
  }
}

async function serve (): Promise<void> {
  const n = await node(['/ip4/127.0.0.1/tcp/0'])
  await n.handle(PROTOCOL, stream => { void answer(stream) }, { maxInboundStreams: 16 })
  process.stdout.write(JSON.stringify({ addr: n.getMultiaddrs()[0].toString() }) + '\n')
  process.once('SIGTERM', () => { void Promise.resolve(n.stop()).then(() => process.exit(0)) })
}

async function send (addr: string, bytes: number, total: number, window: number): Promise<void> {
  const n = await node([])
  const stream = await n.dialProtocol(multiaddr(addr), PROTOCOL)
  const lp = lpStream(stream, { maxDataLength: MAX_FRAME })
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
  const seconds = (performance.now() - t0) / 1000
  process.stdout.write(JSON.stringify({ seconds, latencies }) + '\n')
  await stream.close()
  await n.stop()
}

const [mode, ...args] = process.argv.slice(2)
if (mode === 'serve') await serve()
else if (mode === 'send') await send(args[0], Number(args[1]), Number(args[2]), Number(args[3]))
else {
  process.stderr.write('usage: peer.js serve | send ADDR BYTES TOTAL WINDOW\n')
  process.exitCode = 2
}
