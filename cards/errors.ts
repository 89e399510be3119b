// Typed errors with stable codes: the CLI maps a code to one line and an exit status; nothing matches error text.

export class MeshError extends Error {
  readonly code: string

  constructor (code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.name = 'MeshError'
  }
}

/** A refusal that carries a stable code and a one-line reason, as returned by every verifier. */
export interface Refusal {
  ok: false
  code: string
  reason: string
}

export function refuse (code: string, reason: string): Refusal {
  return { ok: false, code, reason }
}

/** Turns a refusal into an error for callers that must stop. */
export function refusalError (r: Refusal): MeshError {
  return new MeshError(r.code, r.reason)
}
