// Invitation tokens: "aioscomm1." + base64url(JSON { mesh, peer, addrs, secret, exp }). Not signed: the token
// travels out of band from the owner, and Noise proves the peer id it names when the joiner connects.
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { MeshError, b64url, fromB64url, parseKeyText } from '../../cards/index.js'

const PREFIX = 'aioscomm1.'
export const JOIN_PROTOCOL = '/aios-comm/join/1'
export const DEFAULT_INVITE_TTL_MS = 24 * 3_600_000
const MAX_TOKEN_ADDRS = 32 // the inviter's listen addresses; a longer list is not a token we made

export interface InviteToken {
  mesh: string
  peer: string
  addrs: string[]
  secret: Uint8Array
  exp: number
}

export function encodeToken (t: InviteToken): string {
  return PREFIX + b64url(new TextEncoder().encode(JSON.stringify({ mesh: t.mesh, peer: t.peer, addrs: t.addrs, secret: b64url(t.secret), exp: t.exp })))
}

export function parseToken (text: string, nowMs = Date.now()): InviteToken {
  const bad = (why: string): MeshError => new MeshError('INVITE_MALFORMED', `not an aios-comm invitation: ${why}`)
  if (typeof text !== 'string' || !text.startsWith(PREFIX)) throw bad(`it must start with ${PREFIX}`)
  const raw = fromB64url(text.slice(PREFIX.length).trim())
  if (raw === undefined) throw bad('the body is not base64url')
  let doc: any
  try {
    doc = JSON.parse(Buffer.from(raw).toString('utf8'))
  } catch {
    throw bad('the body is not JSON')
  }
  const secret = typeof doc?.secret === 'string' ? fromB64url(doc.secret) : undefined
  if (parseKeyText(doc?.mesh) === undefined || typeof doc.peer !== 'string' || !Array.isArray(doc.addrs) ||
    doc.addrs.some((a: unknown) => typeof a !== 'string') || secret?.byteLength !== 32 || !Number.isSafeInteger(doc.exp)) {
    throw bad('a field is missing or mistyped')
  }
  if (doc.addrs.length > MAX_TOKEN_ADDRS || !parses(() => peerIdFromString(doc.peer)) || !doc.addrs.every((a: string) => parses(() => multiaddr(a)))) {
    throw bad('the peer id or an address does not parse')
  }
  if (doc.exp <= nowMs) throw new MeshError('INVITE_EXPIRED', `the invitation expired at ${new Date(doc.exp).toISOString()}; ask for a new one (aios-comm invite)`)
  return { mesh: doc.mesh, peer: doc.peer, addrs: doc.addrs, secret, exp: doc.exp }
}

function parses (fn: () => unknown): boolean {
  try {
    fn()
    return true
  } catch {
    return false
  }
}
