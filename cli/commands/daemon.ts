// `aios-comm daemon`: run the daemon in the foreground (what the services start); SIGTERM/SIGINT stop it cleanly.
import type { Command } from 'commander'
import { loadDaemon } from '../../daemon/index.js'
import { homeDir } from '../context.js'
import { MeshError } from '../../cards/index.js'
import type { DaemonOptions } from '../../daemon/daemon.js'

interface DaemonFlags {
  a2aPort?: string
  a2aHost?: string
  a2aAs?: string
  a2aToken?: boolean
  a2aWaitMs?: string
  metricsPort?: string
  metricsHost?: string
  uiPort?: string
  uiHost?: string
  otlpEndpoint?: string
}

function port (flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new MeshError('USAGE', `${flag} ${value} is not a port number`)
  return n
}

/** The daemon's own flags, on the `daemon` command and on the copy `service install` checks its flags with. */
export function withDaemonFlags (cmd: Command): Command {
  return cmd
    .option('--a2a-port <port>', 'run the A2A 1.0 bridge on this port (0: any free port); off by default')
    .option('--a2a-host <host>', 'the bridge\'s listen address; loopback only (default 127.0.0.1)')
    .option('--a2a-as <handle>', 'the seat that sends messages arriving at the bridge (default the only seat)')
    .option('--a2a-token', 'require Authorization: Bearer <token> from a2a.token in the home (created, mode 0600) on the bridge; the cards declare it')
    .option('--a2a-wait-ms <ms>', 'how long a blocking A2A SendMessage waits for the seat to finish before answering with the task as it stands (default 30000)')
    .option('--metrics-port <port>', 'serve Prometheus metrics at /metrics on this port (0: any free port); off by default')
    .option('--metrics-host <host>', 'the metrics listen address; loopback only (default 127.0.0.1)')
    .option('--ui-port <port>', 'serve the web page on this port (0: any free port); off by default')
    .option('--ui-host <host>', 'the web page\'s listen address; loopback only (default 127.0.0.1)')
    .option('--otlp-endpoint <url>', 'export traces of every obligation\'s steps to this OpenTelemetry collector (OTLP/HTTP, e.g. http://127.0.0.1:4318); off by default; config.json "otlpEndpoint" keeps it across restarts')
}

/** The daemon's options from its flags; USAGE for flags that do not go together or values that are none. */
export function daemonOptions (o: DaemonFlags): DaemonOptions {
  const a2a = port('--a2a-port', o.a2aPort)
  const metrics = port('--metrics-port', o.metricsPort)
  const ui = port('--ui-port', o.uiPort)
  if (a2a === undefined && (o.a2aHost !== undefined || o.a2aAs !== undefined || o.a2aToken === true || o.a2aWaitMs !== undefined)) throw new MeshError('USAGE', '--a2a-host, --a2a-as, --a2a-token and --a2a-wait-ms need --a2a-port')
  const waitMs = o.a2aWaitMs === undefined ? undefined : Number(o.a2aWaitMs)
  if (waitMs !== undefined && (!Number.isInteger(waitMs) || waitMs < 0 || waitMs > 600_000)) throw new MeshError('USAGE', `--a2a-wait-ms ${o.a2aWaitMs ?? ''} is not a number of milliseconds from 0 to 600000`)
  if (metrics === undefined && o.metricsHost !== undefined) throw new MeshError('USAGE', '--metrics-host needs --metrics-port')
  if (ui === undefined && o.uiHost !== undefined) throw new MeshError('USAGE', '--ui-host needs --ui-port')
  return {
    ...(a2a === undefined ? {} : { a2a: { port: a2a, host: o.a2aHost, as: o.a2aAs, token: o.a2aToken === true, waitMs } }),
    ...(metrics === undefined ? {} : { metrics: { port: metrics, host: o.metricsHost } }),
    ...(ui === undefined ? {} : { ui: { port: ui, host: o.uiHost } }),
    ...(o.otlpEndpoint === undefined ? {} : { otlpEndpoint: o.otlpEndpoint })
  }
}

export function register (program: Command): void {
  withDaemonFlags(program.command('daemon').description('run the daemon in the foreground'))
    .action(async (o: DaemonFlags, cmd: Command) => {
      const Daemon = await loadDaemon()
      const daemon = new Daemon(homeDir(cmd), daemonOptions(o))
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
