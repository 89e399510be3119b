// What this node's cards and invites say it is reached at: its listeners' addresses without loopback (unless it
// listens only there), link-local or container/bridge ones; confirmed public and relay addresses; `announce`.
import { isIPv4, isIPv6 } from 'node:net'
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'

export type AddressKind = 'public' | 'relay' | 'private' | 'loopback' | 'link-local' | 'container' | 'other'

/** Interfaces of container runtimes, VM hosts and overlay networks: their addresses lead to no other machine. */
const CONTAINER_INTERFACE = /^(docker\d*$|br-|veth|virbr|cni|podman|lxcbr|lxdbr|flannel|cali|vxlan|weave|kube-)/

/**
 * Where an address's interface is not known (it is not on this host's interfaces): the default ranges of the
 * common bridges (Docker's docker0, Podman, flannel/kubeadm and k3s pods, libvirt's virbr0, LXC's lxcbr0).
 * Only a fallback: a LAN that happens to use one of these ranges is still seen by its interface's name.
 */
const CONTAINER_RANGES_V4: Array<[string, number]> = [
  ['172.17.0.0', 16], ['10.88.0.0', 16], ['10.244.0.0', 16], ['10.42.0.0', 16], ['192.168.122.0', 24], ['10.0.3.0', 24]
]

const PRIVATE_V4: Array<[string, number]> = [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]]

/** Rank in cards and invites: the ways that work from anywhere first, then relays, then what works nearby. */
const RANK: Record<AddressKind, number> = { public: 0, relay: 1, private: 2, loopback: 3, 'link-local': 9, container: 9, other: 9 }

function v4 (ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0)
}

function inV4 (ip: string, ranges: Array<[string, number]>): boolean {
  const n = v4(ip)
  return ranges.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4(base) / 2 ** (32 - bits)))
}

/** The first 16 bits of an IPv6 address. */
function v6Head (ip: string): number {
  const first = ip.split(':')[0]
  return first === '' ? 0 : parseInt(first, 16)
}

/** An IP address's kind by its range alone (the interface it sits on is not considered). */
export function ipKind (ip: string): AddressKind {
  const bare = ip.replace(/%.*$/, '') // a zone (fe80::1%eth0)
  if (isIPv4(bare)) {
    if (bare.startsWith('127.')) return 'loopback'
    if (bare.startsWith('169.254.')) return 'link-local'
    if (bare === '0.0.0.0' || v4(bare) >= v4('224.0.0.0')) return 'other' // unspecified, multicast, reserved
    if (inV4(bare, CONTAINER_RANGES_V4)) return 'container'
    return inV4(bare, PRIVATE_V4) ? 'private' : 'public'
  }
  if (!isIPv6(bare)) return 'other'
  const lower = bare.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped !== null) return ipKind(mapped[1])
  if (lower === '::1') return 'loopback'
  if (lower === '::') return 'other'
  const head = v6Head(lower)
  if ((head & 0xffc0) === 0xfe80) return 'link-local' // fe80::/10
  if ((head & 0xfe00) === 0xfc00) return 'private' // unique local fc00::/7
  if ((head & 0xff00) === 0xff00) return 'other' // multicast
  return 'public'
}

/** The name of the local interface holding `ip`, if any. */
export function interfaceOf (ip: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string | undefined {
  const bare = ip.replace(/%.*$/, '').toLowerCase()
  for (const [name, list] of Object.entries(interfaces)) {
    if ((list ?? []).some(i => i.address.toLowerCase() === bare)) return name
  }
  return undefined
}

/** An IP address's kind, by the name of the local interface that holds it where there is one, else by its range. */
export function hostKind (ip: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): AddressKind {
  const name = interfaceOf(ip, interfaces)
  const byRange = ipKind(ip)
  if (byRange === 'loopback' || byRange === 'link-local' || byRange === 'other') return byRange
  if (name === undefined) return byRange
  if (CONTAINER_INTERFACE.test(name)) return 'container'
  return byRange === 'container' ? 'private' : byRange // a LAN that uses a bridge's default range, seen by name
}

/** The IP address a multiaddr starts with (/ip4/… or /ip6/…), if it does. */
export function multiaddrIp (addr: string): string | undefined {
  const m = /^\/(ip4|ip6)\/([^/]+)/.exec(addr)
  return m === null ? undefined : m[2]
}

/** A multiaddr's kind: relay for a /p2p-circuit address, by its host otherwise (a DNS name counts as public). */
export function addressKind (addr: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): AddressKind {
  if (addr.includes('/p2p-circuit')) return 'relay'
  if (/^\/dns(4|6|addr)?\//.test(addr)) return 'public'
  const ip = multiaddrIp(addr)
  return ip === undefined ? 'other' : hostKind(ip, interfaces)
}

export interface AddressFacts {
  /** What the node's listeners are bound to (wildcards expanded to this host's interfaces), relay listeners included. */
  bound: string[]
  /** Public addresses a trusted peer has dialed back. */
  confirmed: string[]
  /** The config's `announce`, and whether it is all there is to say. */
  announce: string[]
  announceOnly: boolean
  /** This host's interfaces (os.networkInterfaces()). */
  interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>
}

/**
 * The addresses to state, best first: public, relay, private (loopback only on a node that listens nowhere else).
 * `announce` is added to what was found (never filtered: the owner said so), or is all of it with announceOnly.
 */
export function honestAddresses (f: AddressFacts): string[] {
  const peerSuffix = /\/p2p\/[^/]+$/
  if (f.announceOnly) return [...new Set(f.announce)]
  const interfaces = f.interfaces ?? networkInterfaces()
  const found = [...f.bound.map(a => a.includes('/p2p-circuit') ? a : a.replace(peerSuffix, '')), ...f.confirmed]
  const kinds = new Map<string, AddressKind>()
  for (const a of found) kinds.set(a, addressKind(a, interfaces))
  const direct = [...kinds.entries()].filter(([a, k]) => !a.includes('/p2p-circuit') && k !== 'other')
  const loopbackOnly = direct.length > 0 && direct.every(([, k]) => k === 'loopback')
  const kept = [...kinds.entries()].filter(([, k]) => k === 'public' || k === 'relay' || k === 'private' || (k === 'loopback' && loopbackOnly))
  for (const a of f.announce) if (!kinds.has(a)) kept.push([a, addressKind(a, interfaces) === 'relay' ? 'relay' : rankAnnounced(addressKind(a, interfaces))])
  return kept.sort((x, y) => RANK[x[1]] - RANK[y[1]]).map(([a]) => a).filter((a, i, all) => all.indexOf(a) === i)
}

/** An announced address keeps its place by its kind, and one of a kind that is never stated ranks with the private. */
function rankAnnounced (k: AddressKind): AddressKind {
  return k === 'public' || k === 'private' || k === 'loopback' ? k : 'private'
}

/** Listen addresses with a wildcard host (0.0.0.0, ::) expanded to every address of that family on this host. */
export function expandListen (listen: string[], interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const out: string[] = []
  for (const a of listen) {
    const wildcard = /^\/(ip4\/0\.0\.0\.0|ip6\/::)(\/.*)?$/.exec(a)
    if (wildcard === null) {
      out.push(a)
      continue
    }
    const family = wildcard[1].startsWith('ip4') ? 'IPv4' : 'IPv6'
    for (const list of Object.values(interfaces)) {
      for (const i of list ?? []) if (i.family === family) out.push(`/${family === 'IPv4' ? 'ip4' : 'ip6'}/${i.address}${wildcard[2] ?? ''}`)
    }
  }
  return out
}
