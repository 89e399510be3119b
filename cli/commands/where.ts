// `aios-comm where HANDLE`: an actor's Current, from its newest valid card (asking the DHT when none is held);
// `aios-comm where role:NAME`: the seats whose valid cards state the role, and whether each can be reached now.
import type { Command } from 'commander'
import { ROLE_PREFIX, isValidRole, roleInvalid } from '../../cards/index.js'
import { daemonCall, globals } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('where <handle>').description('where an actor is now: node, addresses, carrier, model, pane, card seq and age; role:NAME: the seats holding the role and their health')
    .option('--json', 'print JSON')
    .action(async (handle: string, _o, cmd: Command) => {
      if (handle.startsWith(ROLE_PREFIX)) return await whereRole(cmd, handle.slice(ROLE_PREFIX.length))
      const r = await daemonCall(cmd, 'where', { handle })
      print(globals(cmd), r, () => [
        `${r.handle}  seq ${r.seq}  ${r.local === true ? 'hosted here' : `on ${r.peerId}`}  card age ${r.ageSeconds}s${r.valid === true ? '' : `  INVALID: ${r.problem}`}`,
        `carrier ${r.carrier}${r.model !== undefined ? `  model ${r.model}` : ''}${r.pane !== undefined ? `  pane ${r.pane}` : ''}`,
        ...(r.skills !== undefined ? [`skills ${r.skills.join(', ')}`] : []),
        ...(r.tools !== undefined ? [`tools ${r.tools.join(', ')}`] : []),
        ...r.addresses.map(a => `addr ${a}`)
      ].join('\n'))
    })
}

async function whereRole (cmd: Command, role: string): Promise<void> {
  if (!isValidRole(role)) throw roleInvalid(role) // before the daemon: `where role:` names no role at all
  const r = await daemonCall(cmd, 'where.role', { role })
  print(globals(cmd), r, () => r.seats.length === 0 ? `no seat holds role ${r.role}`
    : table(['HANDLE', 'NODE', 'SEQ', 'CARRIER', 'HEALTH'], r.seats.map(s => [s.handle, s.local ? 'here' : s.peerId, s.seq, s.carrier,
      s.healthy ? 'healthy' : s.local ? `unhealthy: ${s.problem ?? 'see aios-comm status'}` : 'node not connected'])))
}
