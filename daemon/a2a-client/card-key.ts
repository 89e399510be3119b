// The keys an agent card's signatures name (a jwk in the protected header, or a jku on the card's own origin) and
// a key's name: its RFC 7638 SHA-256 thumbprint, the value pinned per agent URL.
import { b64url, fromB64url, sha256, utf8 } from '../../cards/index.js'

/** A public JWK: only the members that name the key (a private `d`, if a careless card carries one, is dropped). */
export interface PublicJwk { kty: string, crv?: string, x?: string, y?: string, n?: string, e?: string }

/** The members RFC 7638 hashes, per key type. */
const REQUIRED: Record<string, ReadonlyArray<keyof PublicJwk>> = {
  EC: ['crv', 'kty', 'x', 'y'],
  OKP: ['crv', 'kty', 'x'],
  RSA: ['e', 'kty', 'n']
}

/** The key's public members, or undefined when it is no public key of a type we know. */
export function publicJwk (value: unknown): PublicJwk | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const v = value as Record<string, unknown>
  const members = typeof v.kty === 'string' ? REQUIRED[v.kty] : undefined
  if (members === undefined || members.some(m => typeof v[m] !== 'string' || v[m] === '')) return undefined
  const out: Record<string, string> = {}
  for (const m of members) out[m] = v[m] as string
  return out as unknown as PublicJwk
}

/** RFC 7638: SHA-256 over the required members in lexical order, without whitespace; base64url. */
export function thumbprint (jwk: PublicJwk): string {
  const members = REQUIRED[jwk.kty]
  const json = `{${members.map(m => `${JSON.stringify(m)}:${JSON.stringify(jwk[m])}`).join(',')}}`
  return b64url(sha256(utf8(json)))
}

export interface SignatureKeyRef { kid?: string, jwk?: PublicJwk, jku?: string }

/** What each signature's protected header says about its key; a header that does not decode names nothing. */
export function signatureKeys (signatures: unknown): SignatureKeyRef[] {
  if (!Array.isArray(signatures)) return []
  const refs: SignatureKeyRef[] = []
  for (const s of signatures) {
    const prot = (s as { protected?: unknown } | null)?.protected
    if (typeof prot !== 'string') continue
    let header: Record<string, unknown>
    try {
      const bytes = fromB64url(prot)
      if (bytes === undefined) continue
      header = JSON.parse(Buffer.from(bytes).toString('utf8'))
    } catch {
      continue
    }
    if (typeof header !== 'object' || header === null) continue
    refs.push({
      kid: typeof header.kid === 'string' ? header.kid : undefined,
      jwk: publicJwk(header.jwk),
      jku: typeof header.jku === 'string' ? header.jku : undefined
    })
  }
  return refs
}

/** The key with this kid in a JWK Set (or its only key when the kid names none). */
export function keyInSet (set: unknown, kid: string | undefined): PublicJwk | undefined {
  const keys = (set as { keys?: unknown } | null)?.keys
  if (!Array.isArray(keys)) return undefined
  const match = keys.find(k => kid !== undefined && (k as { kid?: unknown } | null)?.kid === kid) ?? (keys.length === 1 ? keys[0] : undefined)
  return publicJwk(match)
}
