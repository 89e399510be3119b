// `aios-comm consume OB`: say the message was taken into work (CONSUMED).
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('consume <obligation>').description('issue CONSUMED (and READ if missing)')
    .option('--json', 'print JSON')
    .action(async (ob: string, _o, cmd: Command) => {
      const r = await daemonCall(cmd, 'consume', { obligation: ob, as: actingSeat(cmd) })
      print(globals(cmd), r, () => `${r.obligation} ${r.state}`)
    })
}
