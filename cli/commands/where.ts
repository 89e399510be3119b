// `aios-comm where HANDLE`: an actor's Current, from its newest valid card (asking the DHT when none is held).
import type { Command } from 'commander'
import { daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('where <handle>').description('where an actor is now: node, addresses, carrier, model, pane, card seq and age')
    .option('--json', 'print JSON')
    .action(async (handle: string, _o, cmd: Command) => {
      const r = await daemonCall(cmd, 'where', { handle })
      print(globals(cmd), r, () => [
        `${r.handle}  seq ${r.seq}  ${r.local === true ? 'hosted here' : `on ${r.peerId}`}  card age ${r.ageSeconds}s${r.valid === true ? '' : `  INVALID: ${r.problem}`}`,
        `carrier ${r.carrier}${r.model !== undefined ? `  model ${r.model}` : ''}${r.pane !== undefined ? `  pane ${r.pane}` : ''}`,
        ...r.addresses.map(a => `addr ${a}`)
      ].join('\n'))
    })
}
