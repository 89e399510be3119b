// `npm run test:power`: the power-loss suite at full strength on the real build and on a synchronous=OFF copy of
// it, then one table. Passes only when the real build lost, duplicated and reused nothing and the OFF build lost.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { UNKNOWN_LIMIT } from '../chaos/table.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'aios-power-report-'))
const report = join(dir, 'report.jsonl')
const started = Date.now()
const vitest = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'test/power/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, AIOS_POWER: 'full', AIOS_POWER_REPORT: report }
})
const seconds = Math.round((Date.now() - started) / 1000)
const rows = existsSync(report) ? readFileSync(report, 'utf8').split('\n').filter(l => l.trim() !== '').map(l => JSON.parse(l)) : []
rmSync(dir, { recursive: true, force: true })

const COLUMNS = [['cycles', 'cycles'], ['messages', 'messages'], ['powerCuts', 'power cuts'], ['torn', 'torn'], ['lost', 'lost'],
  ['duplicated', 'duplicated'], ['gaps', 'gaps'], ['stuck', 'stuck'], ['unknown', 'unknown'], ['retried', 'retried'], ['unmatched', 'unmatched'], ['refusedStarts', 'refused starts'], ['identity', 'identity broken']]
const table = [['build', ...COLUMNS.map(([, h]) => h)], ...rows.map(r => [r.build, ...COLUMNS.map(([k]) => String(r[k]))])]
const widths = table[0].map((_, c) => Math.max(...table.map(r => r[c].length)))
const line = r => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')
process.stdout.write(`\npower summary (${seconds} s)\n${[line(table[0]), widths.map(w => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)].join('\n')}\n`)

const problems = []
if (vitest.status !== 0) problems.push(`vitest exited ${String(vitest.status ?? vitest.signal)}`)
const real = rows.find(r => r.build === 'real')
const off = rows.find(r => r.build !== 'real') // synchronous=OFF, or the mutant AIOS_POWER_MUTANT names
if (real === undefined) problems.push('the real build reported nothing')
else {
  for (const k of ['lost', 'duplicated', 'gaps', 'stuck', 'unmatched', 'refusedStarts', 'identity']) if (real[k] !== 0) problems.push(`real build ${k}: ${real[k]}`)
  if (real.powerCuts === 0) problems.push('no power cut on the real build')
  if (!real.healed) problems.push('the real build did not heal')
  if (real.unknown > Math.floor(UNKNOWN_LIMIT * real.messages)) problems.push(`real build unknown: ${real.unknown} of ${real.messages} (at most ${UNKNOWN_LIMIT * 100} %)`)
}
if (off === undefined) problems.push('the broken build reported nothing')
else {
  if (!(off.replaced > 0)) problems.push(`the ${off.build} mutation replaced nothing`)
  if (!(off.lost > 0)) problems.push(`the ${off.build} build lost nothing: the suite cannot see a missing fsync`)
}
process.stdout.write(problems.length === 0 ? `power: PASS (nothing lost on the real build; the ${off.build} build lost DELIVERED messages)\n` : `power: FAIL (${problems.join('; ')})\n`)
process.exitCode = problems.length === 0 ? 0 : 1
