// Validation of control API parameters: a wrong type is a BAD_REQUEST naming the field, never a crash.
import { MeshError } from '../../cards/index.js'

export type Params = Record<string, unknown>

/** The field's raw value: a route reads only the fields its method declares. */
const raw = <P extends object>(p: P, name: keyof P & string): unknown => (p as Params)[name]

function bad (name: string, what: string): MeshError {
  return new MeshError('BAD_REQUEST', `parameter ${name} must be ${what}`)
}

export function str<P extends object> (p: P, name: keyof P & string): string {
  const v = raw(p, name)
  if (typeof v !== 'string' || v === '') throw bad(name, 'a non-empty string')
  return v
}

export function optStr<P extends object> (p: P, name: keyof P & string): string | undefined {
  const v = raw(p, name)
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw bad(name, 'a string')
  return v
}

export function optBool<P extends object> (p: P, name: keyof P & string): boolean {
  const v = raw(p, name)
  if (v === undefined || v === null) return false
  if (typeof v !== 'boolean') throw bad(name, 'true or false')
  return v
}

export function optInt<P extends object> (p: P, name: keyof P & string, min = 0): number | undefined {
  const v = raw(p, name)
  if (v === undefined || v === null) return undefined
  if (!Number.isSafeInteger(v) || (v as number) < min) throw bad(name, `an integer ≥ ${min}`)
  return v as number
}

export function optStrList<P extends object> (p: P, name: keyof P & string): string[] | undefined {
  const v = raw(p, name)
  if (v === undefined || v === null) return undefined
  if (!Array.isArray(v) || v.some(x => typeof x !== 'string')) throw bad(name, 'a list of strings')
  return v as string[]
}

// Bytes made from text come as a Buffer: one of a few KB is cut from Node's shared pool, where an array of its own
// would get a zeroed backing store outside V8's heap (several µs each here, for every message a notify sends).
export function bytesB64<P extends object> (p: P, name: keyof P & string): Uint8Array {
  const v = raw(p, name)
  if (typeof v !== 'string') throw bad(name, 'base64 text')
  return Buffer.from(v, 'base64')
}

/**
 * A message body taken out of the params: `text` (UTF-8) or else `body` (base64), as bytes; both fields are emptied
 * (set to undefined: a `delete` would turn the params into a dictionary, several times their size). Whatever still
 * holds the params while a call waits does not hold the text, which every garbage collection meanwhile would copy.
 */
export function takeBody<P extends object> (p: P, text: keyof P & string, body: keyof P & string): Uint8Array {
  const t = optStr(p, text)
  const bytes = t !== undefined ? Buffer.from(t, 'utf8') : bytesB64(p, body)
  const params = p as Params
  params[text] = undefined
  params[body] = undefined
  return bytes
}
