// Talks to the service manager (systemctl --user, launchctl) and says plainly when it cannot be reached.
// AIOS_COMM_SERVICE_MANAGER=none never calls either (containers without a user manager, tests).
import { execFile } from 'node:child_process'
import { MeshError } from '../../cards/index.js'
import type { ServicePaths } from './paths.js'

export const MANAGER_ENV = 'AIOS_COMM_SERVICE_MANAGER'
const MANAGER_TIMEOUT_MS = 15_000 // a restart waits for the old daemon to stop (TimeoutStopSec is 20 s)

export type ManagerInfo = { available: true, tool: string } | { available: false, tool: string, reason: string }

interface Ran { ok: boolean, stdout: string, stderr: string, missing: boolean }

async function run (cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return await new Promise(resolve => {
    execFile(cmd, args, { env, timeout: MANAGER_TIMEOUT_MS }, (err, stdout, stderr) => {
      resolve({ ok: err === null, stdout, stderr: stderr.trim().split('\n')[0] ?? '', missing: (err as NodeJS.ErrnoException | null)?.code === 'ENOENT' })
    })
  })
}

function uid (): number {
  return process.getuid?.() ?? 0
}

export async function managerInfo (kind: ServicePaths['kind'], env: NodeJS.ProcessEnv): Promise<ManagerInfo> {
  const tool = kind === 'systemd' ? 'systemctl --user' : 'launchctl'
  if (env[MANAGER_ENV] === 'none') return { available: false, tool, reason: `${MANAGER_ENV}=none` }
  if (kind === 'launchd' && process.platform !== 'darwin') return { available: false, tool, reason: 'launchd runs only on macOS' }
  const r = kind === 'systemd' ? await run('systemctl', ['--user', 'show-environment'], env) : await run('launchctl', ['print', `gui/${uid()}`], env)
  if (r.missing) return { available: false, tool, reason: `${tool.split(' ')[0]} is not installed` }
  if (!r.ok) return { available: false, tool, reason: `no user service manager answers: ${r.stderr !== '' ? r.stderr : 'no reason given'}` }
  return { available: true, tool }
}

/** systemd's ActiveState words (active, inactive, failed, activating, …); launchd's running maps to active. */
export async function activeState (paths: ServicePaths, env: NodeJS.ProcessEnv): Promise<string> {
  if (paths.kind === 'systemd') {
    const r = await run('systemctl', ['--user', 'is-active', paths.name], env)
    return r.stdout.trim() !== '' ? r.stdout.trim() : 'unknown'
  }
  const r = await run('launchctl', ['print', `gui/${uid()}/${paths.name}`], env)
  if (!r.ok) return 'inactive'
  const state = /\bstate = (\w+)/.exec(r.stdout)?.[1]
  return state === 'running' ? 'active' : (state ?? 'unknown')
}

async function must (cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const r = await run(cmd, args, env)
  if (!r.ok) throw new MeshError('SERVICE_MANAGER_FAILED', `${cmd} ${args.join(' ')} failed: ${r.stderr !== '' ? r.stderr : 'no reason given'}`)
}

/** Enables and (re)starts the service: restarted when its files changed, so the new environment applies. */
export async function startService (paths: ServicePaths, changed: boolean, env: NodeJS.ProcessEnv): Promise<string> {
  const active = await activeState(paths, env)
  if (!changed && active === 'active') return 'already running'
  if (paths.kind === 'systemd') {
    await must('systemctl', ['--user', 'daemon-reload'], env)
    await must('systemctl', ['--user', 'enable', paths.name], env)
    await must('systemctl', ['--user', 'restart', paths.name], env)
    return active === 'active' ? 'restarted' : 'started'
  }
  if (active !== 'inactive') {
    await run('launchctl', ['bootout', `gui/${uid()}/${paths.name}`], env)
    await launchdGone(paths, env)
  }
  await bootstrap(paths, env)
  return active === 'active' ? 'restarted' : 'started'
}

const LAUNCHD_SETTLE_MS = 10_000 // how long a label may take to leave launchd after bootout
const LAUNCHD_POLL_MS = 250
const BOOTSTRAP_TRIES = 4

const pause = async (ms: number): Promise<void> => await new Promise(resolve => setTimeout(resolve, ms))

/** Waits (bounded) until launchd no longer lists the label: bootout returns before the old agent is gone. */
async function launchdGone (paths: ServicePaths, env: NodeJS.ProcessEnv): Promise<void> {
  for (let waited = 0; waited < LAUNCHD_SETTLE_MS; waited += LAUNCHD_POLL_MS) {
    if (!(await run('launchctl', ['print', `gui/${uid()}/${paths.name}`], env)).ok) return
    await pause(LAUNCHD_POLL_MS)
  }
}

/**
 * bootstrap, tried again after a pause when it fails: right after a bootout launchd may still refuse the label
 * ("5: Input/output error"), and an install that gave up there would leave the agent unloaded, so stopped until the
 * next login. The last failure is SERVICE_MANAGER_FAILED.
 */
async function bootstrap (paths: ServicePaths, env: NodeJS.ProcessEnv): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const r = await run('launchctl', ['bootstrap', `gui/${uid()}`, paths.file], env)
    if (r.ok) return
    if (attempt >= BOOTSTRAP_TRIES) throw new MeshError('SERVICE_MANAGER_FAILED', `launchctl bootstrap gui/${uid()} ${paths.file} failed ${attempt} times: ${r.stderr !== '' ? r.stderr : 'no reason given'}`)
    await pause(500 * 2 ** (attempt - 1))
  }
}

export async function stopService (paths: ServicePaths, env: NodeJS.ProcessEnv): Promise<string> {
  if (paths.kind === 'systemd') {
    await must('systemctl', ['--user', 'disable', '--now', paths.name], env)
    return 'stopped and disabled'
  }
  const r = await run('launchctl', ['bootout', `gui/${uid()}/${paths.name}`], env)
  return r.ok ? 'stopped and unloaded' : 'was not loaded'
}

export async function reloadManager (paths: ServicePaths, env: NodeJS.ProcessEnv): Promise<void> {
  if (paths.kind === 'systemd') await run('systemctl', ['--user', 'daemon-reload'], env)
}
