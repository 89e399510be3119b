// The order a peer's addresses are tried in: one on a subnet of ours first, then public, the one that worked last,
// relayed, other private, and loopback of another host last; addresses of one rank keep the order they came in.
import { networkInterfaces } from 'node:os'
import { BlockList } from 'node:net'
import { multiaddr } from '@multiformats/multiaddr'
import { getNetConfig, isLinkLocal, isLoopback, isPrivate } from '@libp2p/utils'

export type AddressRank = 'same-subnet' | 'public' | 'worked' | 'relay' | 'private' | 'loopback'
const ORDER: AddressRank[] = ['same-subnet', 'public', 'worked', 'relay', 'private', 'loopback']

/** The subnets this host sits on, read at most this often: an interface that comes or goes (Wi-Fi, VPN) is seen soon. */
const SUBNETS_TTL_MS = 10_000

export class AddressRanking {
  /** The address each peer was last connected at (peer id → multiaddr without /p2p/<peer>). */
  private readonly worked = new Map<string, string>()
  private subnets?: { list: BlockList, atMs: number }

  /** Remembers the address a connection to `peerId` was opened at. */
  remember (peerId: string, addr: string): void {
    this.worked.set(peerId, bare(addr, peerId))
  }

  lastWorked (peerId: string): string | undefined {
    return this.worked.get(peerId)
  }

  rank (peerId: string, addr: string): AddressRank {
    if (addr.includes('/p2p-circuit')) return this.worked.get(peerId) === bare(addr, peerId) ? 'worked' : 'relay'
    let net
    try {
      net = getNetConfig(multiaddr(addr))
    } catch {
      return 'private'
    }
    if ((net.type === 'ip4' || net.type === 'ip6') && this.onOurSubnet(net.host, net.type)) return 'same-subnet'
    const ma = multiaddr(addr)
    if (isLoopback(ma)) return 'loopback'
    if (!isPrivate(ma) && !isLinkLocal(ma)) return 'public'
    return this.worked.get(peerId) === bare(addr, peerId) ? 'worked' : 'private'
  }

  /** A sort comparator over full addresses (ending in /p2p/<peer>), for libp2p's own dial queue. */
  compare (a: string, b: string): number {
    return ORDER.indexOf(this.rank(peerOf(a), a)) - ORDER.indexOf(this.rank(peerOf(b), b))
  }

  /** `addrs` in the order to try them (a stable sort: a card's own order decides within a rank). */
  order (peerId: string, addrs: string[]): string[] {
    const at = (a: string): number => ORDER.indexOf(this.rank(peerId, a))
    return addrs.map((a, i) => ({ a, r: at(a), i })).sort((x, y) => x.r - y.r || x.i - y.i).map(x => x.a)
  }

  private onOurSubnet (host: string, type: 'ip4' | 'ip6'): boolean {
    const now = Date.now()
    if (this.subnets === undefined || now - this.subnets.atMs > SUBNETS_TTL_MS) this.subnets = { list: ourSubnets(), atMs: now }
    try {
      return this.subnets.list.check(host, type === 'ip4' ? 'ipv4' : 'ipv6')
    } catch {
      return false
    }
  }
}

function ourSubnets (): BlockList {
  const list = new BlockList()
  for (const addrs of Object.values(networkInterfaces())) {
    for (const a of addrs ?? []) {
      if (a.cidr === null) continue
      const prefix = Number(a.cidr.split('/')[1])
      // a /32 (or /128) is a point-to-point or VPN address: nothing else is "on" it
      if ((a.family === 'IPv4' && prefix >= 32) || (a.family === 'IPv6' && prefix >= 128)) continue
      try {
        list.addSubnet(a.address.split('%')[0], prefix, a.family === 'IPv4' ? 'ipv4' : 'ipv6')
      } catch {}
    }
  }
  return list
}

/** The address without a trailing /p2p/<peer>, so a card's form and a connection's form compare equal. */
function bare (addr: string, peerId: string): string {
  const tail = `/p2p/${peerId}`
  return addr.endsWith(tail) ? addr.slice(0, -tail.length) : addr
}

function peerOf (addr: string): string {
  return /\/p2p\/([^/]+)$/.exec(addr)?.[1] ?? ''
}
