// `aios-comm card show|verify|import`: Agent Cards by hand.
import type { Command } from 'commander'
import { cardImport, cardShow, cardVerify } from '../../daemon/index.js'
import { globals, withHome } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  const card = program.command('card').description('signed A2A Agent Cards: show, verify, import')

  card.command('show [handle]').description('print an actor\'s card (a local seat\'s is refreshed first)')
    .option('--a2a', 'print the A2A Agent Card JSON itself')
    .option('--json', 'print JSON')
    .action(async (handle: string | undefined, o: { a2a?: boolean }, cmd: Command) => withHome(cmd, async ctx => {
      const c = await cardShow(ctx, handle)
      const asJson = o.a2a === true || globals(cmd).json === true
      print({ json: asJson }, c, () => summarize(c))
    }))

  card.command('verify <file>').description('check a card file: signature, endorsement, revocation, expiry')
    .option('--json', 'print JSON')
    .action(async (file: string, _o, cmd: Command) => withHome(cmd, ctx => {
      const r = cardVerify(ctx, file)
      print(globals(cmd), { ok: true, ...r }, () => `OK ${r.handle} seq ${r.seq} key ${r.actorKey}\nendorsed by mesh ${r.meshKey} until ${r.expiresAt}`)
    }))

  card.command('import <file>').description('learn a card by hand (before gossip, or offline)')
    .option('--json', 'print JSON')
    .action(async (file: string, _o, cmd: Command) => withHome(cmd, ctx => {
      const r = cardImport(ctx, file)
      print(globals(cmd), r, () => `${r.status === 'unchanged' ? 'already held' : 'imported'} ${r.handle} seq ${r.seq}`)
    }))
}

function summarize (c: Record<string, unknown>): string {
  const ext = (c.capabilities as any)?.extensions?.[0]?.params ?? {}
  return [`${c.name as string}  seq ${ext.seq as number}  carrier ${ext.carrier as string}${ext.model !== undefined ? `  model ${ext.model as string}` : ''}`,
    `key   ${ext.actorKey as string}`, `peer  ${ext.peerId as string}`, ...(ext.multiaddrs ?? []).map((a: string) => `addr  ${a}`)].join('\n')
}
