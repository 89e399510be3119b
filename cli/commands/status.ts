// `aios-comm status [OB]`: the node at a glance, or one obligation's derived state and verified receipt chain.
import type { Command } from 'commander'
import { daemonCall, globals } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('status [obligation]').description('node, peers, seats, outbox; or one obligation with its receipts')
    .option('--json', 'print JSON')
    .action(async (ob: string | undefined, _o, cmd: Command) => {
      if (ob !== undefined) {
        const r = await daemonCall(cmd, 'status', { obligation: ob })
        print(globals(cmd), r, () => obligationText(r))
        return
      }
      const r = await daemonCall(cmd, 'node.status')
      print(globals(cmd), r, () => nodeText(r))
    })
}

function obligationText (r: any): string {
  const head = `${r.obligation as string}  ${r.state as string}\nfrom ${r.from as string} to ${r.to as string}, sent ${r.sentAt as string}`
  const delivery = r.delivery === undefined ? '' : `\ndelivery: ${r.delivery.status as string}, ${r.delivery.attempts as number} attempts${r.delivery.lastError !== undefined ? `, last error ${r.delivery.lastError as string}` : ''}`
  const rows = (r.receipts as any[]).map(x => [x.state, x.actor, x.at, x.verified ? 'verified' : `NOT VERIFIED (${x.reason as string})`,
    x.evidence !== undefined ? `${x.evidence.path as string} sha256 ${(x.evidence.sha256 as string).slice(0, 16)}… ${x.evidence.check as string}` : x.note])
  return `${head}${delivery}${wakeText(r.wake)}\n\n${rows.length === 0 ? 'no receipts yet' : table(['RECEIPT', 'BY', 'AT', 'SIGNATURE', 'EVIDENCE / NOTE'], rows)}`
}

function nodeText (r: any): string {
  const seats = table(['SEAT', 'CARRIER', 'PANE', 'HEALTH', 'LAST WAKE'], (r.actors as any[]).map(a => [a.handle, a.carrier, a.pane, a.healthy ? 'ok' : a.problem, lastWake(a)]))
  const peers = (r.peers as any[]).length === 0 ? 'no peers known' : table(['PEER', 'CONNECTED', 'SEATS'], (r.peers as any[]).map(p => [p.peerId, p.connected ? 'yes' : 'no', (p.handles as string[]).join(' ')]))
  return `node ${r.peerId as string}\n${(r.addresses as string[]).map(a => `  ${a}`).join('\n')}\n\n${seats}\n\n${peers}\n\noutbox pending ${r.outbox.pending as number}`
}

/** The wake of one obligation: woken, or waiting with its attempts and the last error. */
function wakeText (w: any): string {
  if (w === undefined || w === null) return ''
  const last = w.last === undefined ? '' : `, last ${w.last.result as string}${w.last.code !== undefined ? ` ${w.last.code as string}: ${w.last.error as string}` : ''} at ${w.last.at as string}`
  return `\nwake: ${w.state as string}${w.wokenAt !== undefined ? ` at ${w.wokenAt as string}` : ''}, ${w.attempts as number} attempts${last}`
}

function lastWake (a: any): string {
  const w = a.lastWake
  const owed = a.wakesOwed > 0 ? ` (${a.wakesOwed as number} waiting)` : ''
  if (w === undefined) return `none${owed}`
  return `${w.result as string}${w.code !== undefined ? ` ${w.code as string}` : ''} ${w.at as string}${owed}`
}
