// `node dist/bench/micro/index.js`: every stage's microbenchmark alone, in this process, printed as a table
// (AIOS_BENCH_QUICK=1: a smoke run at a fraction of the counts). `npm run bench` runs them too and reports them.
import '../../daemon/runtime/polyfill.js'
import { storeAcceptPath } from './store.js'
import { frameCodec } from './codec.js'
import { transportAlone } from './transport.js'
import type { MicroBench, MicroResult } from './types.js'

export const MICRO_BENCHES: Array<{ name: string, run: MicroBench }> = [
  { name: 'store accept path', run: storeAcceptPath },
  { name: 'frame codec', run: frameCodec },
  { name: 'transport', run: transportAlone }
]

/** Runs every stage's benchmark; a stage that fails is reported by `onError` and the rest go on. */
export async function runMicro (quick: boolean, onError: (name: string, err: unknown) => void = () => {}): Promise<MicroResult[]> {
  const out: MicroResult[] = []
  for (const b of MICRO_BENCHES) {
    try {
      out.push(...await b.run({ quick }))
    } catch (err) {
      onError(b.name, err)
    }
  }
  return out
}

export function microText (results: MicroResult[]): string {
  const lines = [`${'stage'.padEnd(20)}${'variant'.padEnd(80)}${'items/s'.padStart(10)}${'CPU µs/item'.padStart(13)}`]
  for (const r of results) lines.push(`${r.stage.padEnd(20)}${r.variant.padEnd(80)}${Math.round(r.itemsPerSec).toLocaleString('en-US').padStart(10)}${r.cpuUsPerItem.toFixed(1).padStart(13)}`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runMicro(process.env.AIOS_BENCH_QUICK === '1', (name, err) => { process.stderr.write(`${name} failed: ${(err as Error)?.stack ?? String(err)}\n`) })
  process.stdout.write(microText(results) + '\n')
  process.exit(0) // libp2p and SQLite handles closed; nothing else should keep the process
}
