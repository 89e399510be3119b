// service status: what is installed for this home, whether it is what install would write now, whether its
// environment file holds every variable the seats' contracts need, and whether the service manager runs it.
import { existsSync, readFileSync } from 'node:fs'
import { fileMode } from '../home/files.js'
import { defaultKind, servicePaths, type ServiceKind } from './paths.js'
import { activeState, managerInfo, type ManagerInfo } from './manager.js'
import { installedDaemonFlags, installedKind, readEnvFile } from './install.js'
import { renderPlist, renderUnit, thisProgram } from './render.js'

export interface ServiceStatus {
  kind: ServiceKind
  name: string
  file: string
  installed: boolean
  /** The installed file is byte for byte what `service install` would write now (same node, script, home). */
  upToDate?: boolean
  envFile: { path: string, exists: boolean, mode?: string, variables: string[], missing: string[] }
  /** The daemon's own flags the installed service runs it with. */
  daemonFlags: string[]
  manager: ManagerInfo
  /** systemd's ActiveState (active, inactive, failed, …) when the manager could be asked. */
  active?: string
}

export async function serviceStatus (kind: ServiceKind | undefined, home: string, required: string[], env: NodeJS.ProcessEnv): Promise<ServiceStatus> {
  const k = kind ?? installedKind(home, env) ?? defaultKind()
  const paths = servicePaths(k, home, env)
  const installed = existsSync(paths.file)
  const vars = readEnvFile(paths.envFile)
  const mode = fileMode(paths.envFile)
  const missing = [...new Set(required)].filter(n => (vars.get(n) ?? '') === '').sort()
  const status: ServiceStatus = {
    kind: k,
    name: paths.name,
    file: paths.file,
    installed,
    envFile: { path: paths.envFile, exists: mode !== undefined, mode: mode === undefined ? undefined : `0${mode.toString(8)}`, variables: [...vars.keys()], missing },
    daemonFlags: installedDaemonFlags(paths.envFile),
    manager: await managerInfo(k, env)
  }
  if (installed) {
    const program = thisProgram()
    const flags = status.daemonFlags
    const expected = k === 'systemd' ? renderUnit(program, paths, flags) : renderPlist(program, paths, [...vars.entries()], flags)
    status.upToDate = readFileSync(paths.file, 'utf8') === expected
    if (status.manager.available) status.active = await activeState(paths, env)
  }
  return status
}
