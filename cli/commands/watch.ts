// `aios-comm watch`: the node's events as they happen — colored lines on a terminal, one JSON object per line otherwise.
import type { Command } from 'commander'
import { homeDir, seatAccess } from '../context.js'
import { subscribe } from '../control-client.js'
import { eventLine } from '../views/event.js'

export function register (program: Command): void {
  program.command('watch').description('stream deliveries, receipts, wakes, peers and refusals live')
    .option('--json', 'one JSON object per line (the default when stdout is not a terminal)')
    .option('--type <type...>', 'only these event types: sent delivered receipt wake peer refused directory')
    .action(async (o: { json?: boolean, type?: string[] }, cmd: Command) => {
      const tty = process.stdout.isTTY === true
      const json = o.json === true || !tty
      const color = tty && process.env.NO_COLOR === undefined
      const sub = await subscribe(homeDir(cmd), 'watch', { types: o.type }, e => {
        process.stdout.write((json ? JSON.stringify(e) : eventLine(e, color)) + '\n')
      }, seatAccess(cmd))
      const stop = (): void => sub.close()
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
      process.stderr.write('watching; Ctrl-C to stop\n') // on stderr, so stdout holds only events
      await sub.done
    })
}
