// `aios-comm inbox [--all]`: messages for the acting seat (or every local seat), open ones unless --all.
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('inbox').description('messages addressed to local seats')
    .option('--all', 'include COMPLETE, REJECTED, and CANCELED ones already read')
    .option('--json', 'print JSON')
    .action(async (o: { all?: boolean }, cmd: Command) => {
      const items = await daemonCall(cmd, 'inbox', { as: actingSeat(cmd), all: o.all === true })
      const own = items.filter(i => i.role === undefined && i.audit === undefined)
      const offered = items.filter(i => i.role !== undefined)
      const audits = items.filter(i => i.audit !== undefined)
      print(globals(cmd), items, () => [
        own.length === 0 && offered.length === 0 && audits.length === 0 ? 'inbox empty' : own.length === 0 ? '' : table(['OBLIGATION', 'FROM', 'TO', 'STATE', 'SENT', 'TEXT'], own.map(i => [i.obligation, i.from, i.to, i.state, i.sentAt, i.preview])),
        // role work is offered to every seat of the role; one takes it with aios-comm claim OB
        offered.length === 0 ? '' : `offered to your roles (take one with aios-comm claim OB):\n${table(['OBLIGATION', 'FROM', 'TO', 'STATE', 'HELD BY', 'SENT', 'TEXT'],
          offered.map(i => [i.obligation, i.from, i.to, i.state, i.role?.holder === undefined ? '-' : `${i.role.holder} (fence ${i.role.fence ?? 0}) until ${i.role.until ?? ''}`, i.sentAt, i.preview]))}`,
        // a COMPLETE waiting for this seat's verdict: the evidence is re-checked by aios-comm audit
        audits.length === 0 ? '' : `to audit (judge with aios-comm audit OB pass|fail REASON):\n${table(['OBLIGATION', 'FROM', 'TO', 'AUDITOR', 'STATE', 'SENT', 'TEXT'],
          audits.map(i => [i.obligation, i.from, i.to, i.audit?.auditor ?? '', i.state, i.sentAt, i.preview]))}`
      ].filter(t => t !== '').join('\n'))
    })
}
