// `aios-comm reject OB "reason"`: refuse an obligation with a signed REJECTED receipt.
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('reject <obligation> <reason>').description('refuse an obligation (REJECTED, terminal)')
    .option('--json', 'print JSON')
    .action(async (ob: string, reason: string, _o, cmd: Command) => {
      const r = await daemonCall(cmd, 'reject', { obligation: ob, reason, as: actingSeat(cmd) })
      print(globals(cmd), r, () => `${r.obligation} ${r.state}`)
    })
}
