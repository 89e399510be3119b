// `aios-comm doctor`: every check, OK, WARN or FAIL, with a one-line fix for each warning and failure; exits non-zero on any FAIL.
import type { Command } from 'commander'
import { MeshError } from '../../cards/index.js'
import { runDoctor, type DoctorReport } from '../../daemon/doctor/index.js'
import { call } from '../control-client.js'
import { globals, homeDir } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('doctor').description('check keys, permissions, socket, daemon, network, seats\' carrier contracts and panes, clock and service')
    .option('--json', 'print JSON ({ ok, checks: [ { name, ok, detail, fix } ] })')
    .action(async (_o, cmd: Command) => {
      const home = homeDir(cmd)
      const r = await runDoctor(home, async (method, params) => await call(home, method, params))
      print(globals(cmd), r, () => text(r))
      const failed = r.checks.filter(c => !c.ok).map(c => c.name)
      if (failed.length > 0) throw new MeshError('DOCTOR_FAILED', `${failed.length} check${failed.length === 1 ? '' : 's'} failed: ${failed.join(', ')}`)
    })
}

function text (r: DoctorReport): string {
  const rows = r.checks.map(c => [c.name, c.ok ? (c.warn === true ? 'WARN' : 'OK') : 'FAIL', c.detail])
  const fixes = r.checks.filter(c => !c.ok || c.warn === true).map(c => `fix ${c.name}: ${c.fix ?? '-'}`)
  return [table(['CHECK', 'RESULT', 'DETAIL'], rows), ...(fixes.length > 0 ? ['', ...fixes] : [])].join('\n')
}
