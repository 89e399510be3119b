// What an MCP tool runs with: the daemon as the server's seat, and the request's cancellation.
import type { Method, ParamsOf, ResultOf } from '../../daemon/control/methods.js'
import type { CallOptions } from '../control-client.js'

/** What a tool runs with: the daemon as this server's seat, and the request's cancellation. */
export interface ToolContext {
  home: string
  /** The seat named with --as (undefined: the token's seat, or the node's only seat). */
  as?: string
  access?: CallOptions
  signal: AbortSignal
  call: <M extends Method>(method: M, params: ParamsOf<M>) => Promise<ResultOf<M>>
}
