// Which nodes read timed message ids (receipts/header.ts): those whose identify lists DELIVER_PROTOCOL_2, or that chose
// it for this node's last deliver stream to them (a connection identified before the peer's daemon had registered
// its protocols lists none). A node not heard from since this daemon started, or that said otherwise last, gets ids
// of the first form, which every version reads.
import type { IdentifyResult } from '@libp2p/interface'
import { DELIVER_PROTOCOL_2, type MeshNode } from '../net/index.js'

export class TimedIdReaders {
  private readonly readers = new Set<string>()
  private readonly onIdentify = (evt: CustomEvent<IdentifyResult>): void => {
    const peer = evt.detail.peerId.toString()
    if (evt.detail.protocols.includes(DELIVER_PROTOCOL_2)) this.readers.add(peer)
    else this.readers.delete(peer)
  }

  constructor (private readonly node: MeshNode) {}

  start (): void {
    this.node.addEventListener('peer:identify', this.onIdentify)
  }

  stop (): void {
    this.node.removeEventListener('peer:identify', this.onIdentify)
  }

  /** The protocol a peer chose for a deliver stream this node opened. */
  negotiated (peerId: string, protocol: string | undefined): void {
    if (protocol === DELIVER_PROTOCOL_2) this.readers.add(peerId)
    else this.readers.delete(peerId)
  }

  /** Whether the node said, the last time it said either way, that it reads timed ids. */
  reads (peerId: string): boolean {
    return this.readers.has(peerId)
  }
}
