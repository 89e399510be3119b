// The control API's wire shape (newline-delimited JSON on a unix socket), shared by the daemon and the CLI.
import type { ErrorCode } from '../../cards/index.js'

export const MAX_REQUEST_BYTES = 4 << 20 // a notify body is at most 512 KiB; base64 and JSON framing fit in this

export interface ControlRequest {
  id: number
  method: string
  params?: Record<string, unknown>
  /** An isolated seat's token: a credential, so it travels beside the params, never inside them. */
  seatToken?: string
}

export type ControlResponse =
  | { id: number, result: unknown }
  | { id: number, error: { code: ErrorCode, message: string } }

/** A streaming request (e.g. `watch`) answers once with a result, then sends events with the same id until either side closes. */
export interface ControlEvent { id: number, event: unknown }

export const SLOW_READER_CODE = 'WATCH_TOO_SLOW' // the final line to a subscriber that fell too far behind
