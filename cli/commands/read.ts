// `aios-comm read OB`: show a message and issue its READ receipt.
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('read <obligation>').description('show a message and issue READ')
    .option('--json', 'print JSON')
    .action(async (ob: string, _o, cmd: Command) => {
      const r = await daemonCall(cmd, 'read', { obligation: ob, as: actingSeat(cmd) })
      print(globals(cmd), r, () => `${r.obligation as string} ${r.state as string}\nfrom ${r.from as string} to ${r.to as string} at ${r.sentAt as string}${r.thread !== undefined ? ` thread ${r.thread as string}` : ''}\n\n${r.body as string}`)
    })
}
