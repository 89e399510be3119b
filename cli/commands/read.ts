// `aios-comm read OB`: show a message and issue its READ receipt.
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('read <obligation>').description('show a message and issue READ')
    .option('--json', 'print JSON')
    .action(async (ob: string, _o, cmd: Command) => {
      const r = await daemonCall(cmd, 'read', { obligation: ob, as: actingSeat(cmd) })
      print(globals(cmd), r, () => `${r.obligation} ${r.state}\nfrom ${r.from} to ${r.to} at ${r.sentAt}${r.thread !== undefined ? ` thread ${r.thread}` : ''}\n\n${r.body}`)
    })
}
