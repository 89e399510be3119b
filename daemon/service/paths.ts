// Where a home's service lives: the unit or plist name (one per aios-comm home), its folder, the environment
// file and the logs. Everything comes from the environment given (HOME, XDG_CONFIG_HOME), so tests install
// into a temporary HOME and never touch the real user's configuration.
import { createHash } from 'node:crypto'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

export type ServiceKind = 'systemd' | 'launchd'
export const SERVICE_KINDS: readonly ServiceKind[] = ['systemd', 'launchd']

export interface ServicePaths {
  kind: ServiceKind
  home: string
  /** systemd unit name (aios-comm.service) or launchd label (org.aios-comm.daemon). */
  name: string
  /** The unit file or the plist. */
  file: string
  /** KEY=value lines the daemon gets (mode 0600, in the home): the variables the seats' contracts need. */
  envFile: string
  logDir: string
}

export function defaultKind (platform: NodeJS.Platform = process.platform): ServiceKind {
  return platform === 'darwin' ? 'launchd' : 'systemd'
}

function userHome (env: NodeJS.ProcessEnv): string {
  return env.HOME !== undefined && env.HOME !== '' ? env.HOME : homedir()
}

/** The default home gets the plain name; any other home a name of its own, so several homes can run. */
function suffix (home: string, env: NodeJS.ProcessEnv): string {
  if (resolve(home) === resolve(userHome(env), '.aios-comm')) return ''
  return createHash('sha256').update(resolve(home)).digest('hex').slice(0, 8)
}

export function servicePaths (kind: ServiceKind, home: string, env: NodeJS.ProcessEnv = process.env): ServicePaths {
  const abs = resolve(home)
  const s = suffix(abs, env)
  const base = { kind, home: abs, envFile: join(abs, 'service.env'), logDir: join(abs, 'logs') }
  if (kind === 'systemd') {
    const config = env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(userHome(env), '.config')
    const name = s === '' ? 'aios-comm.service' : `aios-comm-${s}.service`
    return { ...base, name, file: join(config, 'systemd', 'user', name) }
  }
  const label = s === '' ? 'org.aios-comm.daemon' : `org.aios-comm.daemon.${s}`
  return { ...base, name: label, file: join(userHome(env), 'Library', 'LaunchAgents', `${label}.plist`) }
}
