// `aios-comm status [OB]`: the node at a glance, or one obligation's derived state and its verified journey.
import type { Command } from 'commander'
import { daemonCall, globals } from '../context.js'
import { print } from '../output.js'
import { nodeText } from '../views/node-status.js'
import { obligationText } from '../views/journey.js'

export function register (program: Command): void {
  program.command('status [obligation]').description('node, peers, seats, outbox; or one obligation with its journey and receipts')
    .option('--json', 'print JSON')
    .action(async (ob: string | undefined, _o, cmd: Command) => {
      if (ob !== undefined) {
        const r = await daemonCall(cmd, 'status', { obligation: ob })
        print(globals(cmd), r, () => obligationText(r))
        return
      }
      const r = await daemonCall(cmd, 'node.status', {})
      print(globals(cmd), r, () => nodeText(r))
    })
}
