// A saved run (benchmarks.json) and the report written from it: BENCHMARKS.md and benchmarks.svg, with the tables
// on stdout. `npm run bench` writes both; bench/retention.ts alone merges its figures into a saved run and rewrites them.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plan } from '../plan.js'
import { Results } from '../results.js'
import { SEED_BODY_BYTES } from '../resources/seed.js'
import type { Machine } from './machine.js'
import { benchmarksMarkdown } from './markdown.js'
import { chartSvg } from './svg.js'
import { markdownTable, retentionTables, tables } from './tables.js'

export interface Saved { machine: Machine, plan: Plan, wallSeconds: number, results: Results }

export function readSaved (file: string): Saved {
  const j = JSON.parse(readFileSync(file, 'utf8'))
  return { machine: j.machine, plan: j.plan, wallSeconds: j.wallSeconds, results: Results.fromJSON(j.results) }
}

/** BENCHMARKS.md and benchmarks.svg in `out`, and (unless told not to) the tables on stdout. */
export function writeReport (out: string, s: Saved, opts: { print?: boolean } = {}): void {
  const { machine, plan, wallSeconds, results: r } = s
  const caption = `aios-comm benchmarks, ${machine.date}, ${machine.cpu} × ${machine.cores} cores, Node ${machine.node}${plan.quick ? ' (quick smoke run)' : ''}`
  writeFileSync(join(out, 'benchmarks.svg'), chartSvg(r, caption))
  writeFileSync(join(out, 'BENCHMARKS.md'), benchmarksMarkdown({ results: r, machine, plan, wallSeconds, chartFile: 'benchmarks.svg', seedBodyBytes: SEED_BODY_BYTES }))
  if (opts.print === false) return
  for (const t of [...tables(r), ...retentionTables(r)]) process.stdout.write(`\n${t.title}\n\n${markdownTable(t)}\n`)
  process.stdout.write(`\n${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.natsServer}; ${(wallSeconds / 60).toFixed(1)} min; report in ${join(out, 'BENCHMARKS.md')}\n`)
}
