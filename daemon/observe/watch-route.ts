// The control API's `watch` subscription: the bus's events, optionally only some types, as they happen.
import { MeshError } from '../../cards/index.js'
import { optStrList } from '../control/params.js'
import type { StreamRoute } from '../control/server.js'
import type { ObserveBus } from './bus.js'

const TYPES = new Set(['sent', 'delivered', 'receipt', 'wake', 'peer', 'refused', 'directory'])

export function watchRoute (bus: ObserveBus): StreamRoute {
  return (params, send) => {
    const types = optStrList(params, 'types')
    const unknown = types?.find(t => !TYPES.has(t))
    if (unknown !== undefined) throw new MeshError('BAD_REQUEST', `no event type ${unknown}; types are ${[...TYPES].join(', ')}`)
    const wanted = types === undefined || types.length === 0 ? undefined : new Set(types)
    return bus.subscribe(e => { if (wanted === undefined || wanted.has(e.type)) send(e) })
  }
}
