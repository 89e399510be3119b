// `aios-comm daemon`: run the daemon in the foreground (what the services start); SIGTERM/SIGINT stop it cleanly.
import type { Command } from 'commander'
import { loadDaemon } from '../../daemon/index.js'
import { homeDir } from '../context.js'

export function register (program: Command): void {
  program.command('daemon').description('run the daemon in the foreground')
    .action(async (_o, cmd: Command) => {
      const Daemon = await loadDaemon()
      const daemon = new Daemon(homeDir(cmd))
      const info = await daemon.start()
      // One line on stdout says the daemon is ready (scripts and tests wait for it); logs go to stderr.
      process.stdout.write(JSON.stringify({ event: 'ready', ...info }) + '\n')
      await new Promise<void>(resolve => {
        const stop = (): void => { resolve() }
        process.once('SIGTERM', stop)
        process.once('SIGINT', stop)
      })
      await daemon.stop()
    })
}
