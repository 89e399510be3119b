// `aios-comm daemon`: run the daemon in the foreground (what the services start); SIGTERM/SIGINT stop it cleanly.
import type { Command } from 'commander'
import { loadDaemon } from '../../daemon/index.js'
import { homeDir } from '../context.js'
import { MeshError } from '../../cards/index.js'

export function register (program: Command): void {
  program.command('daemon').description('run the daemon in the foreground')
    .option('--a2a-port <port>', 'run the A2A 1.0 bridge on this port (0: any free port); off by default')
    .option('--a2a-host <host>', 'the bridge\'s listen address; loopback only (default 127.0.0.1)')
    .option('--a2a-as <handle>', 'the seat that sends messages arriving at the bridge (default the only seat)')
    .action(async (o: { a2aPort?: string, a2aHost?: string, a2aAs?: string }, cmd: Command) => {
      const Daemon = await loadDaemon()
      const port = o.a2aPort === undefined ? undefined : Number(o.a2aPort)
      if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new MeshError('USAGE', `--a2a-port ${String(o.a2aPort)} is not a port number`)
      if (port === undefined && (o.a2aHost !== undefined || o.a2aAs !== undefined)) throw new MeshError('USAGE', '--a2a-host and --a2a-as need --a2a-port')
      const daemon = new Daemon(homeDir(cmd), port === undefined ? {} : { a2a: { port, host: o.a2aHost, as: o.a2aAs } })
      // Listen before starting and keep listening until the process ends: a stop asked for during start, or asked
      // again while stopping, must end in the same clean stop, never in the default kill half-way through a commit.
      let stopAsked!: () => void
      const asked = new Promise<void>(resolve => { stopAsked = resolve })
      const onSignal = (): void => { stopAsked() }
      process.on('SIGTERM', onSignal)
      process.on('SIGINT', onSignal)
      const info = await daemon.start()
      // One line on stdout says the daemon is ready (scripts and tests wait for it); logs go to stderr.
      process.stdout.write(JSON.stringify({ event: 'ready', ...info }) + '\n')
      await asked
      await daemon.stop()
    })
}
