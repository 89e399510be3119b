// The commander program: global options and one registered file per command.
import { Command } from 'commander'
import { packageVersion } from '../daemon/runtime/package-root.js'

/** A command file registers its command on the program. */
interface CommandFile { register: (program: Command) => void }

/**
 * Every command by its name, in help order. Each file is loaded only when its command runs (or for the full help):
 * every agent's command and every wake pays the CLI's start-up, and most commands need a small part of the code.
 */
const COMMANDS: ReadonlyArray<[string, () => Promise<CommandFile>]> = [
  ['init', async () => await import('./commands/init.js')],
  ['mesh', async () => await import('./commands/mesh.js')],
  ['actor', async () => await import('./commands/actor.js')],
  ['card', async () => await import('./commands/card.js')],
  ['invite', async () => await import('./commands/invite.js')],
  ['join', async () => await import('./commands/join.js')],
  ['where', async () => await import('./commands/where.js')],
  ['find', async () => await import('./commands/find.js')],
  ['daemon', async () => await import('./commands/daemon.js')],
  ['demo', async () => await import('./commands/demo.js')],
  ['notify', async () => await import('./commands/notify.js')],
  ['inbox', async () => await import('./commands/inbox.js')],
  ['read', async () => await import('./commands/read.js')],
  ['consume', async () => await import('./commands/consume.js')],
  ['ack', async () => await import('./commands/ack.js')],
  ['reject', async () => await import('./commands/reject.js')],
  // AUDITED: another seat checks a COMPLETE
  ['audit', async () => await import('./commands/audit.js')],
  // CANCELED: the sender withdraws an obligation
  ['cancel', async () => await import('./commands/cancel.js')],
  ['claim', async () => await import('./commands/claim.js')],
  ['renew', async () => await import('./commands/renew.js')],
  ['release', async () => await import('./commands/release.js')],
  ['status', async () => await import('./commands/status.js')],
  ['watch', async () => await import('./commands/watch.js')],
  ['outbox', async () => await import('./commands/outbox.js')],
  ['peers', async () => await import('./commands/peers.js')],
  ['doctor', async () => await import('./commands/doctor.js')],
  ['retention', async () => await import('./commands/retention.js')],
  ['service', async () => await import('./commands/service.js')],
  ['mcp', async () => await import('./commands/mcp.js')],
  ['a2a', async () => await import('./commands/a2a.js')],
]

/** Global options that take a value: the word after them is not the command's name. */
const VALUED = new Set(['--home', '--as', '--seat-token-file', '--socket'])

/** The command named on the command line, when there is one before any `--`. */
export function commandName (argv: readonly string[]): string | undefined {
  for (let i = 2; i < argv.length; i++) {
    const word = argv[i]
    if (word === '--') return undefined
    if (!word.startsWith('-')) return word
    if (VALUED.has(word)) i++
  }
  return undefined
}

export async function buildProgram (argv: readonly string[]): Promise<Command> {
  const program = new Command('aios-comm')
    .description('a peer-to-peer mesh for long-running AI agents: signed messages, durable delivery, verifiable receipts')
    .version(packageVersion())
    .option('--home <dir>', 'home folder (default $AIOS_COMM_HOME or ~/.aios-comm)')
    .option('--as <handle>', 'the acting seat (default $AIOS_ACTOR, else the only local seat)')
    .option('--seat-token-file <file>', 'an isolated seat\'s token file (default: the token in $AIOS_SEAT_TOKEN)')
    .option('--socket <path>', 'the daemon socket to use, e.g. the seat socket (default $AIOS_COMM_SOCKET, else the home\'s control socket)')
    .showHelpAfterError(false)
  const name = commandName(argv)
  const named = COMMANDS.filter(([n]) => n === name)
  // an unknown command or none at all (help, a usage error) registers them all, so commander can list or suggest
  for (const [, load] of named.length === 1 ? named : COMMANDS) (await load()).register(program)
  return program
}
