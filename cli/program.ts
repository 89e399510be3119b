// The commander program: global options and one registered file per command.
import { Command } from 'commander'
import { packageVersion } from '../daemon/runtime/package-root.js'
import * as ack from './commands/ack.js'
import * as actor from './commands/actor.js'
import * as card from './commands/card.js'
import * as consume from './commands/consume.js'
import * as daemon from './commands/daemon.js'
import * as demo from './commands/demo.js'
import * as inbox from './commands/inbox.js'
import * as init from './commands/init.js'
import * as invite from './commands/invite.js'
import * as join from './commands/join.js'
import * as mcp from './commands/mcp.js'
import * as mesh from './commands/mesh.js'
import * as notify from './commands/notify.js'
import * as outbox from './commands/outbox.js'
import * as peers from './commands/peers.js'
import * as read from './commands/read.js'
import * as reject from './commands/reject.js'
import * as status from './commands/status.js'
import * as doctor from './commands/doctor.js'
import * as service from './commands/service.js'
import * as where from './commands/where.js'
import * as watch from './commands/watch.js'

export function buildProgram (): Command {
  const program = new Command('aios-comm')
    .description('a peer-to-peer mesh for long-running AI agents: signed messages, durable delivery, verifiable receipts')
    .version(packageVersion())
    .option('--home <dir>', 'home folder (default $AIOS_COMM_HOME or ~/.aios-comm)')
    .option('--as <handle>', 'the acting seat (default $AIOS_ACTOR, else the only local seat)')
    .option('--seat-token-file <file>', 'an isolated seat\'s token file (default: the token in $AIOS_SEAT_TOKEN)')
    .option('--socket <path>', 'the daemon socket to use, e.g. the seat socket (default $AIOS_COMM_SOCKET, else the home\'s control socket)')
    .showHelpAfterError(false)
  for (const c of [init, mesh, actor, card, invite, join, where, daemon, demo, notify, inbox, read, consume, ack, reject, status, watch, outbox, peers, doctor, service, mcp]) c.register(program)
  return program
}
