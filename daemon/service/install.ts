// service install / uninstall: write the environment file (0600) and the unit or plist, idempotently, then ask
// the service manager to (re)start it when one can be reached; say exactly what was done and what was not.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { MeshError } from '../../cards/index.js'
import { ensurePrivateDir, fileMode, writePrivateFile } from '../home/files.js'
import { SETTINGS_VARS, collectEnv, parseDaemonFlags, parseEnvFile, renderEnvFile, type EnvVars } from './envfile.js'
import { activeState, managerInfo, reloadManager, startService, stopService } from './manager.js'
import { servicePaths, type ServiceKind, type ServicePaths } from './paths.js'
import { renderPlist, renderUnit, thisProgram } from './render.js'

export interface PlannedFile {
  path: string
  mode: number
  content: string
  /** What --dry-run prints: the same text with the contract variables' values hidden. */
  shown: string
}

export interface ServicePlan {
  paths: ServicePaths
  vars: EnvVars
  /** The daemon's own flags the service runs it with. */
  flags: string[]
  files: PlannedFile[]
}

export interface InstallResult {
  kind: ServiceKind
  name: string
  dryRun: boolean
  files: Array<{ path: string, mode: string, action: 'written' | 'unchanged' | 'would write', content?: string }>
  environment: string[]
  /** The daemon's own flags the service runs it with. */
  daemonFlags: string[]
  service: string
}

export function readEnvFile (path: string): Map<string, string> {
  return existsSync(path) ? parseEnvFile(readFileSync(path, 'utf8')) : new Map()
}

const PUBLIC_VARS = new Set(['AIOS_COMM_HOME', 'PATH', ...SETTINGS_VARS])

/** The daemon flags the service installed for this home runs with (kept in its environment file). */
export function installedDaemonFlags (envFile: string): string[] {
  return existsSync(envFile) ? parseDaemonFlags(readFileSync(envFile, 'utf8')) : []
}

/**
 * What install writes. `flags`: the daemon's own flags the service runs with (checked by the CLI against the daemon
 * command); left out, those of the service installed before, as its variables are kept.
 */
export function planService (kind: ServiceKind, home: string, required: string[], env: NodeJS.ProcessEnv, flags?: readonly string[]): ServicePlan {
  const paths = servicePaths(kind, home, env)
  const vars = collectEnv(paths.home, required, env, readEnvFile(paths.envFile))
  const daemonFlags = flags ?? installedDaemonFlags(paths.envFile)
  const hidden: EnvVars = vars.map(([k, v]) => [k, PUBLIC_VARS.has(k) ? v : `(hidden, ${v.length} characters)`])
  const program = thisProgram()
  const envFile = { path: paths.envFile, mode: 0o600, content: renderEnvFile(vars, paths.home, daemonFlags), shown: renderEnvFile(hidden, paths.home, daemonFlags) }
  const unit = kind === 'systemd'
    ? { path: paths.file, mode: 0o644, content: renderUnit(program, paths, daemonFlags), shown: renderUnit(program, paths, daemonFlags) }
    // the plist carries the environment itself, so it is private like the environment file
    : { path: paths.file, mode: 0o600, content: renderPlist(program, paths, vars, daemonFlags), shown: renderPlist(program, paths, hidden, daemonFlags) }
  return { paths, vars, flags: [...daemonFlags], files: [envFile, unit] }
}

function same (f: PlannedFile): boolean {
  return existsSync(f.path) && fileMode(f.path) === f.mode && readFileSync(f.path, 'utf8') === f.content
}

const octal = (mode: number): string => `0${mode.toString(8)}`

export async function installService (plan: ServicePlan, opts: { dryRun: boolean, daemonRunning: boolean, env: NodeJS.ProcessEnv }): Promise<InstallResult> {
  const { paths } = plan
  const result: InstallResult = { kind: paths.kind, name: paths.name, dryRun: opts.dryRun, files: [], environment: plan.vars.map(([k]) => k), daemonFlags: plan.flags, service: '' }
  let changed = false
  for (const f of plan.files) {
    const unchanged = same(f)
    changed ||= !unchanged
    if (opts.dryRun) result.files.push({ path: f.path, mode: octal(f.mode), action: unchanged ? 'unchanged' : 'would write', content: f.shown })
    else {
      if (!unchanged) writePrivateFile(f.path, f.content, f.mode)
      result.files.push({ path: f.path, mode: octal(f.mode), action: unchanged ? 'unchanged' : 'written' })
    }
  }
  if (opts.dryRun) {
    result.service = 'not started (dry run)'
    return result
  }
  if (paths.kind === 'launchd') ensurePrivateDir(paths.logDir)
  result.service = await startIfPossible(paths, changed, opts)
  return result
}

async function startIfPossible (paths: ServicePaths, changed: boolean, opts: { daemonRunning: boolean, env: NodeJS.ProcessEnv }): Promise<string> {
  const how = paths.kind === 'systemd' ? `systemctl --user enable --now ${paths.name}` : `launchctl bootstrap gui/$(id -u) ${paths.file}`
  const m = await managerInfo(paths.kind, opts.env)
  if (!m.available) return `not started: ${m.reason}; start it with: ${how}`
  if (opts.daemonRunning && await activeState(paths, opts.env) !== 'active') {
    return `not started: a daemon already runs for ${paths.home} outside the service; stop it, then: ${how}`
  }
  return await startService(paths, changed, opts.env)
}

/** Which kind is installed for this home, if any. */
export function installedKind (home: string, env: NodeJS.ProcessEnv): ServiceKind | undefined {
  for (const kind of ['systemd', 'launchd'] as const) if (existsSync(servicePaths(kind, home, env).file)) return kind
  return undefined
}

export async function uninstallService (kind: ServiceKind, home: string, env: NodeJS.ProcessEnv): Promise<{ kind: ServiceKind, name: string, removed: string[], service: string }> {
  const paths = servicePaths(kind, home, env)
  const present = [paths.file, paths.envFile].filter(p => existsSync(p))
  if (present.length === 0) return { kind, name: paths.name, removed: [], service: 'nothing was installed' }
  let service = 'not installed as a service'
  if (existsSync(paths.file)) {
    const m = await managerInfo(kind, env)
    // Removing the files of a service that still runs would leave it running with no way to manage it.
    if (m.available) service = await stopService(paths, env)
    else service = `not stopped: ${m.reason}`
  }
  for (const p of present) rmSync(p, { force: true })
  if (existsSync(paths.file)) throw new MeshError('SERVICE_UNINSTALL_FAILED', `${paths.file} could not be removed`)
  await reloadManager(paths, env).catch(() => {})
  return { kind, name: paths.name, removed: present, service }
}
