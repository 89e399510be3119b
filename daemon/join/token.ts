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
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(raw).toString('utf8'))
  } catch {
    throw bad('the body is not JSON')
  }
  const doc = (parsed ?? {}) as Partial<Record<'mesh' | 'peer' | 'addrs' | 'secret' | 'exp', unknown>> // each field is checked below
  const { mesh, peer, addrs, exp } = doc
  const secret = typeof doc.secret === 'string' ? fromB64url(doc.secret) : undefined
  if (typeof mesh !== 'string' || parseKeyText(mesh) === undefined || typeof peer !== 'string' || !Array.isArray(addrs) ||
    addrs.some((a: unknown) => typeof a !== 'string') || secret?.byteLength !== 32 || typeof exp !== 'number' || !Number.isSafeInteger(exp)) {
    throw bad('a field is missing or mistyped')
  }
  const addrList = addrs as string[] // every one is a string: checked above
  if (addrList.length > MAX_TOKEN_ADDRS || !parses(() => peerIdFromString(peer)) || !addrList.every(a => parses(() => multiaddr(a)))) {
    throw bad('the peer id or an address does not parse')
  }
  if (exp <= nowMs) throw new MeshError('INVITE_EXPIRED', `the invitation expired at ${new Date(exp).toISOString()}; ask for a new one (aios-comm invite)`)
  return { mesh, peer, addrs: addrList, secret, exp }
}

function parses (fn: () => unknown): boolean {
  try {
    fn()
    return true
  } catch {
    return false
  }
}
