// Renders the systemd unit and the launchd plist from the templates in systemd/ and launchd/: absolute node and
// script paths, the home, and the environment. Pure text in, text out; nothing is written here.
import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { MeshError } from '../../cards/index.js'
import { packageRoot } from '../runtime/package-root.js'
import type { EnvVars } from './envfile.js'
import type { ServicePaths } from './paths.js'
import { DAEMON_NODE_FLAGS } from '../runtime/node-flags.js'

export interface Program {
  /** The node binary that runs the daemon (process.execPath of the installing CLI). */
  node: string
  /** dist/cli/main.js of this installation. */
  script: string
}

export function thisProgram (): Program {
  const script = join(packageRoot(), 'dist', 'cli', 'main.js')
  if (!existsSync(script)) throw new MeshError('SERVICE_SCRIPT_MISSING', `${script} does not exist; build aios-comm first (npm run build)`)
  return { node: process.execPath, script }
}

function template (folder: string, file: string): string {
  return readFileSync(join(packageRoot(), folder, file), 'utf8')
}

function fill (text: string, values: Record<string, string>): string {
  return text.replace(/@([A-Z_]+)@/g, (m, key: string) => {
    if (!Object.hasOwn(values, key)) throw new Error(`template placeholder ${m} has no value`)
    return values[key]
  })
}

function checkPath (what: string, path: string): string {
  if (!isAbsolute(path)) throw new MeshError('SERVICE_PATH_INVALID', `${what} ${JSON.stringify(path)} is not an absolute path`)
  if (/[\n\r\0]/.test(path)) throw new MeshError('SERVICE_PATH_INVALID', `${what} ${JSON.stringify(path)} holds a line break`)
  return path
}

/** One ExecStart= word: specifiers (%) and variables ($) doubled, quoted when it holds space, quote or backslash. */
function systemdWord (word: string): string {
  const escaped = word.replace(/%/g, '%%').replace(/\$/g, '$$$$')
  return /[\s"'\\]/.test(escaped) ? `"${escaped.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : escaped
}

/** The service's command line: node, its flags, the script, the home, `daemon` and the daemon's own flags (checked by the CLI). */
export function daemonArgs (p: Program, paths: ServicePaths, flags: readonly string[] = []): string[] {
  if (flags.some(f => /[\n\r\0]/.test(f))) throw new MeshError('SERVICE_PATH_INVALID', 'a daemon flag holds a line break')
  return [checkPath('node', p.node), ...DAEMON_NODE_FLAGS, checkPath('script', p.script), '--home', checkPath('home', paths.home), 'daemon', ...flags]
}

export function renderUnit (p: Program, paths: ServicePaths, flags: readonly string[] = []): string {
  return fill(template('systemd', 'aios-comm.service.in'), {
    HOME: paths.home.replace(/%/g, '%%'),
    EXEC_START: daemonArgs(p, paths, flags).map(systemdWord).join(' '),
    ENV_FILE: checkPath('environment file', paths.envFile).replace(/%/g, '%%')
  })
}

function xml (text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

export function renderPlist (p: Program, paths: ServicePaths, vars: EnvVars, flags: readonly string[] = []): string {
  return fill(template('launchd', 'aios-comm.plist.in'), {
    LABEL: xml(paths.name),
    HOME: xml(paths.home),
    PROGRAM_ARGUMENTS: daemonArgs(p, paths, flags).map(a => `    <string>${xml(a)}</string>`).join('\n'),
    ENVIRONMENT: vars.map(([k, v]) => `    <key>${xml(k)}</key>\n    <string>${xml(v)}</string>`).join('\n'),
    STDOUT: xml(join(paths.logDir, 'daemon.out.log')),
    STDERR: xml(join(paths.logDir, 'daemon.err.log'))
  })
}
