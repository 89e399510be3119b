// `node dist/bench/resources-run.js`: the resource targets alone — one daemon's idle RSS (fresh home) and its
// start-up with many messages stored (spawn → the control socket answers), each run several times, medians printed.
// The seeded home is kept (AIOS_RES_HOME, default /tmp/aios-resources) and reused: seeding a million messages takes
// minutes, and a later run only seeds what is missing. AIOS_RES_VS=path/to/other/dist/cli/main.js runs that build's
// daemon in turn with this one (A B A B …) on the same homes and prints the ratio A/B pair by pair, which holds on a
// loaded machine where single figures drift. AIOS_RES_RUNS (default 5), AIOS_RES_SEED (default 1,000,000),
// AIOS_RES_ONLY=rss|startup: one of the two.
import '../daemon/runtime/polyfill.js'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ResourceHome } from './resources/resources.js'
import { median } from './stats.js'

const runs = Number(process.env.AIOS_RES_RUNS ?? 5)
const seed = Number(process.env.AIOS_RES_SEED ?? 1_000_000)
const root = process.env.AIOS_RES_HOME ?? '/tmp/aios-resources'
const vs = process.env.AIOS_RES_VS === '' ? undefined : process.env.AIOS_RES_VS
const only = process.env.AIOS_RES_ONLY

const say = (line: string): void => { process.stdout.write(`${line}\n`) }
const fmt = (xs: number[], digits: number): string => `median ${median(xs).toFixed(digits)} (min ${Math.min(...xs).toFixed(digits)}, max ${Math.max(...xs).toFixed(digits)})`

/** Runs `measure` for this build (A) and, with AIOS_RES_VS, the other (B) in turn; prints medians and A/B ratios. */
async function compare (what: string, unit: string, digits: number, measure: (cli?: string) => Promise<number>): Promise<void> {
  const a: number[] = []
  const b: number[] = []
  for (let run = 0; run < runs; run++) {
    a.push(await measure())
    if (vs !== undefined) b.push(await measure(vs))
  }
  say(`${what}: A ${fmt(a, digits)} ${unit}  [${a.map(x => x.toFixed(digits)).join(' ')}]`)
  if (vs === undefined) return
  say(`${what}: B ${fmt(b, digits)} ${unit}  [${b.map(x => x.toFixed(digits)).join(' ')}]`)
  const ratios = a.map((x, k) => x / b[k])
  say(`${what}: A/B ${fmt(ratios, 3)}`)
}

if (only !== 'startup') {
  const fresh = join(root, 'fresh')
  rmSync(fresh, { recursive: true, force: true })
  mkdirSync(fresh, { recursive: true })
  const idle = await ResourceHome.create(fresh)
  await compare('idle RSS', 'MiB', 1, async cli => await idle.rss(cli))
}
if (only !== 'rss') {
  const seeded = join(root, 'seeded')
  mkdirSync(seeded, { recursive: true })
  const home = await ResourceHome.reuse(seeded)
  if (home.stored < seed) {
    say(`seeding ${home.stored} → ${seed} messages into ${home.store.home}`)
    say(`seeded in ${(await home.seedTo(seed)).toFixed(0)} s`)
  }
  const cpu = new Map<string | undefined, number[]>()
  await compare(`start-up with ${home.stored} stored`, 'ms', 0, async cli => {
    const r = await home.startupCpu(cli)
    cpu.set(cli, [...cpu.get(cli) ?? [], r.cpuS * 1000])
    return r.ms
  })
  // the daemon's own CPU until it answered: what start-up costs, less the waits a loaded machine adds
  const a = cpu.get(undefined) ?? []
  say(`start-up CPU: A ${fmt(a, 0)} ms`)
  if (vs !== undefined) {
    const b = cpu.get(vs) ?? []
    say(`start-up CPU: B ${fmt(b, 0)} ms`)
    say(`start-up CPU: A/B ${fmt(a.map((x, k) => x / b[k]), 3)}`)
  }
}
