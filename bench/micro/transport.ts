// The transport alone with each connection encrypter: the floor's two libp2p nodes (bench/floor/transport.ts) in
// this one process, 1 KB frames acknowledged by 8 bytes, pipelined (256 outstanding) and one at a time. The CPU
// figure is both ends' together.
import { ENCRYPTERS, FloorClient, floorServer } from '../floor/transport.js'
import type { MicroBench, MicroResult } from './types.js'

const STAGE = 'transport'
const NAMES = { noise: 'Noise', tls: 'TLS' } as const
// frames per run: as many as the bench's floor sends in one round (plan.ts), a tenth of that for a smoke run
const PIPELINED = { full: 20_000, quick: 2000 }
const SEQUENTIAL = { full: 2000, quick: 200 }

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
  return out
}
