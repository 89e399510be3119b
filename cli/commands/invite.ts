// `aios-comm invite [--ttl DUR]`: a one-time invitation token from the mesh owner's node.
import type { Command } from 'commander'
import { globals, setupVerb } from '../context.js'
import { print } from '../output.js'
import { parseDuration } from './notify.js'

export function register (program: Command): void {
  program.command('invite').description('print a one-time join token (mesh key, this node\'s addresses, a secret)')
    .option('--ttl <duration>', 'how long the token is valid (default 24h)')
    .option('--json', 'print JSON')
    .action(async (o: { ttl?: string }, cmd: Command) => {
      const ttlMs = o.ttl === undefined ? undefined : parseDuration(o.ttl)
      const r = await setupVerb(cmd, 'invite', { ttlMs }, async (ctx, d) => await d.createInvite(ctx, ttlMs))
      print(globals(cmd), r, () => `${r.token}\n\nvalid until ${r.expiresAt}, once; on the new home run: aios-comm join TOKEN --handle HANDLE`)
    })
}
