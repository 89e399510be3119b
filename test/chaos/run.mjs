// `npm run test:chaos`: runs every chaos suite at full strength under vitest, then prints one table summed from
// the suites' report lines. Exits non-zero when a test failed, anything was lost, duplicated, stuck, unmatched,
// forged, wrongly receipted or crashed, or a suite ended with too many unknown outcomes.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { aggregate, formatTable, problems as failures } from './table.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'aios-chaos-report-'))
const report = join(dir, 'report.jsonl')
const started = Date.now()
const vitest = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'test/chaos/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, AIOS_CHAOS: 'full', AIOS_CHAOS_REPORT: report }
})
const seconds = Math.round((Date.now() - started) / 1000)
const summary = aggregate(existsSync(report) ? readFileSync(report, 'utf8') : '')
rmSync(dir, { recursive: true, force: true })

process.stdout.write(`\nchaos summary (${seconds} s)\n${formatTable(summary)}\n`)
const problems = failures(summary)
if (vitest.status !== 0) problems.unshift(`vitest exited ${String(vitest.status ?? vitest.signal)}`)
process.stdout.write(problems.length === 0 ? 'chaos: PASS\n' : `chaos: FAIL (${problems.join('; ')})\n`)
process.exitCode = problems.length === 0 ? 0 : 1
