// `aios-comm mesh create|show|trust|admit|renew|revoke`: own or trust a mesh; endorse, renew or revoke actors.
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { globals, setupVerb } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  const mesh = program.command('mesh').description('own or trust a mesh; endorse, renew or revoke actors')

  mesh.command('create').description('create this home\'s mesh owner key (idempotent)').option('--json', 'print JSON')
    .action(async (_o, cmd: Command) => {
      const r = await setupVerb(cmd, 'mesh.create', {}, (ctx, d) => d.meshCreate(ctx))
      print(globals(cmd), r, () => `${r.created ? 'created' : 'already own'} mesh ${r.meshKey}`)
    })

  mesh.command('show').description('print this home\'s mesh key and the meshes it trusts').option('--json', 'print JSON')
    .action(async (_o, cmd: Command) => {
      const r = await setupVerb(cmd, 'mesh.show', {}, (ctx, d) => d.meshShow(ctx))
      print(globals(cmd), r, () => r.trusted.length === 0 ? 'no mesh: run aios-comm mesh create or aios-comm mesh trust KEY'
        : table(['MESH KEY', 'OWNED'], r.trusted.map(m => [m.meshKey, m.owned ? 'yes' : 'no'])))
    })

  mesh.command('trust <key>').description('trust the mesh with this owner key').option('--json', 'print JSON')
    .action(async (key: string, _o, cmd: Command) => {
      const r = await setupVerb(cmd, 'mesh.trust', { key }, (ctx, d) => d.meshTrust(ctx, key))
      print(globals(cmd), r, () => `trusting mesh ${r.meshKey}`)
    })

  mesh.command('admit <request>').description('endorse the seat in an admission request; prints the endorsement file path')
    .option('--out <file>', 'where to write the endorsement')
    .option('--days <n>', 'validity in days', v => Number.parseInt(v, 10))
    .option('--expires-in-ms <ms>', 'validity in milliseconds instead of days (to rehearse expiry)', v => Number.parseInt(v, 10))
    .option('--json', 'print JSON')
    .action(async (request: string, o: { out?: string, days?: number, expiresInMs?: number }, cmd: Command) => {
      const params = { request: resolve(request), out: o.out === undefined ? undefined : resolve(o.out), days: o.days, expiresInMs: o.expiresInMs }
      const r = await setupVerb(cmd, 'mesh.admit', params, (ctx, d) => d.meshAdmit(ctx, params.request, { ...params, validForMs: params.expiresInMs }))
      print(globals(cmd), r, () => r.path)
    })

  mesh.command('renew <handle>').description('endorse a seat\'s key again from now on (default 365 days); the renewal spreads to its node, which re-signs its card')
    .option('--days <n>', 'validity in days', v => Number.parseInt(v, 10))
    .option('--expires-in-ms <ms>', 'validity in milliseconds instead of days (to rehearse expiry)', v => Number.parseInt(v, 10))
    .option('--json', 'print JSON')
    .action(async (handle: string, o: { days?: number, expiresInMs?: number }, cmd: Command) => {
      const params = { handle, days: o.days, expiresInMs: o.expiresInMs }
      const r = await setupVerb(cmd, 'mesh.renew', params, async (ctx, d) => await d.meshRenew(ctx, handle, { days: o.days, validForMs: o.expiresInMs }))
      print(globals(cmd), r, () => `renewed ${r.handle} until ${r.expiresAt}${r.installed ? ' (seat hosted here: card re-signed)' : '; the renewal reaches its node by sync and gossip, which re-signs its card'}`)
    })

  mesh.command('revoke <handleOrKey>').description('revoke an actor key for good, by handle or key')
    .option('--reason <text>', 'why, for the operators')
    .option('--json', 'print JSON')
    .action(async (target: string, o: { reason?: string }, cmd: Command) => {
      const r = await setupVerb(cmd, 'mesh.revoke', { target, reason: o.reason }, (ctx, d) => d.meshRevoke(ctx, target, o.reason))
      print(globals(cmd), r, () => `${r.revoked ? 'revoked' : 'already revoked'}${r.handle !== undefined ? ` ${r.handle}` : ''} ${r.actorKey}`)
    })
}
