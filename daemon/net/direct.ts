// Direct before relayed: a peer reached only through a relay is dialed at its own addresses when the circuit opens
// and then every DIRECT_RETRY_MS; once a direct connection is up, the relayed ones are closed (streams reopen direct).
// No hole punching (DCUtR): a direct dial that fails costs one connect attempt and changes nothing.
import { multiaddr, type Multiaddr } from '@multiformats/multiaddr'
import type { Connection, PeerId } from '@libp2p/interface'
import { DIAL_TIMEOUT_MS } from './constants.js'
import { isRelayed } from './relay.js'
import type { MeshNode } from './node.js'

/** How often a peer reached only through a relay is tried directly: one connect attempt per such peer. */
export const DIRECT_RETRY_MS = 10_000

export class DirectPreference {
  private timer?: NodeJS.Timeout
  private readonly trying = new Set<string>()
  private readonly onOpen = (evt: CustomEvent<Connection>): void => {
    const c = evt.detail
    if (isRelayed(c)) void this.tryDirect(c.remotePeer)
    else this.closeRelayed(c.remotePeer)
  }

  constructor (private readonly node: MeshNode, private readonly debug: (msg: string, fields: Record<string, unknown>) => void) {}

  start (): void {
    this.node.addEventListener('connection:open', this.onOpen)
    this.timer = setInterval(() => { this.sweep() }, DIRECT_RETRY_MS)
    this.timer.unref()
  }

  stop (): void {
    clearInterval(this.timer)
    this.node.removeEventListener('connection:open', this.onOpen)
  }

  /** Every peer whose open connections are all relayed is tried directly. */
  private sweep (): void {
    const byPeer = new Map<string, { peer: PeerId, direct: boolean }>()
    for (const c of this.node.getConnections()) {
      const p = byPeer.get(c.remotePeer.toString()) ?? { peer: c.remotePeer, direct: false }
      p.direct ||= !isRelayed(c)
      byPeer.set(c.remotePeer.toString(), p)
    }
    for (const p of byPeer.values()) if (!p.direct) void this.tryDirect(p.peer)
  }

  private async tryDirect (peer: PeerId): Promise<void> {
    const key = peer.toString()
    if (this.trying.has(key)) return
    this.trying.add(key)
    try {
      const addrs = await this.directAddresses(peer)
      if (addrs.length === 0) return
      const c = await this.node.dial(addrs, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
      if (!isRelayed(c)) this.closeRelayed(peer)
    } catch (err) {
      this.debug('no direct connection', { peer: key, error: (err as Error).message })
    } finally {
      this.trying.delete(key)
    }
  }

  /** The peer's known addresses that are not circuits, each ending in its peer id. */
  private async directAddresses (peer: PeerId): Promise<Multiaddr[]> {
    let known: Multiaddr[]
    try {
      known = (await this.node.peerStore.get(peer)).addresses.map(a => a.multiaddr)
    } catch {
      return []
    }
    return known.filter(a => !a.toString().includes('/p2p-circuit'))
      .map(a => a.toString().includes('/p2p/') ? a : multiaddr(`${a.toString()}/p2p/${peer.toString()}`))
  }

  /** A direct connection to the peer is open: its relayed connections are closed (their streams reopen on it). */
  private closeRelayed (peer: PeerId): void {
    const open = this.node.getConnections(peer).filter(c => c.status === 'open')
    if (!open.some(c => !isRelayed(c))) return
    for (const c of open) if (isRelayed(c)) void c.close().catch(() => {})
  }
}
