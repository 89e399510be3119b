// `aios-comm outbox [--all]`: what this node still owes other nodes, with attempts and the last error.
import type { Command } from 'commander'
import { daemonCall, globals } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('outbox').description('messages and receipts waiting to reach another node')
    .option('--all', 'include failed and expired items')
    .option('--json', 'print JSON')
    .action(async (o: { all?: boolean }, cmd: Command) => {
      const items = await daemonCall(cmd, 'outbox', { all: o.all === true })
      print(globals(cmd), items, () => items.length === 0 ? 'outbox empty'
        : table(['KIND', 'OBLIGATION', 'TO', 'STATUS', 'ATTEMPTS', 'NEXT', 'LAST ERROR', 'HELD AT MAILBOX'],
          items.map(i => [i.kind, i.obligation, i.dest, i.status, i.attempts, i.nextAttemptAt, i.lastError, i.heldAt === undefined ? undefined : `${i.heldAt.mailbox} since ${i.heldAt.since}`])))
    })
}
