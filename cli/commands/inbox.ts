// `aios-comm inbox [--all]`: messages for the acting seat (or every local seat), open ones unless --all.
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('inbox').description('messages addressed to local seats')
    .option('--all', 'include COMPLETE, REJECTED, and CANCELED ones already read')
    .option('--json', 'print JSON')
    .action(async (o: { all?: boolean }, cmd: Command) => {
      const items = await daemonCall(cmd, 'inbox', { as: actingSeat(cmd), all: o.all === true })
      print(globals(cmd), items, () => items.length === 0 ? 'inbox empty'
        : table(['OBLIGATION', 'FROM', 'TO', 'STATE', 'SENT', 'TEXT'], items.map(i => [i.obligation, i.from, i.to, i.state, i.sentAt, i.preview])))
    })
}
