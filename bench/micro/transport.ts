// The transport alone with each connection encrypter: the floor's two libp2p nodes (bench/floor/transport.ts) in
// this one process, 1 KB frames acknowledged by 8 bytes, pipelined (256 outstanding) and one at a time; and a TLS
// connection's making (dial, handshake, hang up), with @libp2p/tls's new certificate per connection and with the
// daemon's one per node (daemon/net/tls.ts). The CPU figure is both ends' together.
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { tls } from '@libp2p/tls'
import { yamux } from '@libp2p/yamux'
import type { ConnectionEncrypter } from '@libp2p/interface'
import { ENCRYPTERS, FloorClient, floorServer } from '../floor/transport.js'
import { oneCertTls, type TlsComponents } from '../../daemon/net/tls.js'
import { measure } from './measure.js'
import type { MicroBench, MicroResult } from './types.js'

const STAGE = 'transport'
const NAMES = { noise: 'Noise', tls: 'TLS' } as const
// frames per run: as many as the bench's floor sends in one round (plan.ts), a tenth of that for a smoke run
const PIPELINED = { full: 20_000, quick: 2000 }
const SEQUENTIAL = { full: 2000, quick: 200 }
const CONNECTIONS = { full: 200, quick: 20 }

export const transportAlone: MicroBench = async ({ quick }) => {
  const out: MicroResult[] = []
  const q = quick ? 'quick' : 'full'
  const workloads = [{ window: 256, total: PIPELINED[q] }, { window: 1, total: SEQUENTIAL[q] }]
  for (const enc of ENCRYPTERS) {
    const server = await floorServer(enc)
    try {
      const client = await FloorClient.dial(server.getMultiaddrs()[0].toString(), enc)
      try {
        await client.run(1024, 500, 64) // warm-up
        for (const w of workloads) {
          const cpu0 = process.cpuUsage()
          const r = await client.run(1024, w.total, w.window)
          const cpu = process.cpuUsage(cpu0)
          out.push({ stage: STAGE, variant: `${NAMES[enc]}, 1 KB × ${w.window}`, itemsPerSec: w.total / r.seconds, cpuUsPerItem: (cpu.user + cpu.system) / w.total, items: w.total, note: 'both ends in one process' })
        }
      } finally {
        await client.close()
      }
    } finally {
      await server.stop()
    }
  }
  const making = [
    { variant: 'TLS connection made and closed, a new certificate each (@libp2p/tls)', encrypter: tls() as (c: TlsComponents) => ConnectionEncrypter },
    { variant: 'TLS connection made and closed, one certificate per node (the daemon\'s)', encrypter: oneCertTls() }
  ]
  for (const m of making) out.push(await connections(m.variant, m.encrypter, CONNECTIONS[q]))
  return out
}

async function tlsNode (encrypter: (c: TlsComponents) => ConnectionEncrypter): Promise<Libp2p> {
  return await createLibp2p({
    addresses: { listen: ['/ip4/127.0.0.1/tcp/0'] },
    transports: [tcp()],
    connectionEncrypters: [encrypter as never],
    streamMuxers: [yamux()],
    connectionGater: { denyDialMultiaddr: () => false }, // loopback
    connectionManager: { inboundConnectionThreshold: Infinity } // libp2p's default refuses a host's sixth connection in a second
  })
}

/** `n` connections between two nodes of the same encrypter, one after another: dial (TCP, TLS, the muxer) and hang up. */
async function connections (variant: string, encrypter: (c: TlsComponents) => ConnectionEncrypter, n: number): Promise<MicroResult> {
  const [a, b] = [await tlsNode(encrypter), await tlsNode(encrypter)]
  try {
    const once = async (): Promise<void> => {
      await a.dial(b.getMultiaddrs()[0])
      await a.hangUp(b.peerId)
    }
    await once() // warm-up: the modules loaded, the daemon's certificate made
    return await measure(STAGE, variant, n, async timed => { for (let k = 0; k < n; k++) await timed(once) }, 'both ends in one process')
  } finally {
    await Promise.all([a.stop(), b.stop()])
  }
}
