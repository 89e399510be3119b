// The doctor's service checks: installed and current, running, and an environment file that holds every
// variable the seats' contracts need — the check that catches "a restart will drop that variable" in advance.
import { defaultKind, serviceStatus, type ServiceStatus } from '../service/index.js'
import { fail, pass, type DoctorCheck } from './types.js'

export async function serviceChecks (home: string, required: string[], daemonReachable: boolean, env: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const st = await serviceStatus(undefined, home, required, env)
  const install = `aios-comm service install${st.kind === defaultKind() ? '' : ` --${st.kind}`}`
  if (!st.installed) {
    const what = st.kind === 'systemd' ? 'systemd user unit' : 'launchd agent'
    return [fail('service installed', `no ${what} for this home (${st.file}): a reboot or a crash stops the daemon`, install)]
  }
  const installed = st.upToDate === true
    ? pass('service installed', `${st.kind} ${st.file}`)
    : fail('service installed', `${st.file} is not what install writes now (node, script or home changed)`, install)
  return [installed, runningCheck(st, daemonReachable), environmentCheck(st, install)]
}

function runningCheck (st: ServiceStatus, daemonReachable: boolean): DoctorCheck {
  const start = st.kind === 'systemd' ? `systemctl --user start ${st.name}` : `launchctl bootstrap gui/$(id -u) ${st.file}`
  if (st.manager.available) {
    if (st.active === 'active') return pass('service running', `${st.name} is active`)
    return fail('service running', `${st.name} is ${st.active ?? 'unknown'}`, `${start} (logs: ${st.kind === 'systemd' ? `journalctl --user -u ${st.name}` : 'the home\'s logs/ folder'})`)
  }
  // Without a manager to ask, the daemon answering on its socket is the only evidence there is: say both.
  if (daemonReachable) return pass('service running', `cannot ask ${st.manager.tool} (${st.manager.reason}); a daemon answers on the control socket`)
  return fail('service running', `cannot ask ${st.manager.tool} (${st.manager.reason}) and no daemon answers`, start)
}

function environmentCheck (st: ServiceStatus, install: string): DoctorCheck {
  const f = st.envFile
  if (!f.exists) return fail('service environment', `${f.path} is missing: the service starts without its variables`, install)
  if (f.mode !== '0600') return fail('service environment', `${f.path} has mode ${f.mode ?? '?'}, not 0600`, `chmod 600 ${f.path}`)
  if (f.missing.length > 0) {
    const them = f.missing.length === 1 ? 'it' : 'them'
    return fail('service environment', `${f.missing.join(', ')} (needed by a seat's contract) ${f.missing.length === 1 ? 'is' : 'are'} not in ${f.path}: a restart would lose ${them}`,
      `export ${f.missing[0]}=… && ${install}`)
  }
  return pass('service environment', `${f.path} (mode 0600) holds ${f.variables.join(' ')}`)
}
