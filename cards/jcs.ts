// RFC 8785 JSON Canonicalization Scheme through the `canonicalize` package (a CommonJS module).
import canonicalizeModule from 'canonicalize'

type Serialize = (input: unknown) => string | undefined
const serialize: Serialize = typeof canonicalizeModule === 'function'
  ? canonicalizeModule as Serialize
  : (canonicalizeModule as unknown as { default: Serialize }).default

/** The canonical JSON text of a value; throws on values JSON cannot hold (programmer error). */
export function jcs (value: unknown): string {
  const text = serialize(value)
  if (text === undefined) throw new TypeError('value has no JSON form')
  return text
}
