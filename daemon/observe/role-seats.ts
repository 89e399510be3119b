// `where role:NAME`: the seats that hold a role now (valid cards stating it) and whether each can be reached.
import { isValidRole, roleInvalid } from '../../cards/index.js'
import type { Core, NodeView } from '../core.js'
import type { WakeService } from '../wake/index.js'
import { liveness } from './seat-health.js'

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
  const live = await liveness(core, node, wake, holders)
  const seats = holders.map((c, i): RoleSeat => ({ handle: c.handle, peerId: c.peerId, local: c.local, seq: c.seq, carrier: c.carrier, ...live[i] }))
  return { role, seats }
}
