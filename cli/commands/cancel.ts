// `aios-comm cancel OB [--reason TEXT]`: the sender withdraws an obligation with a signed CANCELED receipt.
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('cancel <obligation>').description('withdraw an obligation you sent (CANCELED, terminal; not after COMPLETE or REJECTED)')
    .option('--reason <text>', 'why it is withdrawn; the recipient sees it')
    .option('--json', 'print JSON')
    .action(async (ob: string, o: { reason?: string }, cmd: Command) => {
      const r = await daemonCall(cmd, 'cancel', { obligation: ob, reason: o.reason, as: actingSeat(cmd) })
      print(globals(cmd), r, () => `${r.obligation} ${r.state}`)
    })
}
