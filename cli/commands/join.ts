// `aios-comm join TOKEN [--handle H…]`: trust the mesh, get this home's seats endorsed by the inviting node.
import type { Command } from 'commander'
import { loadJoinStandalone } from '../../daemon/index.js'
import { daemonCall, globals, homeDir, withHome } from '../context.js'
import { print } from '../output.js'
import { socketIsLive, homePaths } from '../../daemon/index.js'

export function register (program: Command): void {
  program.command('join <token>').description('join a mesh with an invitation token (run aios-comm init first)')
    .option('--handle <handle...>', 'seats to create and have endorsed (default: every seat still waiting for one)')
    .option('--json', 'print JSON')
    .action(async (token: string, o: { handle?: string[] }, cmd: Command) => {
      const handles = o.handle ?? []
      const r = await socketIsLive(homePaths(homeDir(cmd)).socket)
        ? await daemonCall(cmd, 'join', { token, handles })
        : await withHome(cmd, async ctx => await (await loadJoinStandalone())(ctx, token, handles))
      print(globals(cmd), r, () => `joined mesh ${r.meshKey} through ${r.inviter}\nendorsed: ${r.seats.join(', ')}; learned ${r.cards} cards`)
    })
}
