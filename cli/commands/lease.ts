// `aios-comm claim|renew|release OB`: a seat takes role work under a lease, keeps it, or gives it back. The lease
// is granted by the node that sent the obligation; while that node is unreachable, none is granted.
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'
import { parseDuration } from './notify.js'

type Op = 'claim' | 'renew' | 'release'

const ABOUT: Record<Op, string> = {
  claim: 'take an obligation addressed to a role: one seat holds it at a time, until its lease expires or is released',
  renew: 'extend the lease your seat holds on role work (the fencing number stays)',
  release: 'give role work back before its lease expires: it is offered to the role\'s seats again'
}

export function registerLease (program: Command, op: Op): void {
  const c = program.command(`${op} <obligation>`).description(ABOUT[op])
  if (op !== 'release') c.option('--lease <duration>', 'how long the lease lasts (1s to 24h; default 10m)')
  c.option('--json', 'print JSON')
    .action(async (ob: string, o: { lease?: string }, cmd: Command) => {
      const r = await daemonCall(cmd, op, { obligation: ob, as: actingSeat(cmd), ...(o.lease === undefined ? {} : { leaseMs: parseDuration(o.lease) }) })
      print(globals(cmd), r, () => r.state === 'RELEASED'
        ? `${r.obligation} released by ${r.holder} (fence ${r.fence})`
        : `${r.obligation} held by ${r.holder} until ${r.expiresAt} (fence ${r.fence})`)
    })
}
