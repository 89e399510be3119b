// Links cut in network namespaces for the relay tests: a host that drops what it would send to an address (a NAT
// that lets nothing in, seen from both sides), and a node's status.
import { execFileSync } from 'node:child_process'
import type { Hosts } from '../../chaos/faults/netns.js'
import type { MeshNodeHandle } from '../../helpers/mesh.js'

/** Host i drops every packet it would send to `address`: a NAT that lets nothing in, seen from both sides. */
export function dropTo (hosts: Hosts, i: number, address: string): void {
  const nft = (...args: string[]): void => { execFileSync('ip', ['netns', 'exec', hosts.names[i], 'nft', ...args], { stdio: 'pipe', timeout: 10_000 }) }
  nft('add', 'table', 'inet', 'aioc')
  nft('add', 'chain', 'inet', 'aioc', 'out', '{ type filter hook output priority 0; }')
  nft('add', 'rule', 'inet', 'aioc', 'out', 'ip', 'daddr', address, 'drop')
}

/** Host i's drop rules are gone: the NAT opened. */
export function undrop (hosts: Hosts, i: number): void {
  execFileSync('ip', ['netns', 'exec', hosts.names[i], 'nft', 'delete', 'table', 'inet', 'aioc'], { stdio: 'pipe', timeout: 10_000 })
}

export async function status (n: MeshNodeHandle): Promise<any> {
  return await n.daemon.call('node.status')
}
