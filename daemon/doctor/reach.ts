// The doctor's reach check: how other networks reach this node (directly at a public address, through a member
// relay, or not at all: LAN or this host only), and what to do when that leaves a peer of the mesh out.
import { networkInterfaces } from 'node:os'
import { addressKind } from '../addresses/index.js'
import { fail, pass, warn, type DoctorCheck } from './types.js'

export interface ReachFacts {
  /** The addresses this node's cards state now (honest addresses: no loopback unless loopback-only, no bridges). */
  addresses: string[]
  /** Public addresses a trusted peer dialed back and found this node at. */
  confirmedPublic: string[]
  /** This node serves as a relay and mailbox for the mesh's members. */
  relayServing: boolean
}

interface PeerFacts { peerId: string, connected: boolean, handles: string[] }

const RELAY_FIX = 'run a relay on an always-on machine with a public address (aios-comm init --relay there, then restart its daemon); ' +
  'this node then holds a reservation on it by itself and its cards name it'

export function reachCheck (f: ReachFacts, peers: PeerFacts[]): DoctorCheck {
  const name = 'reach'
  const interfaces = networkInterfaces()
  const kinds = f.addresses.map(a => ({ a, k: addressKind(a, interfaces) }))
  const publicAddrs = kinds.filter(x => x.k === 'public').map(x => x.a)
  const relays = [...new Set(kinds.filter(x => x.k === 'relay').map(x => relayOf(x.a)).filter((r): r is string => r !== undefined))]
  const serving = f.relayServing ? '; serves as a relay and mailbox for the mesh\'s members' : ''
  const ways: string[] = []
  if (publicAddrs.length > 0) {
    const confirmed = publicAddrs.filter(a => f.confirmedPublic.includes(a))
    ways.push(`direct public at ${publicAddrs.join(' ')}${confirmed.length > 0 ? ` (confirmed by a peer's dial-back: ${confirmed.join(' ')})` : ''}`)
  }
  if (relays.length > 0) ways.push(`relay via ${relays.map(r => nameOf(r, peers)).join(', ')}`)
  if (ways.length > 0) return pass(name, `${ways.join('; ')}${serving}`)

  const unreached = peers.filter(p => !p.connected).map(p => p.handles.join(',') || p.peerId.slice(-8))
  const missing = unreached.length > 0 ? `; not connected: ${unreached.join(' ')}` : ''
  if (kinds.some(x => x.k === 'private')) {
    const detail = `LAN only at ${kinds.filter(x => x.k === 'private').map(x => x.a).join(' ')}: machines in other networks cannot reach this node${missing}`
    return unreached.length > 0 ? fail(name, detail, RELAY_FIX) : warn(name, detail, RELAY_FIX)
  }
  const detail = kinds.length === 0 ? 'this node states no address at all' : `this host only (${f.addresses.join(' ')})${missing}`
  const fix = 'listen on a network address (aios-comm init --listen /ip4/0.0.0.0/tcp/7733) and restart the daemon'
  return unreached.length > 0 || kinds.length === 0 ? fail(name, detail, fix) : warn(name, detail, fix)
}

/** The relay's peer id in a circuit address (…/p2p/RELAY/p2p-circuit). */
function relayOf (addr: string): string | undefined {
  return /\/p2p\/([^/]+)\/p2p-circuit/.exec(addr)?.[1]
}

function nameOf (peerId: string, peers: PeerFacts[]): string {
  const handles = peers.find(p => p.peerId === peerId)?.handles ?? []
  return handles.length > 0 ? `${handles.join(',')} (${peerId.slice(-8)})` : peerId
}
