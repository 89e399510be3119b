// `aios-comm service install|uninstall|status`: run the daemon as a systemd user unit or a launchd agent, with
// the variables the seats' carrier contracts need kept in the service's environment file.
import { Command } from 'commander'
import { MeshError } from '../../cards/index.js'
import { homePaths, socketIsLive } from '../../daemon/index.js'
import {
  defaultKind, installService, installedKind, planService, serviceStatus, uninstallService, type InstallResult, type ServiceKind, type ServiceStatus
} from '../../daemon/service/index.js'
import { globals, homeDir, setupVerb } from '../context.js'
import { print } from '../output.js'
import { daemonOptions, withDaemonFlags } from './daemon.js'

interface KindFlags { systemd?: boolean, launchd?: boolean, dryRun?: boolean }

function kindOf (o: KindFlags): ServiceKind | undefined {
  if (o.systemd === true && o.launchd === true) throw new MeshError('USAGE', 'choose one of --systemd and --launchd')
  return o.systemd === true ? 'systemd' : o.launchd === true ? 'launchd' : undefined
}

/** Every variable some seat's contract needs (from the daemon when it runs, else from the home itself). */
async function requiredEnv (cmd: Command): Promise<string[]> {
  const seats = await setupVerb(cmd, 'actor.list', {}, (ctx, d) => d.actorList(ctx))
  return [...new Set(seats.flatMap(s => s.requireEnv))].sort()
}

export function register (program: Command): void {
  const service = program.command('service').description('run the daemon as a user service (systemd user unit or launchd agent)')
  const kinds = (c: Command): Command => c.option('--systemd', 'a systemd user unit (default on Linux)').option('--launchd', 'a launchd LaunchAgent (default on macOS)').option('--json', 'print JSON')

  kinds(service.command('install').description('write the unit (or plist) and its environment file, then start it; safe to run again'))
    .option('--dry-run', 'print what would be written (secret values hidden) and change nothing')
    .argument('[daemon-flags...]', 'after --, the daemon\'s own flags the service runs it with (e.g. -- --ui-port 8080); none given, those installed before')
    .action(async (flags: string[], o: KindFlags, cmd: Command) => {
      const home = homeDir(cmd)
      if (flags.length > 0) checkDaemonFlags(flags)
      const plan = planService(kindOf(o) ?? installedKind(home, process.env) ?? defaultKind(), home, await requiredEnv(cmd), process.env, flags.length > 0 ? flags : undefined)
      const r = await installService(plan, { dryRun: o.dryRun === true, daemonRunning: await socketIsLive(homePaths(home).socket), env: process.env })
      print(globals(cmd), r, () => installText(r))
    })

  kinds(service.command('uninstall').description('stop the service and remove its unit (or plist) and environment file'))
    .action(async (o: KindFlags, cmd: Command) => {
      const home = homeDir(cmd)
      const r = await uninstallService(kindOf(o) ?? installedKind(home, process.env) ?? defaultKind(), home, process.env)
      print(globals(cmd), r, () => r.removed.length === 0 ? `nothing installed for ${home}` : `removed ${r.removed.join(' ')}\nservice ${r.name}: ${r.service}`)
    })

  kinds(service.command('status').description('what is installed, whether it is current, its environment, and whether it runs'))
    .action(async (o: KindFlags, cmd: Command) => {
      const r = await serviceStatus(kindOf(o), homeDir(cmd), await requiredEnv(cmd), process.env)
      print(globals(cmd), r, () => statusText(r))
    })
}

/**
 * The daemon flags a service is installed with are checked by the daemon command's own parser and rules, so a flag
 * the daemon would refuse is refused here (USAGE) before anything is written, not at the service's every start. The
 * home is not among them (it is a flag of the program, not of `daemon`): the service's own is refused as unknown.
 */
function checkDaemonFlags (flags: string[]): void {
  const probe = withDaemonFlags(new Command('daemon')).exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} })
  try {
    probe.parse(flags, { from: 'user' })
  } catch (err) {
    throw new MeshError('USAGE', `daemon flags ${flags.join(' ')}: ${(err as Error).message.replace(/^error: /, '')}`)
  }
  if (probe.args.length > 0) throw new MeshError('USAGE', `daemon flags ${flags.join(' ')}: ${probe.args[0]} is not a flag of aios-comm daemon`)
  daemonOptions(probe.opts())
}

function installText (r: InstallResult): string {
  const files = r.files.map(f => r.dryRun
    ? `# ${f.action} ${f.path} (mode ${f.mode})\n${f.content ?? ''}`
    : `${f.action} ${f.path} (mode ${f.mode})`)
  const flags = r.daemonFlags.length > 0 ? [`daemon flags: ${r.daemonFlags.join(' ')}`] : []
  return [...files, `environment: ${r.environment.join(' ')}`, ...flags, `service ${r.name}: ${r.service}`].join('\n')
}

function statusText (s: ServiceStatus): string {
  const file = s.installed ? `${s.file} (installed${s.upToDate === true ? ', up to date' : ', NOT what install writes now: run aios-comm service install'})` : `${s.file} (not installed)`
  const env = s.envFile.exists ? `${s.envFile.path} (mode ${s.envFile.mode ?? '?'}): ${s.envFile.variables.join(' ')}` : `${s.envFile.path} (missing)`
  const missing = s.envFile.missing.length > 0 ? `\nmissing   ${s.envFile.missing.join(' ')} (needed by a seat's contract)` : ''
  const manager = s.manager.available ? `${s.manager.tool}: available` : `${s.manager.tool}: unavailable (${s.manager.reason})`
  const state = s.active ?? (s.installed ? 'unknown: the service manager cannot be asked' : 'not installed')
  const flags = s.daemonFlags.length > 0 ? `\nflags     ${s.daemonFlags.join(' ')}` : ''
  return `service   ${s.kind} ${s.name}\nfile      ${file}\nenv file  ${env}${missing}${flags}\nmanager   ${manager}\nstate     ${state}`
}
