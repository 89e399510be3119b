// `node dist/bench/commit-micro.js`: the store's durable commit alone, on real SQLite in a temp folder: durable writes
// per second and the main thread's CPU time per write (Linux: /proc/self/task/<pid>/stat, which holds on a busy
// machine where wall-clock figures do not), with 1 and with 256 writes queued
// per turn, and with 256 writers each awaiting its write before the next (closed loop, the notify path under load).
// AIOS_COMMIT_FULL=1 takes the macOS path (SQLite's synchronous=FULL commit on the main thread: the commit as it was).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'

const TICK_US = 10_000 // USER_HZ is 100 on Linux: /proc's CPU times count 10 ms ticks

/** The main thread's CPU time so far (user + system), in µs; its thread id is the process id. */
function mainThreadCpuUs (): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_US // utime and stime, fields 14 and 15 of stat
}

if (process.env.AIOS_COMMIT_FULL === '1') Object.defineProperty(process, 'platform', { value: 'darwin' })
const { Store } = await import('../daemon/store/index.js')

const VALUE = 'v'.repeat(1024) // about one 1 KB message body per write
const ROUNDS = Number(process.env.AIOS_COMMIT_ROUNDS ?? 400)

const root = mkdtempSync(join(tmpdir(), 'aios-commit-micro-'))
const store = Store.open(join(root, 'node.db'))
let key = 0
const write = async (): Promise<void> => { const k = `k${key++ % 20_000}`; await store.commit.run(() => store.meta.set(k, VALUE)) }

async function measure (name: string, writes: number, body: () => Promise<void>): Promise<void> {
  const cpu0 = mainThreadCpuUs()
  const all0 = process.cpuUsage()
  const t0 = performance.now()
  await body()
  const ms = performance.now() - t0
  const main = mainThreadCpuUs() - cpu0
  const all = process.cpuUsage(all0)
  process.stdout.write(`${name}: ${Math.round(writes / (ms / 1000))} durable writes/s  CPU µs/write main thread ${Math.round(main / writes)} process ${Math.round((all.user + all.system) / writes)}  ` +
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
