// Runs the doctor for a home: file checks here, the daemon's own checks over its control socket (or, when no
// daemon answers, the seats' contracts checked here and labelled so), then the service checks.
import { existsSync } from 'node:fs'
import { MeshError } from '../../cards/index.js'
import { seatCarrier, checkContract } from '../carriers/index.js'
import { homePaths } from '../home/paths.js'
import { HomeContext } from '../home/context.js'
import { wakeView } from '../wake/index.js'
import { homeChecks } from './home.js'
import { seatCheck, type DaemonDoctor } from './node.js'
import { endorsementChecks } from './endorsement.js'
import { serviceChecks } from './service.js'
import { fail, pass, report, type DoctorCheck, type DoctorReport } from './types.js'

/** The one control call the doctor makes (the daemon's own checks); control/ depends on doctor/, not back. */
export type ControlCall = (method: 'doctor', params: Record<string, never>) => Promise<DaemonDoctor>

const UNREACHABLE = new Set(['DAEMON_NOT_RUNNING', 'DAEMON_UNREACHABLE', 'DAEMON_PROTOCOL', 'DAEMON_CONNECTION_LOST', 'UNKNOWN_METHOD'])

export async function runDoctor (home: string, call: ControlCall, env: NodeJS.ProcessEnv = process.env): Promise<DoctorReport> {
  const checks = homeChecks(home)
  const socket = homePaths(home).socket
  let required: string[] = []
  let reachable = false
  try {
    const d = await call('doctor', {})
    reachable = true
    checks.push(pass('daemon', `answers on ${socket} (pid ${d.pid})`), ...d.checks)
    required = d.requiredEnv
  } catch (err) {
    if (!(err instanceof MeshError) || !UNREACHABLE.has(err.code)) throw err
    const why = err.code === 'UNKNOWN_METHOD' ? 'the running daemon is older than this aios-comm' : err.message
    checks.push(fail('daemon', why, err.code === 'UNKNOWN_METHOD' ? 'restart the daemon' : 'aios-comm daemon (or aios-comm service install)'))
    const local = await localSeatChecks(home, env)
    checks.push(...local.checks)
    required = local.required
  }
  checks.push(...await serviceChecks(home, required, reachable, env))
  return report(checks)
}

/** With no daemon to ask, the contracts are checked in this command's environment, and the detail says so. */
async function localSeatChecks (home: string, env: NodeJS.ProcessEnv): Promise<{ checks: DoctorCheck[], required: string[] }> {
  if (!existsSync(homePaths(home).config)) return { checks: [], required: [] }
  const ctx = HomeContext.open(home)
  try {
    const checks: DoctorCheck[] = []
    for (const a of ctx.store.identity.actors()) {
      const v = await checkContract(seatCarrier(a, ctx.store.carriers.contract(a.handle)), env)
      const last = ctx.store.carriers.wakes(a.handle, 1)[0]
      checks.push(seatCheck({
        handle: a.handle, carrier: a.carrier, pane: a.pane, tmuxSocket: a.tmuxSocket, healthy: v.ok, contract: v.items,
        problem: v.ok ? undefined : `${v.code}: ${v.reason}`, fix: v.ok ? undefined : v.fix,
        wakesOwed: ctx.store.carriers.owed(a.handle)?.count ?? 0, lastWake: last === undefined ? undefined : wakeView(last)
      }, 'this command, since no daemon runs'))
    }
    checks.push(...endorsementChecks(ctx))
    return { checks, required: [...new Set(ctx.store.identity.actors().flatMap(a => a.requireEnv))].sort() }
  } finally {
    ctx.close()
  }
}
