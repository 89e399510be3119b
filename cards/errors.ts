// Typed errors with stable codes: the CLI maps a code to one line and an exit status; nothing matches error text.
import { isErrorCode, type ErrorCode } from './codes.js'

export class MeshError extends Error {
  readonly code: ErrorCode

  constructor (code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.name = 'MeshError'
  }
}

/** A refusal that carries a stable code and a one-line reason, as returned by every verifier. */
export interface Refusal<C extends ErrorCode = ErrorCode> {
  ok: false
  code: C
  reason: string
}

export function refuse<C extends ErrorCode> (code: C, reason: string): Refusal<C> {
  return { ok: false, code, reason }
}

/** Turns a refusal into an error for callers that must stop. */
export function refusalError (r: Refusal): MeshError {
  return new MeshError(r.code, r.reason)
}

/**
 * An error whose code was read off the wire (a peer's answer, the daemon's reply): a code of the set is kept; any
 * other (from a node of another version) becomes `fallback`, and the message keeps what was sent.
 */
export function wireError (code: unknown, message: string, fallback: ErrorCode): MeshError {
  return isErrorCode(code) ? new MeshError(code, message) : new MeshError(fallback, `${String(code)}: ${message}`)
}
