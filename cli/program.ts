// The commander program: global options and one registered file per command.
import { Command } from 'commander'
import { packageVersion } from '../daemon/runtime/package-root.js'
import * as actor from './commands/actor.js'
import * as card from './commands/card.js'
import * as init from './commands/init.js'
import * as mesh from './commands/mesh.js'

export function buildProgram (): Command {
  const program = new Command('aios-comm')
    .description('a peer-to-peer mesh for long-running AI agents: signed messages, durable delivery, verifiable receipts')
    .version(packageVersion())
    .option('--home <dir>', 'home folder (default $AIOS_COMM_HOME or ~/.aios-comm)')
    .option('--as <handle>', 'the acting seat (default $AIOS_ACTOR, else the only local seat)')
    .showHelpAfterError(false)
  for (const c of [init, mesh, actor, card]) c.register(program)
  return program
}
