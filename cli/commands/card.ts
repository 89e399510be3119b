// `aios-comm card show|verify|import`: Agent Cards by hand.
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { globals, setupVerb } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  const card = program.command('card').description('signed A2A Agent Cards: show, verify, import')

  card.command('show [handle]').description('print an actor\'s card (a local seat\'s is refreshed first)')
    .option('--a2a', 'print the A2A Agent Card JSON itself')
    .option('--json', 'print JSON')
    .action(async (handle: string | undefined, o: { a2a?: boolean }, cmd: Command) => {
      const c = await setupVerb(cmd, 'card.show', { handle }, async (ctx, d) => await d.cardShow(ctx, handle))
      print({ json: o.a2a === true || globals(cmd).json === true }, c, () => summarize(c))
    })

  card.command('verify <file>').description('check a card file: signature, endorsement, revocation, expiry')
    .option('--json', 'print JSON')
    .action(async (file: string, _o, cmd: Command) => {
      const abs = resolve(file)
      const r = await setupVerb(cmd, 'card.verify', { file: abs }, (ctx, d) => d.cardVerify(ctx, abs))
      print(globals(cmd), { ok: true, ...r }, () => `OK ${r.handle} seq ${r.seq} key ${r.actorKey}\nendorsed by mesh ${r.meshKey} until ${r.expiresAt}`)
    })

  card.command('import <file>').description('learn a card by hand (before gossip, or offline)')
    .option('--json', 'print JSON')
    .action(async (file: string, _o, cmd: Command) => {
      const abs = resolve(file)
      const r = await setupVerb(cmd, 'card.import', { file: abs }, (ctx, d) => d.cardImport(ctx, abs))
      print(globals(cmd), r, () => `${r.status === 'unchanged' ? 'already held' : 'imported'} ${r.handle} seq ${r.seq}`)
    })
}

/** The mesh extension's params as a card shown here carries them (read for display only). */
interface MeshParams { seq?: number, carrier?: string, model?: string, actorKey?: string, peerId?: string, multiaddrs?: string[] }

function summarize (c: Record<string, unknown>): string {
  const ext = (c.capabilities as { extensions?: Array<{ params?: MeshParams }> } | undefined)?.extensions?.[0]?.params ?? {}
  return [`${String(c.name)}  seq ${String(ext.seq)}  carrier ${String(ext.carrier)}${ext.model !== undefined ? `  model ${ext.model}` : ''}`,
    `key   ${String(ext.actorKey)}`, `peer  ${String(ext.peerId)}`, ...(ext.multiaddrs ?? []).map(a => `addr  ${a}`)].join('\n')
}
