// Invitation tokens: a token whose peer id or addresses do not parse is INVITE_MALFORMED at once, not an untyped
// error later when the joiner dials.
import { describe, expect, it } from 'vitest'
import { b64url, keyPairFromSeed, keyText } from '../../../cards/index.js'
import { encodeToken, parseToken } from '../../../daemon/join/token.js'

const doc = {
  mesh: keyText(keyPairFromSeed(new Uint8Array(32).fill(1)).publicKey),
  peer: '12D3KooWDN7K2vo9rDBdpWGjDwMsQJaWvSqJxKZKg5ywyS42P8aq',
  addrs: ['/ip4/127.0.0.1/tcp/4001'],
  secret: b64url(new Uint8Array(32).fill(7)),
  exp: Date.now() + 60_000
}
const token = (d: object): string => 'aioscomm1.' + b64url(new TextEncoder().encode(JSON.stringify(d)))
const code = (text: string): string | undefined => {
  try {
    parseToken(text)
    return undefined
  } catch (err) {
    return (err as { code: string }).code
  }
}

describe('invitation tokens', () => {
  it('parse when every field is right', () => {
    expect(parseToken(encodeToken({ ...doc, secret: new Uint8Array(32).fill(7) })).peer).toBe(doc.peer)
  })

  it('are INVITE_MALFORMED with a peer id or an address that does not parse', () => {
    expect(code(token({ ...doc, peer: 'x' }))).toBe('INVITE_MALFORMED')
    expect(code(token({ ...doc, peer: '' }))).toBe('INVITE_MALFORMED')
    expect(code(token({ ...doc, addrs: ['not a multiaddr'] }))).toBe('INVITE_MALFORMED')
    expect(code(token({ ...doc, addrs: Array(33).fill('/ip4/127.0.0.1/tcp/1') }))).toBe('INVITE_MALFORMED')
  })

  it('are INVITE_EXPIRED past their time', () => {
    expect(code(token({ ...doc, exp: 1 }))).toBe('INVITE_EXPIRED')
  })
})
