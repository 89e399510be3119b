// Whether seats can be reached now: a local seat as `status` reports it, a remote one while its node is connected.
import type { Core, NodeView } from '../core.js'
import type { Current } from '../directory/index.js'
import { seatHealth, type WakeService } from '../wake/index.js'

export interface Liveness {
  /** Local: the card lets it act and its carrier contract holds. Remote: its node is connected now. */
  healthy: boolean
  /** Why a local seat is not healthy, as `status` says it. */
  problem?: string
}

export async function liveness (core: Core, node: NodeView, wake: WakeService, cards: readonly Current[]): Promise<Liveness[]> {
  const connected = new Set(cards.some(c => !c.local) ? node.peers().filter(p => p.connected).map(p => p.peerId) : [])
  return await Promise.all(cards.map(async (c): Promise<Liveness> => {
    if (!c.local) return { healthy: connected.has(c.peerId) }
    const h = await seatHealth(core, wake, c.handle)
    return { healthy: h?.healthy === true, ...(h?.problem !== undefined ? { problem: h.problem } : {}) }
  }))
}
