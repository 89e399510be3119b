// The service's environment file: the variables the daemon must get on every start (its home, PATH, and each
// seat contract's variables), so a restart cannot lose one. Written in the subset of syntax that systemd's
// EnvironmentFile= and a POSIX shell read the same way: plain values, or single-quoted literal ones.
import { MeshError } from '../../cards/index.js'

export type EnvVars = Array<[name: string, value: string]>

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]*$/
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

function quote (name: string, value: string): string {
  if (PLAIN.test(value)) return value
  if (/['\x00-\x08\x0a-\x1f\x7f]/.test(value)) {
    throw new MeshError('SERVICE_ENV_UNSAFE', `the value of ${name} holds a single quote or a control character, which an environment file cannot carry safely; change the value`)
  }
  return `'${value}'`
}

/** The comment line that keeps the daemon's flags beside the variables (read back by the next install and by status). */
const FLAGS_LINE = '# daemon flags: '

export function renderEnvFile (vars: EnvVars, home: string, flags: readonly string[] = []): string {
  const lines = [
    `# aios-comm service environment for ${home.replace(/\n/g, ' ')}: written by aios-comm service install (mode 0600).`,
    '# The variables the seats\' carrier contracts need live here, so a restart of the service cannot lose them.'
  ]
  if (flags.length > 0) lines.push(FLAGS_LINE + JSON.stringify(flags))
  for (const [name, value] of vars) lines.push(`${name}=${quote(name, value)}`)
  return lines.join('\n') + '\n'
}

/** The daemon flags an environment file keeps (none when it names none, or the line is not what install writes). */
export function parseDaemonFlags (text: string): string[] {
  const line = text.split('\n').find(l => l.startsWith(FLAGS_LINE))
  if (line === undefined) return []
  try {
    const flags: unknown = JSON.parse(line.slice(FLAGS_LINE.length))
    return Array.isArray(flags) && flags.every(f => typeof f === 'string') ? flags : []
  } catch {
    return []
  }
}

/** Reads back what renderEnvFile wrote (and plain KEY=value lines written by hand). */
export function parseEnvFile (text: string): Map<string, string> {
  const vars = new Map<string, string>()
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    const eq = line.indexOf('=')
    if (eq <= 0) continue
    const name = line.slice(0, eq).trim()
    let value = line.slice(eq + 1).trim()
    if (value.length >= 2 && ((value.startsWith("'") && value.endsWith("'")) || (value.startsWith('"') && value.endsWith('"')))) value = value.slice(1, -1)
    if (NAME.test(name)) vars.set(name, value)
  }
  return vars
}

/**
 * The daemon's own settings read from its environment (its log level, a peer's rate, a mailbox's quota): each set where
 * install runs (or in the file installed before) is kept, so the service runs the daemon as it was being run.
 */
export const SETTINGS_VARS: readonly string[] = ['AIOS_COMM_LOG', 'AIOS_COMM_MAILBOX_PEER_ITEMS', 'AIOS_COMM_PEER_RATE']

/**
 * The variables to write: AIOS_COMM_HOME and PATH, the daemon's settings that are set, then every required one —
 * from this environment, else from the file installed before (re-running install from a shell without a secret keeps
 * it). No required one may be missing.
 */
export function collectEnv (home: string, required: string[], env: NodeJS.ProcessEnv, previous: Map<string, string>): EnvVars {
  const pick = (name: string): string | undefined => {
    const v = env[name]
    if (v !== undefined && v !== '') return v
    const p = previous.get(name)
    return p !== undefined && p !== '' ? p : undefined
  }
  const names = [...new Set(required.filter(n => n !== 'AIOS_COMM_HOME' && n !== 'PATH'))].sort()
  const missing = names.filter(n => pick(n) === undefined)
  if (missing.length > 0) {
    throw new MeshError('SERVICE_ENV_MISSING', `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required by a seat's carrier contract but not set; export ${missing[0]}=… and run aios-comm service install again`)
  }
  const path = pick('PATH') ?? '/usr/local/bin:/usr/bin:/bin'
  const settings = SETTINGS_VARS.filter(n => !names.includes(n) && pick(n) !== undefined)
  return [['AIOS_COMM_HOME', home], ['PATH', path], ...[...settings, ...names].map((n): [string, string] => [n, pick(n) as string])]
}
