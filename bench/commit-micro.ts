// `node dist/bench/commit-micro.js`: the store's durable commit alone, on real SQLite in a temp folder: durable writes
// per second and the main thread's busy time per write (event-loop utilization), with 1 and with 256 writes queued
// per turn, and with 256 writers each awaiting its write before the next (closed loop, the notify path under load).
// AIOS_COMMIT_FULL=1 takes the macOS path (SQLite's synchronous=FULL commit on the main thread: the commit as it was).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'

if (process.env.AIOS_COMMIT_FULL === '1') Object.defineProperty(process, 'platform', { value: 'darwin' })
const { Store } = await import('../daemon/store/index.js')

const VALUE = 'v'.repeat(1024) // about one 1 KB message body per write
const ROUNDS = Number(process.env.AIOS_COMMIT_ROUNDS ?? 400)

const root = mkdtempSync(join(tmpdir(), 'aios-commit-micro-'))
const store = Store.open(join(root, 'node.db'))
let key = 0
const write = async (): Promise<void> => { const k = `k${key++ % 20_000}`; await store.commit.run(() => store.meta.set(k, VALUE)) }

async function measure (name: string, writes: number, body: () => Promise<void>): Promise<void> {
  const elu = performance.eventLoopUtilization()
  const t0 = performance.now()
  await body()
  const ms = performance.now() - t0
  const used = performance.eventLoopUtilization(elu)
  process.stdout.write(`${name}: ${Math.round(writes / (ms / 1000))} durable writes/s  main thread busy ${Math.round(used.active * 1000 / writes)} µs/write  ` +
    `(${writes} writes, ${Math.round(ms)} ms, ${store.commit.offThread ? 'fsync on the thread pool' : 'fsync in the commit'})\n`)
}

try {
  await measure('1 per turn', ROUNDS, async () => { for (let i = 0; i < ROUNDS; i++) await write() })
  await measure('256 per turn', ROUNDS * 32, async () => { for (let i = 0; i < ROUNDS / 8; i++) await Promise.all(Array.from({ length: 256 }, write)) })
  await measure('256 writers, closed loop', ROUNDS * 32, async () => {
    let left = ROUNDS * 32
    await Promise.all(Array.from({ length: 256 }, async () => { while (left-- > 0) await write() }))
  })
} finally {
  store.close()
  rmSync(root, { recursive: true, force: true })
}
