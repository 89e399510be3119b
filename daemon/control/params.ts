// Validation of control API parameters: a wrong type is a BAD_REQUEST naming the field, never a crash.
import { MeshError } from '../../cards/index.js'

export type Params = Record<string, unknown>

function bad (field: string, what: string): MeshError {
  return new MeshError('BAD_REQUEST', `parameter ${field} must be ${what}`)
}

export function str (p: Params, field: string): string {
  const v = p[field]
  if (typeof v !== 'string' || v === '') throw bad(field, 'a non-empty string')
  return v
}

export function optStr (p: Params, field: string): string | undefined {
  const v = p[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw bad(field, 'a string')
  return v
}

export function optBool (p: Params, field: string): boolean {
  const v = p[field]
  if (v === undefined || v === null) return false
  if (typeof v !== 'boolean') throw bad(field, 'true or false')
  return v
}

export function optInt (p: Params, field: string, min = 0): number | undefined {
  const v = p[field]
  if (v === undefined || v === null) return undefined
  if (!Number.isSafeInteger(v) || (v as number) < min) throw bad(field, `an integer ≥ ${min}`)
  return v as number
}

export function optStrList (p: Params, field: string): string[] | undefined {
  const v = p[field]
  if (v === undefined || v === null) return undefined
  if (!Array.isArray(v) || v.some(x => typeof x !== 'string')) throw bad(field, 'a list of strings')
  return v as string[]
}

export function bytesB64 (p: Params, field: string): Uint8Array {
  const v = p[field]
  if (typeof v !== 'string') throw bad(field, 'base64 text')
  return new Uint8Array(Buffer.from(v, 'base64'))
}
