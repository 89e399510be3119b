// Fields against their limits: a command's input is refused with FIELD_TOO_LARGE (thrown), a peer's fact with a
// refusal naming the field and its limit. Imports only cards/, so every folder can use it.
import { MeshError, refuse, type Refusal } from '../../cards/index.js'

/** A field's name, its value (text is measured in UTF-8 bytes) and its limit in bytes. */
export type Field = [name: string, value: string | Uint8Array | undefined, max: number]

function size (v: string | Uint8Array): number {
  return typeof v === 'string' ? Buffer.byteLength(v, 'utf8') : v.byteLength
}

/** The first field over its limit, as a FIELD_TOO_LARGE refusal; undefined when every field fits. */
export function oversized (fields: Field[]): Refusal | undefined {
  for (const [name, value, max] of fields) {
    if (value === undefined) continue
    const n = size(value)
    if (n > max) return refuse('FIELD_TOO_LARGE', `${name} has ${n} bytes; the limit is ${max}`)
  }
  return undefined
}

/** Throws FIELD_TOO_LARGE for the first field over its limit, before anything is signed or stored. */
export function checkFields (fields: Field[]): void {
  const r = oversized(fields)
  if (r !== undefined) throw new MeshError(r.code, r.reason)
}
