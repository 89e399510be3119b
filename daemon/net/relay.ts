// Relays from members: every node dials and listens through circuit relays of its mesh; a node with relay on serves
// reservations to members only, relays without the default data and time cut, and lets a stranger through only to a
// member (whose own gater then decides, e.g. while its invitation is open).
import { circuitRelayServer, circuitRelayTransport } from '@libp2p/circuit-relay-v2'
import type { Connection, PeerId, Transport } from '@libp2p/interface'
import type { TrustGate } from './trust-gate.js'

/** Reservations a node keeps: a second relay keeps the node reachable while one restarts or is gone. */
export const RELAY_RESERVATIONS = 2
/** The listen entry that asks the relay transport for one reservation on a relay it finds among connected members. */
export const RELAY_SEARCH = '/p2p-circuit'
/** Reservations a relay serves at once: one per member node; a mesh of a few hundred nodes fits (the default, 15, does not). */
export const MAX_RESERVATIONS_SERVED = 512
/**
 * Strangers (peers hosting no trusted actor) a relay lets connect at once, each only to open a circuit to a member:
 * a join from behind NAT needs one for a few seconds; the daemon drops an untrusted connection after its grace anyway.
 */
export const MAX_RELAY_STRANGERS = 16

export interface RelayRules {
  /** Does this peer host a trusted actor now? */
  isTrustedPeer: (peerId: string) => boolean
  /** Peers this node itself lets in although untrusted (while its invitation is open, or a join is under way). */
  admitUntrusted?: (peerId: string) => boolean
  /** Does this node serve as a relay? */
  serving: boolean
  /** The node's open connections (to count strangers). */
  connections: () => Connection[]
}

/**
 * "absent = on when a public address is confirmed": the config's `relay` when set, else on only for a node that
 * another node confirmed reachable at a public address.
 */
export function relayWanted (configured: boolean | undefined, confirmedPublic: boolean): boolean {
  return configured ?? confirmedPublic
}

/**
 * The relay transport seen through the trust gate: it hears of relays only among members (the HOP topology and the
 * peer store show only trusted peers) and accepts STOP (an incoming circuit) only from a member relay. Its search
 * never walks the DHT for strangers: relays are found among the members the node connects to anyway.
 */
export function relayTransport (gate: TrustGate): (components: any) => Transport {
  const factory = circuitRelayTransport({ reservationCompletionTimeout: 5000 })
  // boundary: libp2p's component bag, typed by the transport it is given to
  return (components: any) => factory(withIdleWalk(gate.view(components)))
}

/** The relay server: reservations only for members (the gater), no default limit on a relayed connection. */
export function relayServer (): ReturnType<typeof circuitRelayServer> {
  return circuitRelayServer({ reservations: { applyDefaultLimit: false, maxReservations: MAX_RESERVATIONS_SERVED } })
}

/** The connection gater's relay rules (see RelayRules). */
export function relayGater (r: RelayRules): {
  denyInboundRelayReservation: (source: PeerId) => boolean
  denyOutboundRelayedConnection: (source: PeerId, destination: PeerId) => boolean
  denyInboundRelayedConnection: (relay: PeerId, remotePeer: PeerId) => boolean
  strangerForRelay: (peerId: string) => boolean
} {
  return {
    // a reservation makes this node a member's address: members only
    denyInboundRelayReservation: source => !r.isTrustedPeer(source.toString()),
    // the relay opens a circuit only to a member; a stranger may ask for one (a join from behind NAT): the member's
    // own gater decides whether it lets the stranger in
    denyOutboundRelayedConnection: (_source, destination) => !r.isTrustedPeer(destination.toString()),
    // an incoming circuit comes through a member relay, from a member or a peer this node lets in itself
    denyInboundRelayedConnection: (relay, remotePeer) => !r.isTrustedPeer(relay.toString()) ||
      (!r.isTrustedPeer(remotePeer.toString()) && r.admitUntrusted?.(remotePeer.toString()) !== true),
    // an untrusted peer may connect to a relay to open a circuit, while fewer than MAX_RELAY_STRANGERS do
    strangerForRelay: peerId => r.serving &&
      new Set(r.connections().map(c => c.remotePeer.toString()).filter(p => p !== peerId && !r.isTrustedPeer(p))).size < MAX_RELAY_STRANGERS
  }
}

/** Components whose random walk finds nothing (and costs nothing) until its caller stops waiting. */
function withIdleWalk<C extends object> (components: C): C {
  const randomWalk = {
    async * walk (options?: { signal?: AbortSignal }): AsyncGenerator<never> {
      const signal = options?.signal
      if (signal === undefined || signal.aborted) return
      await new Promise(resolve => signal.addEventListener('abort', resolve, { once: true }))
    }
  }
  return new Proxy(components, { get: (t, prop) => prop === 'randomWalk' ? randomWalk : Reflect.get(t, prop) })
}

/** Is this connection a circuit through a relay? */
export function isRelayed (c: Connection): boolean {
  return c.remoteAddr.toString().includes('/p2p-circuit')
}
