// Control API routes for wakes and the doctor: `wakes` (recent attempts, optionally one seat's) and `doctor`
// (the checks only the daemon can answer, in its own environment).
import type { Core } from '../core.js'
import { optInt, optStr } from './params.js'
import type { RouteTable } from './methods.js'
import { recentWakes, type WakeService } from '../wake/index.js'
import type { DoctorNodeView } from '../doctor/index.js'

export const MAX_WAKES_LISTED = 500

export function carrierRoutes (core: Core, wake: WakeService, view: DoctorNodeView): Pick<RouteTable, 'wakes' | 'doctor'> {
  return {
    wakes: p => recentWakes(core, optStr(p, 'handle'), Math.min(optInt(p, 'limit', 1) ?? 20, MAX_WAKES_LISTED)),
    // the checks load on the first doctor call: a daemon that is never asked does not carry them
    doctor: async () => await (await import('../doctor/index.js')).daemonDoctor(core, view, wake)
  }
}
