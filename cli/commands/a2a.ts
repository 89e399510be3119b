// `aios-comm a2a send URL TEXT` and `a2a get OB`: a seat sends to an outside A2A agent; the daemon checks its card,
// sends, and records the answer as witness receipts. This file only calls the daemon and prints.
import { randomBytes } from 'node:crypto'
import type { Command } from 'commander'
import { MeshError } from '../../cards/errors.js'
import { actingSeat, daemonCall, globals, homeDir, seatAccess } from '../context.js'
import { callKeyed } from '../keyed-call.js'
import { print, table } from '../output.js'
import type { A2AResult } from '../../daemon/a2a-client/index.js'

interface SendOptions { wait?: string, acceptNewKey?: boolean, allowUnsigned?: boolean, idempotencyKey?: string }

function seconds (text: string): number {
  if (!/^\d+$/.test(text) || Number(text) === 0 || Number(text) > 600) throw new MeshError('USAGE', `--wait takes whole seconds (1 to 600), not ${JSON.stringify(text)}`)
  return Number(text) * 1000
}

function resultText (r: A2AResult): string {
  const key = r.card.keyThumbprint === undefined ? 'unsigned card' : `card key ${r.card.keyThumbprint} (${r.card.pinned === 'new' ? 'pinned now' : r.card.pinned === 'same' ? 'as pinned' : 'newly pinned'})`
  const lines = [
    `${r.obligation} ${r.state}`,
    `to ${r.card.name} at ${r.url}; ${key}`,
    `task ${r.taskId ?? '-'} ${r.taskState ?? ''}`.trimEnd()
  ]
  if (r.evidence !== undefined) lines.push(`evidence ${r.evidence.path} sha256 ${r.evidence.sha256} (${r.evidence.size} bytes)`)
  if (r.reason !== undefined) lines.push(`reason: ${r.reason}`)
  if (r.replayed === true) lines.push('replayed: the idempotency key named this earlier send; the agent was not contacted again')
  if (!r.final) lines.push(`not final yet: aios-comm a2a get ${r.obligation} asks the agent again`)
  return lines.join('\n')
}

export function register (program: Command): void {
  const a2a = program.command('a2a').description('send from a seat to an outside A2A agent; its answer becomes receipts the seat witnesses')
  a2a.command('send <url> <text>').description('send TEXT to the A2A agent at URL (its base URL or its card\'s URL); waits for the task to end')
    .option('--wait <seconds>', 'how long to wait for a final answer (default 30, at most 600)')
    .option('--accept-new-key', 'accept a card signed by another key than the one pinned for this URL, and pin it')
    .option('--allow-unsigned', 'send even though the agent\'s card is not signed')
    .option('--idempotency-key <key>', 'a key of your own: the same key within 24 h returns the first obligation and contacts the agent no more')
    .option('--json', 'print JSON')
    .action(async (url: string, text: string, o: SendOptions, cmd: Command) => {
      // Without a key of the user's, one for this invocation: a retry after a lost connection is then the same send.
      const key = o.idempotencyKey ?? `cli:${randomBytes(16).toString('hex')}`
      const r = await callKeyed(homeDir(cmd), 'a2a.send', {
        as: actingSeat(cmd), url, text, waitMs: o.wait === undefined ? undefined : seconds(o.wait),
        acceptNewKey: o.acceptNewKey === true, allowUnsigned: o.allowUnsigned === true, idempotencyKey: key
      }, key, seatAccess(cmd))
      print(globals(cmd), r, () => resultText(r))
    })
  a2a.command('pins').description('list the card keys pinned per agent URL (node\'s user only)')
    .option('--forget <url>', 'forget the key pinned for URL: the agent\'s next card is pinned as new')
    .option('--json', 'print JSON')
    .action(async (o: { forget?: string }, cmd: Command) => {
      if (o.forget !== undefined) {
        const r = await daemonCall(cmd, 'a2a.forget', { url: o.forget })
        print(globals(cmd), r, () => `forgot the key ${r.keyThumbprint} pinned for ${r.url}`)
        return
      }
      const pins = await daemonCall(cmd, 'a2a.pins', {})
      print(globals(cmd), pins, () => pins.length === 0 ? 'no card key pinned' : table(['URL', 'CARD', 'KEY', 'PINNED', 'LAST SEEN'], pins.map(p => [p.url, p.cardName, p.keyThumbprint, p.pinnedAt, p.seenAt])))
    })
  a2a.command('get <obligation>').description('ask the agent for the task of an obligation sent with a2a send, and record what it says')
    .option('--json', 'print JSON')
    .action(async (ob: string, _o, cmd: Command) => {
      const r = await daemonCall(cmd, 'a2a.get', { obligation: ob })
      print(globals(cmd), r, () => resultText(r))
    })
}
