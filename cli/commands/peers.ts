// `aios-comm peers`: nodes that host trusted actors, and which are connected now; nodes cut off here, and why.
import type { Command } from 'commander'
import { daemonCall, globals } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('peers').description('known and connected peer nodes')
    .option('--json', 'print JSON')
    .action(async (_o, cmd: Command) => {
      const peers = await daemonCall(cmd, 'peers', {})
      print(globals(cmd), peers, () => peers.length === 0 ? 'no peers known'
        : [table(['PEER', 'CONNECTED', 'SEATS', 'ADDRESSES'], peers.map(p => [p.peerId, p.connected ? 'yes' : 'no', p.handles.join(' '), p.addresses.join(' ')])),
            ...peers.flatMap(p => p.cutOff !== undefined ? [`cut off ${p.peerId}: ${p.cutOff}`]
              : !p.connected && p.downSince !== undefined ? [`down ${p.peerId}: unreachable since ${p.downSince}`] : [])].join('\n'))
    })
}
