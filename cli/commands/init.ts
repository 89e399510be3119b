// `aios-comm init [--listen MULTIADDR…] [--relay | --no-relay] [--announce MULTIADDR… [--announce-only]]`: create the node key and config (idempotent).
import type { Command } from 'commander'
import { initHome } from '../../daemon/index.js'
import { globals, homeDir } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('init')
    .description('create this home\'s node key and config (safe to run again)')
    .option('--listen <multiaddr...>', 'libp2p listen address(es), default /ip4/0.0.0.0/tcp/7733 and /ip6/::/tcp/7733; add /ip4/0.0.0.0/tcp/443/ws for networks that allow only web ports')
    .option('--relay', 'serve as a relay for the mesh\'s members (default: only once a public address is confirmed)')
    .option('--no-relay', 'never serve as a relay')
    .option('--announce <multiaddr...>', 'addresses cards state beside what the node finds itself (a forwarded port, a public address behind 1:1 NAT)')
    .option('--announce-only', 'cards state exactly the --announce addresses')
    .option('--json', 'print JSON')
    .action(async (opts: { listen?: string[], relay?: boolean, announce?: string[], announceOnly?: boolean }, cmd: Command) => {
      const r = await initHome(homeDir(cmd), { listen: opts.listen, relay: opts.relay, announce: opts.announce, announceOnly: opts.announceOnly })
      print(globals(cmd), r, () => `${r.created ? 'initialized' : 'already initialized'} ${r.home}\npeer id ${r.peerId}\nlisten ${r.listen.join(' ')}` +
        (r.relay === undefined ? '' : `\nrelay ${r.relay ? 'on' : 'off'}`) +
        (r.announce.length === 0 ? '' : `\nannounce ${r.announce.join(' ')}${r.announceOnly ? ' (only)' : ''}`))
    })
}
