// The doctor's checks of the home folder, read from the file system only: the folder and its mode, the
// config, every key file (it parses, and it is mode 0600), and the control socket's mode.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../home/config.js'
import { fileMode, readKeyFile } from '../home/files.js'
import { homePaths } from '../home/paths.js'
import { errorText } from '../runtime/errors.js'
import { fail, pass, type DoctorCheck } from './types.js'

const octal = (m: number): string => `0${m.toString(8)}`

export function homeChecks (home: string): DoctorCheck[] {
  const paths = homePaths(home)
  if (!existsSync(home) || !statSync(home).isDirectory()) return [fail('home', `${home} does not exist`, 'aios-comm init')]
  const mode = fileMode(home) as number
  const checks = [(mode & 0o077) === 0 ? pass('home', `${home} (mode ${octal(mode)})`) : fail('home', `${home} has mode ${octal(mode)}: others can read it`, `chmod 700 ${home}`)]
  try {
    const c = loadConfig(paths.config)
    checks.push(pass('config', `listen ${c.listen.join(' ')}`))
  } catch (err) {
    checks.push(fail('config', errorText(err), 'fix config.json, or move it aside and run aios-comm init'))
  }
  checks.push(keysCheck(home), ...socketCheck(paths.socket))
  return checks
}

/** Every key this home holds must parse and be readable by its owner only. */
function keysCheck (home: string): DoctorCheck {
  const paths = homePaths(home)
  const files: Array<[string, string]> = [[paths.nodeKey, 'node key']]
  if (existsSync(paths.meshKey)) files.push([paths.meshKey, 'mesh key'])
  if (existsSync(paths.keys)) {
    for (const f of readdirSync(paths.keys).filter(f => f.endsWith('.key')).sort()) files.push([join(paths.keys, f), `key of ${f.slice(0, -4)}`])
  }
  for (const [path, what] of files) {
    try {
      readKeyFile(path, what)
    } catch (err) {
      return fail('keys', errorText(err), existsSync(path) ? `restore ${path} from a backup` : 'aios-comm init')
    }
    const mode = fileMode(path) as number
    if (mode !== 0o600) return fail('keys', `${what} ${path} has mode ${octal(mode)}, not 0600`, `chmod 600 ${path}`)
  }
  const dirMode = fileMode(paths.keys)
  if (dirMode !== undefined && (dirMode & 0o077) !== 0) return fail('keys', `${paths.keys} has mode ${octal(dirMode)}`, `chmod 700 ${paths.keys}`)
  return pass('keys', `${files.length} key file${files.length === 1 ? '' : 's'} parse, all mode 0600`)
}

/** The socket's mode; whether a daemon answers on it is the daemon check. */
function socketCheck (socket: string): DoctorCheck[] {
  const mode = fileMode(socket)
  if (mode === undefined) return []
  return [mode === 0o600 ? pass('control socket', `${socket} (mode 0600)`) : fail('control socket', `${socket} has mode ${octal(mode)}: other users could drive the daemon`, 'restart the daemon (it creates the socket with mode 0600)')]
}
