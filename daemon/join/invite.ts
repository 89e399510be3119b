// `invite`: a one-time invitation from the mesh owner's node (its mesh key, addresses and a secret).
import { randomBytes } from 'node:crypto'
import { keyText, sha256 } from '../../cards/index.js'
import type { HomeContext } from '../home/context.js'
import { configuredAddresses } from '../setup/cards.js'
import { DEFAULT_INVITE_TTL_MS, encodeToken } from './token.js'

export async function createInvite (ctx: HomeContext, ttlMs = DEFAULT_INVITE_TTL_MS): Promise<{ token: string, expiresAt: string, peerId: string, addrs: string[], meshKey: string }> {
  const owner = ctx.requireMeshOwnerKey()
  const secret = new Uint8Array(randomBytes(32))
  const now = Date.now()
  const exp = now + ttlMs
  ctx.store.invites.add(sha256(secret), now, exp)
  const peer = await ctx.peerId()
  const addrs = ctx.liveAddresses?.() ?? configuredAddresses(ctx)
  const meshKey = keyText(owner.publicKey)
  return { token: encodeToken({ mesh: meshKey, peer, addrs, secret, exp }), expiresAt: new Date(exp).toISOString(), peerId: peer, addrs, meshKey }
}
