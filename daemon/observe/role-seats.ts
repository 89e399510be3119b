// `where role:NAME`: the seats that hold a role now (valid cards stating it) and whether each can be reached.
import { isValidRole, roleInvalid } from '../../cards/index.js'
import type { Core, NodeView } from '../core.js'
import { seatHealth, type WakeService } from '../wake/index.js'

export interface RoleSeat {
  handle: string
  peerId: string
  local: boolean
  /** Local: what `status` reports (card lets it act, carrier contract holds). Remote: its node is connected now. */
  healthy: boolean
  seq: number
  carrier: string
  /** Why a local seat is not healthy, as `status` says it. */
  problem?: string
}

export interface RoleReport {
  role: string
  seats: RoleSeat[]
}

export async function roleSeats (core: Core, node: NodeView, wake: WakeService, role: string): Promise<RoleReport> {
  if (!isValidRole(role)) throw roleInvalid(role)
  const holders = core.directory.withRole(role)
  const connected = new Set(holders.some(c => !c.local) ? node.peers().filter(p => p.connected).map(p => p.peerId) : [])
  const seats = await Promise.all(holders.map(async (c): Promise<RoleSeat> => {
    const seat = { handle: c.handle, peerId: c.peerId, local: c.local, seq: c.seq, carrier: c.carrier }
    if (!c.local) return { ...seat, healthy: connected.has(c.peerId) }
    const h = await seatHealth(core, wake, c.handle)
    return { ...seat, healthy: h?.healthy === true, ...(h?.problem !== undefined ? { problem: h.problem } : {}) }
  }))
  return { role, seats }
}
